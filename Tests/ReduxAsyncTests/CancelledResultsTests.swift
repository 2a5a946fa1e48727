import Redux
import ReduxAsync
import ReduxTestSupport
import ReduxTesting
import Testing

/// A cancelled run's results never arrive, even from work that does not check for cancellation
/// (issue 23, item 6): only the latest query's results are shown.
@MainActor
struct CancelledResultsTests {
    /// Waits for its gate, then dispatches its results without checking for cancellation — as a
    /// search whose request finished just as the next keystroke cancelled it.
    struct Lookup: AsyncAction {
        var query: String
        var gate: Gate
        var cancellationID: (any Hashable & Sendable)? { "lookup" }
        var cancelsInFlight: Bool { true }

        @MainActor
        func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> SearchState) async throws {
            await gate.wait()
            dispatch(SearchResults(results: [query]))
        }
    }

    @Test func aReplacedSearchsResultsAreDropped() async {
        let store = TestStore(
            initialState: SearchState(), reducer: searchReducer,
            middleware: [asyncActionMiddleware()])
        let first = Gate()
        let second = Gate()
        await store.dispatch(Lookup(query: "s", gate: first))
        await store.dispatch(Lookup(query: "sw", gate: second))  // cancels the first
        await first.open()  // the first's request "returns" after its cancellation
        await second.open()
        await store.receive(SearchResults.self) { $0.results = ["sw"] }
        await store.finish()
    }
}
