import Redux
// The pipeline construction shown in docs/architecture.md, run on its own and compared with the
// order a real store produces.
import ReduxTestSupport
import Testing

private struct Counter { var reduced = 0 }
private struct Increment: Action {}

@MainActor
struct ArchitectureGuideTests {
    @Test func architectureGuide() {
        let order = Log<String>()
        func stage(_ name: String) -> Middleware<Counter> {
            { _, _ in
                { next in
                    { action in
                        order.append(name); next(action)
                    }
                }
            }
        }
        let middleware = [stage("a"), stage("b"), stage("c")]
        let dispatch: Dispatch = { _ in }
        let getState: @MainActor () -> Counter = { Counter() }
        let finalDispatch: Dispatch = { _ in order.append("reducer") }

        let stages = middleware.map { factory in factory(dispatch, getState) }  // factories: once, in array order
        let head = stages.reversed().reduce(finalDispatch) { next, stage in stage(next) }

        head(Increment())
        #expect(order.items == ["a", "b", "c", "reducer"])

        let store = Store(
            initialState: Counter(),
            reducer: Reducer { state, _ in state.reduced += 1 },
            middleware: middleware)
        store.dispatch(Increment())
        #expect(order.items.suffix(3) == ["a", "b", "c"])
        #expect(store.reduced == 1)
    }
}
