import Redux
import ReduxAsync
import ReduxTestSupport

struct SearchState: Equatable, Sendable {
    var isLoading = false
    var results: [String] = []
    var error: String?
    var cancelled = 0
}

struct SearchResults: Action { var results: [String] }
struct SearchFailed: Action { var message: String }

struct ServerError: Error, CustomStringConvertible {
    var description: String { "server error" }
}

/// An async action that waits on a gate, then either returns results, throws, or checks for
/// cancellation — whatever the test sets up.
struct Search: AsyncAction {
    var query: String
    var gate: Gate?
    var fails = false
    var reportsFailureAsAction = true
    var id: String? = "search"
    var replacesInFlight = false

    var cancellationID: (any Hashable & Sendable)? { id }
    var cancelsInFlight: Bool { replacesInFlight }

    @MainActor
    func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> SearchState) async throws {
        await gate?.wait()
        try Task.checkCancellation()
        if fails { throw ServerError() }
        dispatch(SearchResults(results: [query, "\(query)+", "loading was \(getState().isLoading)"]))
    }

    func failureAction(for error: any Error) -> (any Action)? {
        reportsFailureAsAction ? SearchFailed(message: "\(error)") : nil
    }
}

let searchReducer = Reducer<SearchState>.combine(
    .on(Search.self) { state, _ in state.isLoading = true },
    .on(SearchResults.self) { state, action in
        state.isLoading = false
        state.results = action.results
    },
    .on(SearchFailed.self) { state, action in
        state.isLoading = false
        state.error = action.message
    },
    .on(CancelAsyncAction.self) { state, _ in
        state.isLoading = false
        state.cancelled += 1
    }
)
