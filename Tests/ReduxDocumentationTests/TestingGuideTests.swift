// The code of docs/testing.md, kept compiling and run (its tests are this file's tests).
import Redux
import ReduxAsync
import ReduxTesting
import Testing

private struct Counter: Equatable { var count = 0; var isLoading = false; var name = "" }
private struct Increment: Action {}
private struct Loaded: Action { var count: Int }

private let counterReducer = Reducer<Counter>.combine(
    .on(Increment.self) { state, _ in state.count += 1 },
    .on(Loaded.self) { state, action in
        state.count = action.count
        state.isLoading = false
    }
)

private struct Load: AsyncAction {
    var count: Int
    @MainActor
    func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> Counter) async throws {
        dispatch(Loaded(count: count))
    }
}

private let loadingReducer = Reducer<Counter>.combine(
    counterReducer,
    .on(Load.self) { state, _ in state.isLoading = true }
)

struct TestingGuideTests {
    @Test func incrementAddsOne() {
        var state = Counter()
        counterReducer.reduce(&state, Increment())
        #expect(state.count == 1)
    }

    @Test @MainActor func loadingEndToEnd() async {
        let store = TestStore(initialState: Counter(), reducer: loadingReducer, middleware: [asyncActionMiddleware()])

        await store.dispatch(Load(count: 42)) {
            $0.isLoading = true  // what the dispatched action changed
        }
        await store.receive(Loaded.self) {  // what the async work dispatched later
            $0.count = 42
            $0.isLoading = false
        }
        await store.finish()  // no work left in flight, nothing unasserted
    }

    @Test @MainActor func outcomeOnly() async {
        let store = TestStore(initialState: Counter(), reducer: counterReducer, exhaustivity: .off)
        await store.dispatch(Increment())  // not asserted: fine
        await store.dispatch(Increment()) { $0.count = 2 }  // only `count` is checked
        await store.finish()
    }

    @Test @MainActor func recording() {
        let recorder = RecordingMiddleware<Counter>()
        let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [recorder.middleware])
        store.dispatch(Increment())
        store.dispatch(Loaded(count: 9))
        #expect(recorder.entries.map(\.state.count) == [1, 9])
    }
}
