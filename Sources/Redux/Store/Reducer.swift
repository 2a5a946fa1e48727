/// A pure function that applies an action to a state in place.
///
/// A reducer takes the state `inout`, so a reduction that changes one element of a large array
/// costs the same as one that changes an `Int`: nothing is copied.
///
/// ```swift
/// struct Counter { var count = 0 }
/// struct Increment: Action {}
///
/// let reducer = Reducer<Counter>.on(Increment.self) { state, _ in state.count += 1 }
/// ```
///
/// `Reducer` is `Sendable`: its closure is `@Sendable`, so one reducer can be shared by several stores.
public struct Reducer<State>: Sendable {
    @usableFromInline
    let body: @Sendable (inout State, any Action) -> Void
    /// The body of a reducer that also returns work (`ReduxEffects`): it reduces and appends the
    /// work to the list. `nil` for plain reducers, which the store then calls through ``body``.
    @usableFromInline
    let workBody: (@Sendable (inout State, any Action, inout ReducerWork) -> Void)?

    /// Creates a reducer from a closure that mutates the state for an action.
    ///
    /// - Parameter reduce: Applies the action to the state in place. It must not have side effects;
    ///   actions it does not handle leave the state untouched.
    public init(_ reduce: @escaping @Sendable (inout State, any Action) -> Void) {
        self.body = reduce
        self.workBody = nil
    }

    /// A reducer that also returns work: `ReduxEffects` builds these. Called directly through
    /// ``reduce(_:_:)``, the work is dropped (debug builds warn).
    ///
    /// - Parameter reduceWithWork: Reduces and appends the work to the list.
    @inlinable
    package init(work reduceWithWork: @escaping @Sendable (inout State, any Action, inout ReducerWork) -> Void) {
        self.body = { state, action in
            var work = ReducerWork()
            reduceWithWork(&state, action, &work)
            // Settled as a store settles them (an action for a case not shown is told); they are
            // not work, so they are not said to be dropped.
            work.settleCaseClaims(of: action)
            ReducerWork.dropOutsideStore(work)
        }
        self.workBody = reduceWithWork
    }

    /// Runs the reducer and appends the work it returns to `work` (reducers without work append
    /// nothing). `ReduxEffects` uses it to run a reducer alone, in tests.
    @inlinable
    package func reduce(_ state: inout State, _ action: any Action, work: inout ReducerWork) {
        if let workBody {
            workBody(&state, action, &work)
        } else {
            body(&state, action)
        }
    }

    /// Creates a reducer from a closure that returns the next state, as SwiftUIRedux reducers do
    /// (`(State, Action) -> State`). A ReSwift reducer (`(Action, State?) -> State`) takes a
    /// one-line adapter: `Reducer(returning: { state, action in appReducer(action: action, state: state) })`.
    ///
    /// This initializer exists to move existing code over with no change to its body. Returning a new state copies
    /// it, so a collection in the state is copied on every action; prefer ``init(_:)`` for hot
    /// reducers and large states.
    ///
    /// - Parameter reduce: Returns the state after the action.
    ///
    /// Write it with its label, `Reducer(returning: { state, action in … })`. A trailing closure is
    /// ``init(_:)``'s wherever it could be either — this initializer is marked disfavoured — so that a
    /// body of statements that changes nothing (`Reducer<State> { state, action in if … { … } }`)
    /// is the in-place form, not "ambiguous use of init". A trailing closure whose statements
    /// `return` a state still comes here; a one-expression one (`{ state, _ in state.next() }`) is
    /// read as the in-place form, and the compiler warns that its result is unused. (The attribute
    /// is guarded by `ConcurrencyWordsTests.aTrailingClosureReducerThatChangesNothingIsNotAmbiguous`,
    /// whose statements-only closure does not compile without it.)
    @_disfavoredOverload
    public init(returning reduce: @escaping @Sendable (State, any Action) -> State) {
        self.body = { state, action in state = reduce(state, action) }
        self.workBody = nil
    }

    /// Whether the reducer returns work (built by `ReduxEffects`, or combined from one that does).
    package var returnsWork: Bool { workBody != nil }

    /// The body that collects work: ``workBody``, or for a plain reducer its ``body`` ignoring the
    /// work list. Chosen with `if let`, not `??`: a closure passed through the generic `??` comes back
    /// wrapped in two reabstraction thunks, called on every action.
    @inlinable
    var bodyCollectingWork: @Sendable (inout State, any Action, inout ReducerWork) -> Void {
        if let workBody { return workBody }
        let body = self.body
        return { state, action, _ in body(&state, action) }
    }

    /// Applies an action to a state in place.
    ///
    /// - Parameters:
    ///   - state: The state to update.
    ///   - action: The action to apply.
    @inlinable
    public func reduce(_ state: inout State, _ action: any Action) {
        body(&state, action)
    }

    /// A reducer that sees only actions of one type and ignores every other action.
    ///
    /// An action sent through the scope of a member composed by instance or of a presented child
    /// (an alert's button) arrives addressed to it, wrapped: this reducer does not take it there —
    /// a debug build says so once, naming the spelling that matches (``on(_:_:_:)`` with the
    /// member's key path).
    ///
    /// ```swift
    /// let reducer = Reducer<Counter>.on(Add.self) { state, action in state.count += action.amount }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The action type this reducer handles.
    ///   - reduce: Applies an action of that type to the state.
    /// - Returns: A reducer that calls `reduce` for actions of type `A` and does nothing otherwise.
    @inlinable
    public static func on<A: Action>(
        _ type: A.Type,
        _ reduce: @escaping @Sendable (inout State, A) -> Void
    ) -> Reducer {
        // Exact type match is a pointer comparison; subclasses of a class action fall back to `as?`.
        if ActionCast.isClass(A.self) {
            return Reducer { state, action in
                if let action = ActionCast.cast(action, to: A.self) ?? (action as? A) {
                    reduce(&state, action)
                } else if Diagnostics.isDebug, ElementAction.isElementAction(action) {
                    Diagnostics.checkArrivesWrapped(action, as: A.self, in: State.self)
                }
            }
        }
        return Reducer { state, action in
            if let action = ActionCast.cast(action, to: A.self) {
                reduce(&state, action)
            } else if Diagnostics.isDebug, ElementAction.isElementAction(action) {
                Diagnostics.checkArrivesWrapped(action, as: A.self, in: State.self)
            }
        }
    }

