import Redux
import ReduxTestSupport
import ReduxTesting
import Testing

@testable import ReduxAsync

/// Async actions tested exhaustively with TestStore.
@MainActor
struct AsyncActionTestStoreTests {
    @Test func cancelledSearchDeliversNothing() async {
        let store = TestStore(
            initialState: SearchState(), reducer: searchReducer, middleware: [asyncActionMiddleware()])
        let gate = Gate()
        await store.dispatch(Search(query: "slow", gate: gate)) { $0.isLoading = true }
        await store.dispatch(CancelAsyncAction(id: "search")) {
            $0.isLoading = false
            $0.cancelled = 1
        }
        await gate.open()
        // Nothing else arrives: finish fails on any unasserted action.
        await store.finish()
    }

    @Test func failedSearchIsReceivedAsItsFailureAction() async {
        let store = TestStore(
            initialState: SearchState(), reducer: searchReducer, middleware: [asyncActionMiddleware()])
        await store.dispatch(Search(query: "x", fails: true)) { $0.isLoading = true }
        await store.receive(SearchFailed.self) {
            $0.isLoading = false
            $0.error = "server error"
        }
        await store.finish()
    }

    @Test func onlyTheLatestSearchArrives() async {
        let store = TestStore(
            initialState: SearchState(), reducer: searchReducer, middleware: [asyncActionMiddleware()])
        let gate = Gate()
        await store.dispatch(Search(query: "s", gate: gate, replacesInFlight: true)) { $0.isLoading = true }
        await store.dispatch(Search(query: "sw", gate: gate, replacesInFlight: true))
        await gate.open()
        await store.receive(SearchResults.self) {
            $0.isLoading = false
            $0.results = ["sw", "sw+", "loading was true"]
        }
        await store.finish()
    }
}
