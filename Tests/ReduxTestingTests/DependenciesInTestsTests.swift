import Foundation
import Redux
import ReduxEffects
import ReduxTesting
import Testing

/// Issue 46, "Dependencies that fail safe in tests": a test never runs a live or missing
/// dependency silently.
@MainActor
struct DependenciesInTestsTests {
    struct NumberClient: Sendable {
        var fetch: @Sendable (Int) async throws -> String
        var count: @Sendable () -> Int
        var log: @Sendable (String) -> Void

        static let unimplemented = NumberClient(
            fetch: ReduxTesting.unimplemented("NumberClient.fetch"),
            count: ReduxTesting.unimplemented("NumberClient.count", placeholder: 0),
            log: ReduxTesting.unimplemented("NumberClient.log"))
    }

    struct AppDependencies: Sendable { var numbers: NumberClient }

    struct Fact: Equatable, Sendable {
        var text = ""
        var count = 0
    }

    enum FactAction: Action, Equatable {
        case fetch(Int)
        case count
        case answer(String)
    }

    static let reducer = Reducer<Fact>.commands(on: FactAction.self, using: AppDependencies.self) {
        state, action, dependencies in
        switch action {
        case .fetch(let number):
            return .run { send in send(FactAction.answer(try await dependencies.numbers.fetch(number))) }
        case .count:
            state.count = dependencies.numbers.count()
        case .answer(let text):
            state.text = text
        }
        return .none
    }

    @Test func aTestSetsTheEndpointItExpectsInOneLine() async {
        let store = TestStore(
            initialState: Fact(), reducer: Self.reducer, dependencies: AppDependencies(numbers: .unimplemented)
        ) {
            $0.numbers.fetch = { "\($0) is a number" }
        }
        await store.dispatch(FactAction.fetch(42))
        await store.receive(FactAction.answer("42 is a number")) { $0.text = "42 is a number" }
        await store.finish()
        #expect(store.dependencies is AppDependencies, "a test reads the dependencies it gave")
    }

    @Test func anEndpointNobodySetFailsTheTestNamingIt() async {
        let store = TestStore(
            initialState: Fact(), reducer: Self.reducer, dependencies: AppDependencies(numbers: .unimplemented))
        await withKnownIssue {
            await store.dispatch(FactAction.count)  // count() returns its placeholder, 0, after failing
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Unimplemented: NumberClient.count")
        }
        #expect(store.state.count == 0)
        // A throwing endpoint fails the test and throws `Unimplemented`.
        await withKnownIssue {
            await #expect(throws: Unimplemented(endpoint: "NumberClient.fetch")) {
                try await NumberClient.unimplemented.fetch(1)
            }
            NumberClient.unimplemented.log("x")
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("NumberClient.fetch") || text.contains("NumberClient.log")
        }
    }

    @Test func aTestStoreGivenNoDependenciesFailsWhenAReducerAsksForThem() async {
        let store = TestStore(initialState: Fact(), reducer: Self.reducer)
        await withKnownIssue {
            await store.dispatch(FactAction.count)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Reducer<Fact>.commands(on: FactAction.self, using:)")
                && text.contains("AppDependencies") && text.contains("given none")
        }
        // Given another type: named too.
        let other = TestStore(initialState: Fact(), reducer: Self.reducer, dependencies: 42)
        await withKnownIssue {
            await other.dispatch(FactAction.count)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("given a Int")
        }
    }
}
