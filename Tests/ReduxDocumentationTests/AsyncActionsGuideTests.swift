// The code of docs/async-actions.md, kept compiling and checked.
import Redux
import ReduxAsync
import ReduxTestSupport
import Testing

private struct SearchState: Equatable {
    var query = ""
    var isSearching = false
    var results: [String] = []
    var error: String?
}

private struct SearchResults: Action { var query: String; var results: [String] }
private struct SearchFailed: Action { var message: String }

private enum SearchAPI {
    static func results(for query: String) async throws -> [String] {
        await Task.yield()  // stands in for the network
        try Task.checkCancellation()
        return ["\(query) 1", "\(query) 2"]
    }
}

private struct Search: AsyncAction {
    var query: String

    var cancellationID: (any Hashable & Sendable)? { "search" }
    var cancelsInFlight: Bool { true }

    @MainActor
    func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> SearchState) async throws {
        let results = try await SearchAPI.results(for: query)
        dispatch(SearchResults(query: query, results: results))
    }

    func failureAction(for error: any Error) -> (any Action)? {
        SearchFailed(message: "\(error)")
    }
}

private let searchReducer = Reducer<SearchState>.combine(
    .on(Search.self) { state, action in
        state.query = action.query
        state.isSearching = true
    },
    .on(SearchResults.self) { state, action in
        guard action.query == state.query else { return }
        state.isSearching = false
        state.results = action.results
    },
    .on(SearchFailed.self) { state, action in
        state.isSearching = false
        state.error = action.message
    },
    .on(CancelAsyncAction.self) { state, _ in state.isSearching = false }
)

private let printed = Printed()
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.record(items, separator: separator)
}

@MainActor
private func searchScreen() async {
    let store = Store(initialState: SearchState(), reducer: searchReducer, middleware: [asyncActionMiddleware()])
    for query in ["s", "sw", "swi", "swift"] {
        store.dispatch(Search(query: query))  // each cancels the previous
    }
    await store.effects.waitForAll()
    print(store.results)  // ["swift 1", "swift 2"]
}

@MainActor
struct AsyncActionsGuideTests {
    @Test func asyncActionsGuide() async {
        await searchScreen()
        #expect(printed.lines == [#"["swift 1", "swift 2"]"#])

        let store = Store(initialState: SearchState(), reducer: searchReducer, middleware: [asyncActionMiddleware()])

        store.dispatch(Search(query: "closed"))
        store.dispatch(CancelAsyncAction(id: "search"))
        await store.effects.waitForAll()
        #expect(!store.isSearching)
        #expect(store.results.isEmpty)  // the cancelled search delivered nothing
        #expect(store.error == nil)
    }
}
