import Redux
import ReduxTestSupport
import ReduxTesting
import Testing

@testable import ReduxAsync

/// Async actions reach the app's dependencies through the middleware, so a test swaps them.
@MainActor
struct AsyncActionDependencyTests {
    struct SearchAPI: Sendable {
        var results: @Sendable (String) async throws -> [String]
    }

    struct LookUp: AsyncAction {
        var query: String

        @MainActor
        func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> SearchState) async throws {
            let api = try dependencies(SearchAPI.self)
            dispatch(SearchResults(results: try await api.results(query)))
        }

        func failureAction(for error: any Error) -> (any Action)? {
            SearchFailed(message: "\(error)")
        }
    }

    @Test func theWorkGetsTheDependenciesTheStoreWasGiven() async {
        let double = SearchAPI(results: { query in ["\(query) from the test double"] })
        let store = TestStore(
            initialState: SearchState(), reducer: searchReducer,
            middleware: [asyncActionMiddleware()], dependencies: double)
        await store.dispatch(LookUp(query: "q"))
        await store.receive(SearchResults.self) { $0.results = ["q from the test double"] }
        await store.finish()
    }

    @Test func missingOrMistypedDependenciesAreReportedNamingTheTypes() async {
        for (given, found) in [(nil, "none"), ("a string" as (any Sendable)?, "a String")] {
            let store = TestStore(
                initialState: SearchState(), reducer: searchReducer,
                middleware: [asyncActionMiddleware()], dependencies: given)
            await store.dispatch(LookUp(query: "q"))
            await store.receive(SearchFailed.self) {
                $0.error =
                    "LookUp asked for dependencies of type SearchAPI, but the store was given \(found); "
                    + "pass them once: Store(initialState:reducer:middleware:dependencies:)"
            }
            await store.finish()
        }
    }
}