    /// A reducer that runs the given reducers one after another, in order, on the same state.
    ///
    /// - Parameter reducers: The reducers to run; each sees the state left by the previous one.
    /// - Returns: The combined reducer.
    @inlinable
    public static func combine(_ reducers: Reducer...) -> Reducer {
        combine(reducers)
    }

    /// A reducer that runs the given reducers one after another, in order, on the same state.
    ///
    /// - Parameter reducers: The reducers to run; each sees the state left by the previous one.
    /// - Returns: The combined reducer.
    @inlinable
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        switch reducers.count {
        case 0:
            return Reducer { _, _ in }
        case 1:
            return reducers[0]
        default:
            if reducers.contains(where: { $0.workBody != nil }) {
                // One closure per child, like the plain form: iterating the `Reducer` values would
                // retain both of each child's closures on every call. Each is held in a struct (see
                // `PlainStep`) and called by index: `for body in bodies` copies each closure out of
                // the array, a retain and a release per child and action.
                let bodies = reducers.map { reducer in
                    WorkStep(reducer.bodyCollectingWork)
                }
                return Reducer(work: { state, action, work in
                    for index in bodies.indices {
                        bodies[index].run(&state, action, &work)
                    }
                })
            }
            let bodies = reducers.map { PlainStep($0.body) }
            return Reducer { state, action in
                for index in bodies.indices {
                    bodies[index].run(&state, action)
                }
            }
        }
    }

    /// Lifts this reducer, which works on one part of a larger state, to work on the whole state.
    ///
    /// The part is updated in place through the key path, so no copy of it is made.
    ///
    /// ```swift
    /// struct App { var counter = Counter(); var user = User() }
    /// let appReducer = Reducer<App>.combine(
    ///     counterReducer.pullback(\.counter),
    ///     userReducer.pullback(\.user)
    /// )
    /// ```
    ///
    /// This composes *by type*: an action sent through the part's scope (`store.scope(\.counter)`)
    /// is dispatched as it is and reaches every reducer that handles its type — right for a feature
    /// that appears once. For one feature twice in one parent (two counters, a from/to picker),
    /// compose each by instance with ``scope(_:_:)``.
    ///
    /// - Parameter keyPath: Where this reducer's state lives inside `Root`.
    /// - Returns: A reducer over `Root` that applies this reducer to `root[keyPath: keyPath]`.
    @inlinable
    public func pullback<Root>(_ keyPath: WritableKeyPath<Root, State> & Sendable) -> Reducer<Root> {
        // Told to the scopes: a member composed by type sends its actions as they are.
        MemberCompositions.record(keyPath, byInstance: false)
        SharedGraph.recordMember(keyPath)
        if let workBody {
            return Reducer<Root>(work: { root, action, work in
                let start = work.items.count
                workBody(&root[keyPath: keyPath], action, &work)
                work.liftProbes(from: start) { (probe: LivenessProbe<State>) in
                    probe.lifted(through: nil) { (root: inout Root, ask: (inout State) -> Bool) in
                        var part = root[keyPath: keyPath]
                        return ask(&part)
                    }
                }
            })
        }
        let body = self.body
        return Reducer<Root> { root, action in
            body(&root[keyPath: keyPath], action)
        }
    }
}

/// A child of a combined reducer. Held in a struct so that the array keeps the closure in its own
/// form: an array of bare closures holds each in the most general one, behind a reabstraction thunk
/// called on every action.
@usableFromInline
struct PlainStep<State>: Sendable {
    @usableFromInline let run: @Sendable (inout State, any Action) -> Void
    @inlinable init(_ run: @escaping @Sendable (inout State, any Action) -> Void) { self.run = run }
}

/// A reducer called by another (an `ifLet`'s parent) as the kind of body it has: a plain one is
/// called without a work list, so that no closure wraps it to take one.
@usableFromInline
protocol ParentStep<State>: Sendable {
    associatedtype State
    /// Runs the reducer, adding the work it returns (if any) to `work`.
    func callAsFunction(_ state: inout State, _ action: any Action, _ work: inout ReducerWork)
}

extension PlainStep: ParentStep {
    @inlinable @inline(__always)
    func callAsFunction(_ state: inout State, _ action: any Action, _ work: inout ReducerWork) {
        run(&state, action)
    }
}

extension WorkStep: ParentStep {
    @inlinable @inline(__always)
    func callAsFunction(_ state: inout State, _ action: any Action, _ work: inout ReducerWork) {
        run(&state, action, &work)
    }
}

/// A child of a combined reducer that returns work (see ``PlainStep``).
@usableFromInline
struct WorkStep<State>: Sendable {
    @usableFromInline let run: @Sendable (inout State, any Action, inout ReducerWork) -> Void
    @inlinable init(_ run: @escaping @Sendable (inout State, any Action, inout ReducerWork) -> Void) { self.run = run }
}
