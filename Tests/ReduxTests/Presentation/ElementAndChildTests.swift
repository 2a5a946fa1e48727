import ReduxTestSupport
import Testing

@testable import Redux

/// SPEC §13: actions follow scopes to an element's reducer (`forEach`), optional children
/// (`ifLet`, `scope(ifPresent:)`, `Dismiss`), and the diagnostics for absent elements.
@MainActor
struct ElementAndChildTests {
    struct Todo: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
        var isDone = false
    }

    struct Editor: Equatable, Sendable, Identifiable {
        var id: Int
        var draft = ""
        var saves = 0
    }

    struct AppState: Equatable {
        var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
        var editor: Editor?
        var log: [String] = []
    }

    struct Toggle: Action {}
    struct Save: Action, Equatable {}
    struct Edit: Action { let id: Int }
    struct Close: Action {}
    struct Noop: Action {}

    static let todoReducer = Reducer<Todo>.combine(
        .on(Toggle.self) { todo, _ in todo.isDone.toggle() },
        .binding()
    )

    static let editorReducer = Reducer<Editor>.combine(
        .on(Save.self) { editor, _ in editor.saves += 1 },
        .binding()
    )

    /// The parent: sees element actions after the element's reducer ran.
    static let parentReducer = Reducer<AppState> { state, action in
        switch action {
        case let element as ElementAction:
            if let todo = element.id as? Int {
                state.log.append(
                    "todo \(todo): \(type(of: element.action)) done=\(state.todos[id: todo]?.isDone ?? false)")
            } else {
                state.log.append("editor: \(type(of: element.action)) saves=\(state.editor?.saves ?? -1)")
            }
        case let edit as Edit:
            state.editor = Editor(id: edit.id)
        case is Close:
            state.editor = nil
        default:
            break
        }
    }

    static let reducer =
        parentReducer
        .forEach(\.todos, element: todoReducer)
        .ifLet(\.editor, then: editorReducer)

    func capturingWarnings() -> (() -> [String], () -> Void) {
        let log = Log<String>()
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { log.append($0) }
        return ({ log.items }, { Diagnostics.sink = previous })
    }

    /// `forEach` holds a `StructureVersionReader` (an `@unchecked Sendable`): a reducer built on
    /// another thread and shared by two stores reads it without a race (thread sanitizer in CI).
    @Test func aForEachReducerMadeOffTheMainActorIsSharedByStores() async throws {
        let (parent, todo) = (Self.parentReducer, Self.todoReducer)
        let reducer = await Task.detached { parent.forEach(\.todos, element: todo) }.value
        let first = Store(initialState: AppState(), reducer: reducer)
        let second = Store(initialState: AppState(), reducer: reducer)
        try #require(first.scope(\.todos, id: 1)).dispatch(Toggle())
        try #require(second.scope(\.todos, id: 2)).dispatch(Toggle())
        #expect(first.state.todos[id: 1]?.isDone == true && first.state.todos[id: 2]?.isDone == false)
        #expect(second.state.todos[id: 2]?.isDone == true && second.state.todos[id: 1]?.isDone == false)
    }

    @Test func aRowsActionReachesItsElementThenTheParent() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        let row = try #require(store.scope(\.todos, id: 2))
        row.dispatch(Toggle())
        #expect(store.state.todos[id: 2]?.isDone == true)
        #expect(store.state.todos[id: 1]?.isDone == false)
        #expect(store.state.log == ["todo 2: Toggle done=true"])
    }

    @Test func aRowsBindingReachesItsElement() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        try #require(store.scope(\.todos, id: 1)).set(\.title, to: "Oat milk")
        #expect(store.state.todos[id: 1]?.title == "Oat milk")
        #expect(store.state.log.count == 1)
    }

    @Test func anElementActionDescribesItsTarget() {
        #expect("\(ElementAction(path: "todos", id: 3, Toggle()))" == "todos[id: 3]: Toggle()")
        #expect(ElementAction(path: "editor", id: nil, Save()) == ElementAction(path: "editor", id: nil, Save()))
        #expect(ElementAction(path: "editor", id: 1, Save()) != ElementAction(path: "editor", id: 2, Save()))
        #expect(ElementAction(path: "editor", id: nil, Toggle()) != ElementAction(path: "editor", id: nil, Toggle()))
    }

    @Test func anActionForARemovedRowChangesNothingAndSaysSo() {
        let (warnings, restore) = capturingWarnings()
        defer { restore() }
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        store.dispatch(ElementAction(path: "todos", id: 9, Toggle()))
        #expect(store.state.todos == AppState().todos)
        #if DEBUG
            #expect(warnings().contains { $0.contains("todos[id: 9]") && $0.contains("Toggle") })
        #endif
    }

    @Test func aRowDismissesItself() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        try #require(store.scope(\.todos, id: 1)).dispatch(Dismiss())
        #expect(store.state.todos.ids.map { $0 } == [2])
        #expect(store.state.log == ["todo 1: Dismiss done=false"], "the parent saw the row before it went")
    }

    @Test func aChildRunsOnlyWhilePresentAndItsScopeExistsOnlyThen() throws {
        let (warnings, restore) = capturingWarnings()
        defer { restore() }
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        #expect(store.scope(ifPresent: \.editor) == nil)
        store.dispatch(ElementAction(path: "editor", id: nil, Save()))
        #expect(store.state.editor == nil)
        #if DEBUG
            #expect(warnings().contains { $0.contains("editor") && $0.contains("Save") })
        #endif
        store.dispatch(Edit(id: 1))
        let editor = try #require(store.scope(ifPresent: \.editor))
        #expect(store.scope(ifPresent: \.editor) === editor)
        editor.dispatch(Save())
        editor.set(\.draft, to: "Buy milk")
        #expect(store.state.editor == Editor(id: 1, draft: "Buy milk", saves: 1))
        #expect(store.state.log.contains("editor: Save saves=1"))
    }

    @Test func aChildDismissesItselfAndTheParentSeesItsLastState() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        store.dispatch(Edit(id: 1))
        let editor = try #require(store.scope(ifPresent: \.editor))
        editor.dispatch(Save())
        #expect(editor.saves == 1)
        editor.dispatch(Dismiss())
        #expect(store.state.editor == nil)
        #expect(store.state.log == ["editor: Save saves=1", "editor: Dismiss saves=1"])
        #expect(store.scope(ifPresent: \.editor) == nil)
        #expect(editor.state.saves == 1, "a dismissed child's scope shows the last state it showed")
    }

    @Test func theScopeOfAChildIsObservedByPresenceAndIdentityOnly() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        let absent = ObservationProbe.track { _ = store.scope(ifPresent: \.editor) }
        store.dispatch(Noop())
        #expect(absent.changes == 0)
        store.dispatch(Edit(id: 1))
        #expect(absent.changes == 1)
        let presence = ObservationProbe.track { _ = store.scope(ifPresent: \.editor) }
        let editor = try #require(store.scope(ifPresent: \.editor))
        let content = ObservationProbe.track { _ = editor.draft }
        editor.set(\.draft, to: "x")
        #expect(presence.changes == 0, "the child's content does not invalidate what shows the sheet")
        #expect(content.changes == 1)
        store.dispatch(Edit(id: 2))
        #expect(presence.changes == 1, "another identity is another sheet")
        #expect(store.scope(ifPresent: \.editor) !== editor)
    }

    @Test func aScopeOfAScopeFindsItsRowsAndChildren() throws {
        struct Root: Equatable {
            var app = AppState()
        }
        let reducer = Self.reducer.pullback(\Root.app)
        let store = Store(initialState: Root(), reducer: reducer)
        let app = store.scope(\.app)
        try #require(app.scope(\.todos, id: 1)).dispatch(Toggle())
        #expect(store.state.app.todos[id: 1]?.isDone == true)
        app.dispatch(Edit(id: 3))
        try #require(app.scope(ifPresent: \.editor)).dispatch(Save())
        #expect(store.state.app.editor?.saves == 1)
        let row = try #require(store.scope(\.app).scope(\.todos, id: 2))
        row.dispatch(Toggle())
        #expect(store.state.app.todos[id: 2]?.isDone == true)
    }

    @Test func presentingAndDismissingTenThousandTimesKeepsNothing() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        weak var lastScope: ScopedStore<Editor>?
        for index in 0..<10_000 {
            store.dispatch(Edit(id: index))
            let editor = try #require(store.scope(ifPresent: \.editor))
            lastScope = editor
            editor.dispatch(Save())
            editor.dispatch(Dismiss())
        }
        #expect(lastScope == nil)
        #expect(store.state.editor == nil)
        #expect(store.effects.isEmpty)
        #expect(store.core.scopes.watchers.count == 1)
        #expect(store.core.scopes.scopes.isEmpty)
    }
}
