import Foundation
import Redux
import ReduxEffects
import ReduxTesting
import Testing

/// Issue 63 §2: a feature's dependencies type says its live and test values; stores and test stores
/// run on them with nothing passed, a test changes only what it needs, and code the reducer calls
/// reads the values in force.
@MainActor
struct FeatureDependenciesTests {
    /// A client whose endpoints are methods (their labels at the call site) over stored closures,
    /// each unimplemented unless set: `FactClient()` is the all-unimplemented value, in one line.
    struct FactClient: Sendable {
        var fetchNumber: @Sendable (Int) -> String = unimplemented("FactClient.fetch(number:)", placeholder: "")
        var countAll: @Sendable () -> Int = unimplemented("FactClient.count()", placeholder: 0)

        func fetch(number: Int) -> String { fetchNumber(number) }
        func count() -> Int { countAll() }

        static let live = FactClient(fetchNumber: { "\($0) is a live number" }, countAll: { 42 })
    }

    struct RowDependencies: FeatureDependencies {
        var uuid: UUIDGenerator
        var fact: FactClient

        static var liveValue: Self { Self(uuid: .live, fact: .live) }
        static var testValue: Self { Self(uuid: .incrementing, fact: FactClient()) }
    }

    /// A second feature's type, read by the same app.
    struct LabelDependencies: FeatureDependencies {
        var label: String
        static var liveValue: Self { Self(label: "live") }
        static var testValue: Self { Self(label: "test") }
    }

    struct Row: Equatable, Identifiable {
        var id: UUID
        var fact = ""

        /// Reads the generator in force: the reducer's, when a reducer calls it.
        init(fact: String = "") {
            id = RowDependencies.current.uuid()
            self.fact = fact
        }
    }

    struct Rows: Equatable {
        var rows: [Row] = []
        var label = ""
    }

    struct AddRow: Action, Equatable {}
    struct FetchFact: Action, Equatable { var number: Int }
    struct ReadLabel: Action, Equatable {}

    static let reducer = Reducer<Rows>.combine(
        .on(AddRow.self) { state, _ in state.rows.append(Row()) },
        .on(FetchFact.self, using: RowDependencies.self) { state, action, dependencies in
            state.rows.append(Row(fact: dependencies.fact.fetch(number: action.number)))
        },
        .on(ReadLabel.self, using: LabelDependencies.self) { state, _, dependencies in state.label = dependencies.label
        }
    )

    @Test func aStoreGivenNothingRunsOnTheLiveValues() {
        let store = Store(initialState: Rows(), reducer: Self.reducer)
        store.dispatch(FetchFact(number: 7))
        store.dispatch(ReadLabel())
        #expect(store.rows.map(\.fact) == ["7 is a live number"])
        #expect(store.label == "live")
        #expect(store.rows[0].id != UUID(0), "a live identifier")
    }

    @Test func aTestStoreGivenNothingRunsOnTheTestValues() async {
        let store = TestStore(initialState: Rows(), reducer: Self.reducer)
        await store.dispatch(ReadLabel()) { $0.label = "test" }
        // The state's initializer, called by the reducer, read the test's generator; the expected
        // state's, called by the test, is handed the same identifier.
        await store.dispatch(AddRow()) { $0.rows.append(Row()) }
        await store.dispatch(AddRow()) { $0.rows.append(Row()) }
        #expect(store.state.rows.map(\.id) == [UUID(0), UUID(1)])
    }

    @Test func anEndpointTheTestDidNotSetFailsTheTestNamingIt() async {
        let store = TestStore(initialState: Rows(), reducer: Self.reducer)
        await withKnownIssue {
            await store.dispatch(FetchFact(number: 7)) { $0.rows.append(Row(fact: "")) }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Unimplemented: FactClient.fetch(number:) was called")
        }
    }

    @Test func aTestChangesOnlyWhatItNeeds() async {
        let store = TestStore(initialState: Rows(), reducer: Self.reducer) { (dependencies: inout RowDependencies) in
            dependencies.fact.fetchNumber = { "\($0) is a test number" }
        }
        await store.dispatch(FetchFact(number: 3)) { $0.rows.append(Row(fact: "3 is a test number")) }
        #expect(store.state.rows.map(\.id) == [UUID(0)], "the generator is still the test value's")
        await store.dispatch(ReadLabel()) { $0.label = "test" }
        // Between two sends, a test changes a test value.
        store.updateDependencies { (dependencies: inout LabelDependencies) in dependencies.label = "changed" }
        await store.dispatch(ReadLabel()) { $0.label = "changed" }
    }

    @Test func aReducersOverrideKeepsTheTestValuesOfEveryOtherType() async {
        let reducer = Reducer<Rows>.combine(
            Self.reducer.dependency(\LabelDependencies.label, "overridden"),
            .on(ReadLabel.self) { state, _ in state.rows.append(Row()) }
        )
        let store = TestStore(initialState: Rows(), reducer: reducer)
        await store.dispatch(ReadLabel()) {
            $0.label = "overridden"
            $0.rows.append(Row())
        }
        await store.dispatch(AddRow()) { $0.rows.append(Row()) }
        #expect(store.state.rows.map(\.id) == [UUID(0), UUID(1)], "one generator, the test's, throughout")
    }

    @Test func whatATestGaveStillWins() async {
        let store = TestStore(
            initialState: Rows(), reducer: Self.reducer, dependencies: LabelDependencies(label: "given"))
        await store.dispatch(ReadLabel()) { $0.label = "given" }
        await store.dispatch(AddRow()) { $0.rows.append(Row()) }
        #expect(store.state.rows.map(\.id) == [UUID(0)], "a type it did not give is its test value")
    }
}
