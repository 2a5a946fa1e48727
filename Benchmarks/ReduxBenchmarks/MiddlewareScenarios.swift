import Redux
import ReduxAsync
import ReduxThunk

/// An async action whose work does nothing: measures what starting (and finishing) one costs.
struct Ping: AsyncAction {
    @MainActor
    func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> BenchState) async throws {}
}

/// Scenarios for the middleware modules (issue 3 onwards).
@MainActor
func middlewareScenarios() -> [Scenario] {
    var scenarios: [Scenario] = []

    scenarios.append(
        Scenario(name: "thunk middleware, plain action", note: "overhead for non-thunk traffic") {
            let store = Store(
                initialState: BenchState(elements: smallState), reducer: makeReducer(),
                middleware: [thunkMiddleware()])
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        })

    scenarios.append(
        Scenario(name: "thunk middleware, sync thunk", note: "a thunk that dispatches one action") {
            let store = Store(
                initialState: BenchState(elements: smallState), reducer: makeReducer(),
                middleware: [thunkMiddleware()])
            let thunk: any Action = Thunk<BenchState, Void> { context in context.dispatch(Increment()) }
            return { n in
                for _ in 0..<n { store.dispatch(thunk) }
            }
        })

    scenarios.append(
        Scenario(name: "async middleware, plain action", note: "overhead for non-async traffic") {
            let store = Store(
                initialState: BenchState(elements: smallState), reducer: makeReducer(),
                middleware: [asyncActionMiddleware()])
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        })

    scenarios.append(
        Scenario(name: "async middleware, async action start", note: "task start and finish included") {
            let store = Store(
                initialState: BenchState(elements: smallState), reducer: makeReducer(),
                middleware: [asyncActionMiddleware()])
            let action: any Action = Ping()
            return { n in
                for index in 0..<n {
                    store.dispatch(action)
                    if index % 1_000 == 999 { await store.effects.waitForAll() }
                }
                await store.effects.waitForAll()
            }
        })
    return scenarios
}
