/// Builds a store's dispatch chain: runs each factory once, in array order, then reverses the
/// stages and reduces them over `end`, the final dispatch, so that the first middleware is the
/// outermost.
///
/// Why generic over the action and result types, and not specialised: the middleware array
/// stores its closures at the most general abstraction, where a `Dispatch` returns its `Void`
/// indirectly. Specialised for `any Action` and `Void`, this function would convert each `next` on
/// its way into a stage and each stage's result on its way out, wrapping both in reabstraction
/// thunks that then run on every dispatch (10 pass-through middleware: 1,051 instead of 856
/// instructions per dispatch). Unspecialised, a `Dispatch` keeps the general form from stage to
/// stage, and so do the chain's ends: the final dispatch is a closure literal made in that form,
/// and the head is returned in a ``ChainHead``, which the store calls as it is. The function is neither inlinable
/// nor called with concrete types inside the module, so nothing specialises it; it used to carry
/// `@_semantics("optimize.sil.specialize.generic.never")` as well, which Swift 6.3.1 no longer needs
/// (measured without it: 500, 869 and 541 instructions for 1 and 10 pass-through middleware and the
/// thunk stage, the same as with it). `.ci/perf-guard` fails if a compiler change undoes this.
///
/// - Parameters:
///   - middleware: The store's middleware.
///   - dispatch: The `dispatch` each factory receives.
///   - getState: The `getState` each factory receives.
///   - end: Makes the final dispatch, which runs the reducer — after the factories ran, so that it
///     can hold what they asked for (``Effects/observeReductions(_:)``).
/// - Returns: The outermost middleware's dispatch.
@usableFromInline
@MainActor
@inline(never)
func buildChain<A, R, State>(
    _ middleware:
        [@MainActor (
            _ dispatch: @escaping @MainActor (A) -> R,
            _ getState: @escaping @MainActor () -> State
        ) -> (_ next: @escaping @MainActor (A) -> R) -> @MainActor (A) -> R],
    dispatch: @escaping @MainActor (A) -> R,
    getState: @escaping @MainActor () -> State,
    end makeFinalDispatch: () -> @MainActor (A) -> R
) -> ChainHead<A, R> {
    let stages = middleware.map { factory in factory(dispatch, getState) }
    return ChainHead(stages.reversed().reduce(makeFinalDispatch()) { next, stage in stage(next) })
}

/// The outermost middleware's dispatch, held as the chain holds it.
///
/// A generic struct's stored function keeps its generic form (`R` returned indirectly) when the
/// struct is used at `ChainHead<any Action, Void>`, so the store calls the chain's head directly;
/// a `Dispatch` property would hold it behind a reabstraction thunk: one more call frame and 11
/// instructions on every dispatch through middleware.
@usableFromInline
struct ChainHead<A, R> {
    /// The outermost middleware's dispatch.
    @usableFromInline let call: @MainActor (A) -> R

    @usableFromInline
    init(_ call: @escaping @MainActor (A) -> R) {
        self.call = call
    }
}

/// A store's pipeline head, in a class so that the store can call it without retaining it
/// (``Machine/headCall``): its properties are constants, so a call through a reference the caller
/// guarantees retains nothing. Not generic: a generic class's stored property is found through
/// its metadata on each read (tried: `store, 1 middleware, listed` 437 instructions against 279).
///
/// It holds each kind of chain's head in that chain's own form, so that neither is converted on
/// the way in: an array's in its generic form (``ChainHead``), a list's as a `Dispatch`
/// (``buildDirectChain``). Converted into the generic form, a list's head ran behind a
/// reabstraction thunk on every dispatch (`store, 1 middleware, listed` 279 against 266 now);
/// the test of which kind costs an array's dispatch 2 (294 against 296).
@usableFromInline
final class PipelineHead {
    /// The head of an array's chain; for a list's, the same dispatch converted, never called:
    /// present either way, so that an array's is called without unwrapping an optional.
    @usableFromInline let generic: ChainHead<any Action, Void>
    /// The head of a list's chain, in its own form; `nil` for an array's.
    @usableFromInline let direct: Dispatch?

    /// The head of an array's chain (``buildChain``).
    @usableFromInline
    init(_ head: ChainHead<any Action, Void>) {
        generic = head
        direct = nil
    }

    /// The head of a list's chain (``buildDirectChain``).
    @usableFromInline
    init(direct head: @escaping Dispatch) {
        generic = ChainHead(head)
        direct = head
    }

    /// Calls the head with `action`. The optional is tested and then called through optional
    /// chaining: bound with `if let`, the closure was retained and released around the call
    /// (`store, 1 middleware, listed` 323, `store, 1 middleware` 356).
    @inlinable @inline(__always) @MainActor
    func call(_ action: any Action) {
        if direct != nil {
            direct?(action)
        } else {
            generic.call(action)
        }
    }
}

extension Unmanaged {
    /// Calls `body` with the object, which the caller guarantees alive for the call, without
    /// retaining it (`_withUnsafeGuaranteedRef`). The closure is handed on from here rather than
    /// written at the call: a main-actor closure passed straight to the standard library (built in
    /// the Swift 5 language mode) checks its executor when called (~95 instructions a dispatch).
    @inlinable @inline(__always)
    func withGuaranteedObject<Result>(_ body: (Instance) -> Result) -> Result {
        _withUnsafeGuaranteedRef(body)
    }
}

/// Builds a store's dispatch chain from a ``MiddlewareList``: the same steps as ``buildChain``, in
/// code specialised for the store's state, where every `Dispatch` keeps its own form — so a stage
/// calls the next directly, one call frame a stage. The stages travel in structs, never as bare
/// closures in an array or through a generic parameter, either of which would put them behind
/// reabstraction thunks again.
///
/// - Parameters:
///   - stages: The list's middleware.
///   - dispatch: The `dispatch` each factory receives.
///   - getState: The `getState` each factory receives.
///   - end: Makes the final dispatch, after the factories ran.
/// - Returns: The outermost middleware's dispatch.
@inlinable
@MainActor
func buildDirectChain<State>(
    _ stages: [MiddlewareStage<State>],
    dispatch: @escaping Dispatch,
    getState: @escaping @MainActor () -> State,
    end makeFinalDispatch: () -> ChainLink
) -> ChainLink {
    let made = stages.map { stage in MadeStage(stage.factory(dispatch, getState)) }
    return made.reversed().reduce(makeFinalDispatch()) { next, stage in ChainLink(stage.link(next.dispatch)) }
}

/// One middleware of a ``MiddlewareList``. A struct's stored closure keeps the form its declaration
/// gives it — a `Dispatch` that returns `Void` directly — where an array's element is held in the
/// most general form, behind a reabstraction thunk in each direction.
@usableFromInline
struct MiddlewareStage<State>: Sendable {
    @usableFromInline let factory: Middleware<State>

    @inlinable
    init(_ factory: @escaping Middleware<State>) {
        self.factory = factory
    }
}

/// What a stage's factory returned: given `next`, the stage's dispatch (see ``MiddlewareStage``).
@usableFromInline
struct MadeStage {
    @usableFromInline let link: (_ next: @escaping Dispatch) -> Dispatch

    @inlinable
    init(_ link: @escaping (_ next: @escaping Dispatch) -> Dispatch) {
        self.link = link
    }
}

/// A dispatch, held in a struct so that it keeps its own form as the chain is reduced.
@usableFromInline
struct ChainLink {
    @usableFromInline let dispatch: Dispatch

    @inlinable
    init(_ dispatch: @escaping Dispatch) {
        self.dispatch = dispatch
    }
}
