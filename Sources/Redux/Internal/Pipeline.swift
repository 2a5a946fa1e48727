/// Builds a store's dispatch chain: runs each factory once, in array order, then reduces the
/// reversed stages over `end`, the final dispatch.
///
/// Generic over the action and result types on purpose, and never specialised. The middleware
/// array stores its closures at the most general abstraction, where a `Dispatch` returns its `Void`
/// indirectly. Code specialised for `any Action` and `Void` would convert every `next` on the way
/// into a stage and every stage's result on the way out, wrapping each in a reabstraction thunk
/// that then runs on every dispatch: four extra calls per middleware. Here a `Dispatch` has that
/// general form throughout, so stages are chained with no wrapper; only the chain's two ends are
/// converted, once each.
///
/// - Parameters:
///   - middleware: The store's middleware.
///   - dispatch: The `dispatch` each factory receives.
///   - getState: The `getState` each factory receives.
///   - end: The final dispatch, which runs the reducer.
/// - Returns: The outermost middleware's dispatch.
@usableFromInline
@MainActor
@inline(never)
@_semantics("optimize.sil.specialize.generic.never")
func buildChain<A, R, State>(
    _ middleware:
        [@MainActor (
            _ dispatch: @escaping @MainActor (A) -> R,
            _ getState: @escaping @MainActor () -> State
        ) -> (_ next: @escaping @MainActor (A) -> R) -> @MainActor (A) -> R],
    dispatch: @escaping @MainActor (A) -> R,
    getState: @escaping @MainActor () -> State,
    end: @escaping @MainActor (A) -> R
) -> @MainActor (A) -> R {
    var stages: [(_ next: @escaping @MainActor (A) -> R) -> @MainActor (A) -> R] = []
    stages.reserveCapacity(middleware.count)
    for factory in middleware {
        stages.append(factory(dispatch, getState))
    }
    var next = end
    for stage in stages.reversed() {
        next = stage(next)
    }
    return next
}
