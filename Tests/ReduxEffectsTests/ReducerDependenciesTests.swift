import Foundation
import Redux
import ReduxEffects
import ReduxTesting
import Testing

/// Issue 37, point 1: dependencies a reducer reads while it reduces — the store's, the same its work
/// reads — replaced by a test, with generators for identifiers and dates.
@MainActor
struct ReducerDependenciesTests {
    struct Dependencies: Sendable {
        var uuid: UUIDGenerator = .live
        var now: DateGenerator = .live
        var label = "live"
    }

    struct Item: Equatable, Identifiable, Sendable {
        let id: UUID
        var created: Date
    }

    struct ListState: Equatable, Sendable {
        var items: IdentifiedArrayOf<Item> = []
        var labels: [String] = []
    }

    struct AddTapped: Action, Equatable {}
    struct Labelled: Action, Equatable { let label: String }

    static let epoch = Date(timeIntervalSince1970: 0)

    static let reducer = Reducer<ListState>.combine(
        .commands(on: AddTapped.self, using: Dependencies.self) { state, _, dependencies in
            state.items.append(Item(id: dependencies.uuid(), created: dependencies.now()))
            state.labels.append(dependencies.label)
            return .run(using: Dependencies.self) { send, dependencies in send(Labelled(label: dependencies.label)) }
        },
        .on(Labelled.self) { state, action in state.labels.append(action.label) }
    )

    @Test func aReducerReadsTheStoresDependenciesAndATestReplacesThem() async {
        let store = TestStore(
            initialState: ListState(), reducer: Self.reducer,
            dependencies: Dependencies(uuid: .incrementing, now: .constant(Self.epoch), label: "test"))
        await store.dispatch(AddTapped()) {
            $0.items = [Item(id: UUID(0), created: Self.epoch)]
            $0.labels = ["test"]
        }
        await store.receive(Labelled(label: "test")) { $0.labels = ["test", "test"] }  // the work read the same
        await store.dispatch(AddTapped()) {
            $0.items.append(Item(id: UUID(1), created: Self.epoch))
            $0.labels.append("test")
        }
        await store.receive(Labelled(label: "test")) { $0.labels.append("test") }
        await store.finish()
    }

    @Test func theyAreReadThroughEveryCombinator() {
        struct Screen: Equatable, Sendable { var list = ListState() }
        struct App: Equatable, Sendable {
            var screens: IdentifiedArrayOf<Row> = [Row(id: 1)]
            var sheet: Screen? = Screen()
        }
        struct Row: Equatable, Identifiable, Sendable {
            let id: Int
            var list = ListState()
        }
        let add = Reducer<ListState>.on(AddTapped.self, using: Dependencies.self) { state, _, dependencies in
            state.items.append(Item(id: dependencies.uuid(), created: dependencies.now()))
        }
        let app = Reducer<App> { _, _ in }
            .forEach(\.screens, element: add.pullback(\Row.list))
            .ifLet(\.sheet, then: add.pullback(\Screen.list))
        let store = Store(
            initialState: App(), reducer: app,
            dependencies: Dependencies(uuid: .incrementing, now: .constant(Self.epoch)))
        store.scope(\.screens, id: 1)?.dispatch(AddTapped())
        store.scope(ifPresent: \.sheet)?.dispatch(AddTapped())
        #expect(store.state.screens[id: 1]?.list.items.map(\.id) == [UUID(0)])
        #expect(store.state.sheet?.list.items.map(\.id) == [UUID(1)])
    }

    @Test func dependenciesOfAnotherTypeAreAnErrorNamingBoth() {
        let reducer = Reducer<ListState>(using: Dependencies.self) { state, _, _ in state.labels.append("ran") }
        let wrong = Store(initialState: ListState(), reducer: reducer, dependencies: "a string")
        let none = Store(initialState: ListState(), reducer: reducer)
        let warnings = Diagnostics.capture {
            wrong.dispatch(AddTapped())
            none.dispatch(AddTapped())
        }
        #expect(wrong.state.labels.isEmpty && none.state.labels.isEmpty, "the reducer did not run")
        #if DEBUG
            #expect(
                warnings.contains {
                    $0.contains("Reducer<ListState>(using:) asked for dependencies of type Dependencies")
                        && $0.contains("given a String")
                })
            #expect(warnings.contains { $0.contains("given none") })
        #endif
    }

    @Test func aReducerRunOffTheMainActorReportsInsteadOfCrashing() async {
        let reducer = Reducer<ListState>(using: Dependencies.self) { state, _, _ in state.labels.append("ran") }
        let labels = await Task.detached {
            var state = ListState()
            reducer.reduce(&state, AddTapped())
            return state.labels
        }.value
        #expect(labels.isEmpty)
    }

    @Test func anIncrementingGeneratorCountsOnceEachFromManyThreads() async {
        let uuid = UUIDGenerator.incrementing
        let made = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<8 { group.addTask { (0..<100).map { _ in uuid() } } }
            var all = Set<UUID>()
            for await some in group { all.formUnion(some) }
            return all
        }
        #expect(made.count == 800)
        #expect(made.contains(UUID(799)) && !made.contains(UUID(800)))
        #expect(UUIDGenerator.incrementing() == UUID(0), "each use starts a new count")
        #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
    }
}

/// Issue 46: `UUID(n)` keeps all 64 bits of `n` (it was masked to 48, and `UUID(n)` and
/// `UUID(n + 2⁴⁸)` were one identifier); below 2⁴⁸ it is what upstream tests write.
struct UUIDNumberTests {
    @Test func everySixtyFourBitValueGivesItsOwnIdentifier() {
        #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
        #expect(UUID(1 << 48).uuidString == "00000000-0000-0000-0001-000000000000")
        #expect(UUID(7) != UUID(7 + (1 << 48)))
        #expect(UUID(Int.max).uuidString == "00000000-0000-0000-7FFF-FFFFFFFFFFFF")
        #expect(UUID(-1).uuidString == "00000000-0000-0000-FFFF-FFFFFFFFFFFF")
    }
}
