import Redux
import ReduxEffects
import Testing

/// Issue 35 §2: work a nested reducer returns runs, through every combinator that nests one — one
/// test per combinator. Each child answers `Poke` (or a binding) with a command that sends `Noted`.
@MainActor
struct WorkThroughCombinatorsTests {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var isDone = false
    }

    struct Child: Identifiable, Equatable, Sendable {
        var id = 0
        var notes = 0
    }

    struct Screen: Equatable, Sendable {
        var child = Child()
    }

    struct Root: Equatable, Sendable {
        var rows = [Row(id: 1), Row(id: 2)]
        var children: IdentifiedArray<Int, Child> = [Child(id: 1), Child(id: 2)]
        var sheet: Child? = Child(id: 7)
        var child = Child()
        var path = StackState<Screen>()
        var noted: [String] = []
    }

    struct Poke: Action {}
    struct Noted: Action { let from: String }

    /// A child that answers `Poke` with work sending `Noted`, and counts the `Noted` it receives.
    static let child = Reducer<Child>.combine(
        .commands(on: Poke.self) { _, _ in .send(Noted(from: "child")) },
        .on(Noted.self) { child, _ in child.notes += 1 }
    )

    /// The root records every `Noted` that reaches it.
    static let recordNoted = Reducer<Root>.on(Noted.self) { root, action in root.noted.append(action.from) }

    @Test func throughForEachOverAnArrayOfRows() throws {
        let row = Reducer<Row>.combine(
            .binding(),
            .commands { _, action in action is BindingAction<Row> ? .send(Noted(from: "row")) : .none }
        )
        let store = Store(initialState: Root(), reducer: .combine(Self.recordNoted, row.forEach(\.rows)))
        try #require(store.scope(\.rows, id: 2)).set(\.isDone, to: true)
        #expect(store.rows[1].isDone)
        #expect(store.noted == ["row"], "the row's work ran (it was dropped before)")
    }

    @Test func throughForEachOverAnIdentifiedArray() throws {
        let store = Store(initialState: Root(), reducer: Self.recordNoted.forEach(\.children, element: Self.child))
        try #require(store.scope(\.children, id: 2)).dispatch(Poke())
        #expect(store.children[id: 2]?.notes == 1, "what the work sends comes back to its element")
        #expect(store.children[id: 1]?.notes == 0)
    }

    @Test func throughIfLet() throws {
        let store = Store(initialState: Root(), reducer: Self.recordNoted.ifLet(\.sheet, then: Self.child))
        try #require(store.scope(ifPresent: \.sheet)).dispatch(Poke())
        #expect(store.sheet?.notes == 1)
    }

    @Test func throughAStack() throws {
        let screen = Self.child.pullback(\Screen.child)
        let root = Reducer<Root>.combine(
            Self.recordNoted, .on(SetPath.self) { root, action in root.path = action.path })
        let store = Store(initialState: Root(), reducer: root.forEach(\.path, destination: screen))
        var path = store.path
        let id = path.push(Screen())
        store.dispatch(SetPath(path: path))
        try #require(store.scope(\.path, id: id)).dispatch(Poke())
        #expect(store.path[id: id]?.state.child.notes == 1)
    }

    struct SetPath: Action { let path: StackState<Screen> }

    @Test func throughPullbackAndCombine() {
        let store = Store(
            initialState: Root(),
            reducer: .combine(
                Self.recordNoted, Self.child.pullback(\.child)))
        store.dispatch(Poke())
        #expect(store.child.notes == 1)
        #expect(store.noted == ["child"])
    }
}
