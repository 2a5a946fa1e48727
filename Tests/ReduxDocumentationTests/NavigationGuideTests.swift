// The code of docs/navigation.md, kept compiling and checked.
import Redux
import ReduxEffects
import ReduxTestSupport
import ReduxTesting
import Testing

private let printed = Printed()
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.record(items, separator: separator)
}

private struct Todo: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isDone = false
}

private struct TodosState: Equatable {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
}

private struct Toggle: Action {}
private struct AddTodo: Action { let title: String }

private let todoReducer = Reducer<Todo>.combine(
    .on(Toggle.self) { todo, _ in todo.isDone.toggle() },
    .binding()
)

private let todosReducer = Reducer<TodosState>.on(AddTodo.self) { state, action in
    state.todos.append(Todo(id: (state.todos.ids.last ?? 0) + 1, title: action.title))
}
.forEach(\.todos, element: todoReducer)

private let auditedReducer = Reducer<TodosState>.on(ElementAction.self) { state, element in
    if element.action is Toggle, let id = element.id as? Int {
        print("toggled", id, state.todos[id: id]?.isDone ?? false)
    }
}
.forEach(\.todos, element: todoReducer)

private struct EditorState: Equatable, Identifiable, Sendable {
    let id: Int
    var draft: String
}

private struct NotesState: Equatable {
    var notes: [Int: String] = [:]
    var editor: EditorState?
}

private struct EditNote: Action { let id: Int }
private struct SaveNote: Action {}

private let editorReducer = Reducer<EditorState>.binding()

private let notesReducer = Reducer<NotesState> { state, action in
    switch action {
    case let edit as EditNote:
        state.editor = EditorState(id: edit.id, draft: state.notes[edit.id] ?? "")
    case let element as ElementAction where element.action is SaveNote:
        // The parent sees the child's action with the child's last state, then closes the sheet.
        if let editor = state.editor { state.notes[editor.id] = editor.draft }
        state.editor = nil
    default:
        break
    }
}
.ifLet(\.editor, then: editorReducer)

private enum Destination: Equatable, Sendable {
    case editor(EditorState)
    case confirmDelete(id: Int)
}

private struct InboxState: Equatable {
    var destination: Destination?
}

private let destinationReducer = Reducer<Destination> { _, _ in }.ifLet(
    case: Destination.editor, then: editorReducer)
private let inboxReducer = Reducer<InboxState> { _, _ in }.ifLet(\.destination, then: destinationReducer)

private enum Screen: Equatable, Sendable {
    case detail(EditorState)
    case settings
}

private struct AppState: Equatable {
    var path = StackState<Screen>()
}

private struct ShowDetail: Action { let id: Int }

private let screenReducer = Reducer<Screen> { _, _ in }.ifLet(case: Screen.detail, then: editorReducer)
private let appReducer = Reducer<AppState>.on(ShowDetail.self) { state, action in
    state.path.push(.detail(EditorState(id: action.id, draft: "")))
}
.forEach(\.path, destination: screenReducer)

private struct Ticker: Equatable { var ticks = 0 }
private struct Appeared: Action {}
private struct Tick: Action {}

private func tickerReducer(clock: some Clock<Duration>) -> Reducer<Ticker> {
    .combine(
        .commands(on: Appeared.self) { _, _ in
            .run { send in
                while true {
                    try await clock.sleep(for: .seconds(1))
                    send(Tick())
                }
            }
        },
        .on(Tick.self) { state, _ in state.ticks += 1 }
    )
}

// MARK: Stack actions

private enum EditorDelegate: Action, Equatable { case deleteRequested }

private struct NotebookState: Equatable {
    var path = StackState<Screen>()
    var deleted: [Int] = []
}

private let notebookReducer = Reducer<NotebookState> { state, action in
    switch StackAction.of(action, at: \NotebookState.path) {
    case .element(let id, EditorDelegate.deleteRequested as EditorDelegate)?:
        if let editor = state.path[id: id]?[case: Screen.detail] { state.deleted.append(editor.id) }
        state.path.pop(from: id)
    case .popFrom, .push, .element, nil:
        break
    }
}
.forEach(\.path, destination: screenReducer)

// MARK: State several screens show

private struct Contact: Identifiable, Equatable, Sendable {
    let id: Int
    var name: String
}

private struct ContactScreen: Equatable, Sendable { var contact: Contact }
private struct RenameContact: Action { let name: String }

private let contactScreenReducer = Reducer<ContactScreen>.on(RenameContact.self) { state, action in
    state.contact.name = action.name
}

private struct PhoneBook: Equatable, SharedValues {
    var contacts: IdentifiedArrayOf<Contact> = [Contact(id: 1, name: "Ada")]
    var path = StackState<ContactScreen>()

    static var sharing: [Sharing<PhoneBook>] {
        [.values(of: \.contacts, in: \.path, at: .member(\.contact))]
    }
}

private let phoneBookReducer = Reducer<PhoneBook> { _, _ in }.forEach(\.path, destination: contactScreenReducer)

// MARK: Alerts and confirmation dialogs

private enum DeleteAlert: Action, Equatable { case confirm }
private struct DeleteNoteTapped: Action {}

private struct NoteState: Equatable {
    var alert: AlertState<DeleteAlert>?
    var isDeleted = false
}

private let noteReducer = Reducer<NoteState> { state, action in
    switch action {
    case is DeleteNoteTapped:
        state.alert = AlertState(
            title: "Delete this note?", message: "This cannot be undone.",
            buttons: [.destructive("Delete", action: .confirm), .cancel("Keep")])
    case let choice as DeleteAlert where choice == .confirm:
        state.isDeleted = true  // the alert is still shown here; it closes after
    default:
        break
    }
}
.alert(\.alert)

@MainActor
@Suite(.serialized)
struct NavigationGuideTests {
    @Test func rowsDispatchToTheirElements() {
        printed.reset()
        let store = Store(initialState: TodosState(), reducer: todosReducer)
        let rows = store.scopes(\.todos)  // ForEach(rows) { row in TodoRow(store: row) }
        rows[1].dispatch(Toggle())  // reaches todoReducer for todo 2
        rows[0].set(\.title, to: "Oat milk")  // a binding, applied to todo 1
        print(store.todos.map(\.title), store.todos[id: 2]?.isDone ?? false)  // ["Oat milk", "Eggs"] true
        #expect(printed.lines == [#"["Oat milk", "Eggs"] true"#])
        store.dispatch(AddTodo(title: "Tea"))
        #expect(store.todos.ids.map { $0 } == [1, 2, 3])
    }

    @Test func theParentSeesTheElementAfterItsReducer() {
        printed.reset()
        let store = Store(initialState: TodosState(), reducer: auditedReducer)
        store.scope(\.todos, id: 1)?.dispatch(Toggle())
        #expect(printed.lines == ["toggled 1 true"])
        #expect("\(ElementAction(\TodosState.todos, id: 2, Toggle()))" == "todos[id: 2]: Toggle()")
    }

    @Test func aSheetFromOptionalState() {
        printed.reset()
        let notes = Store(initialState: NotesState(), reducer: notesReducer)
        notes.dispatch(EditNote(id: 1))
        if let editor = notes.scope(ifPresent: \.editor) {  // .sheet(item: …) { EditorView(store: $0) }
            editor.set(\.draft, to: "Call Ada")
            editor.dispatch(SaveNote())
        }
        print(notes.notes, notes.scope(ifPresent: \.editor) == nil)  // [1: "Call Ada"] true
        #expect(printed.lines == [#"[1: "Call Ada"] true"#])
    }

    @Test func anEnumDestinationsCaseIsReachedAndDismissesItsDestination() throws {
        printed.reset()
        let inbox = Store(
            initialState: InboxState(destination: .editor(EditorState(id: 1, draft: ""))), reducer: inboxReducer)
        if let editor = inbox.scope(ifPresent: \.destination)?.scope(case: Destination.editor) {  // .sheet(item: …)
            editor.set(\.draft, to: "Hello")
            #expect(inbox.destination == .editor(EditorState(id: 1, draft: "Hello")))
            editor.dispatch(Dismiss())  // closes the destination
        }
        print(inbox.destination == nil)  // true
        #expect(printed.lines == ["true"])
    }

    @Test func anAlertsButtonClosesItBeforeTheReducerSeesIt() {
        printed.reset()
        let note = Store(initialState: NoteState(), reducer: noteReducer)
        note.dispatch(DeleteNoteTapped())
        if let alert = note.alert { note.tap(alert.buttons[0], in: \.alert) }  // the view's "Delete" button
        print(note.isDeleted, note.alert == nil)  // true true
        #expect(printed.lines == ["true true"])
    }

    @Test func aParentMatchesWhatHappenedToItsStack() {
        printed.reset()
        let notebook = Store(initialState: NotebookState(), reducer: notebookReducer)
        notebook.dispatch(StackAction<Screen>.push(.detail(EditorState(id: 7, draft: ""))))  // a NavigationLink
        if let top = notebook.path.ids.last {
            notebook.scope(\.path, id: top)?.scope(\.state).scope(case: Screen.detail)?.dispatch(
                EditorDelegate.deleteRequested)
        }
        print(notebook.deleted, notebook.path.isEmpty)  // [7] true
        #expect(printed.lines == ["[7] true"])
    }

    @Test func screensShowTheValueTheListOwns() async {
        printed.reset()
        let book = Store(initialState: PhoneBook(), reducer: phoneBookReducer)
        book.dispatch(StackAction<ContactScreen>.push(ContactScreen(contact: book.contacts[0])))
        book.dispatch(StackAction<ContactScreen>.push(ContactScreen(contact: book.contacts[0])))  // shown twice
        if let top = book.path.ids.last {
            book.scope(\.path, id: top)?.scope(\.state).dispatch(RenameContact(name: "Ada L."))
        }
        print(book.contacts[0].name, book.path.map(\.state.contact.name))  // Ada L. ["Ada L.", "Ada L."]
        #expect(printed.lines == [#"Ada L. ["Ada L.", "Ada L."]"#])

        // A test asserts the change once, on the owned value.
        var state = PhoneBook()
        state.path.push(ContactScreen(contact: state.contacts[0]))
        let store = TestStore(initialState: state, reducer: phoneBookReducer)
        if let screen = store.state.path.ids.first {
            await store.root.path[id: screen].state.dispatch(RenameContact(name: "Ada L.")) {
                $0.contacts[id: 1]?.name = "Ada L."
            }
        }
    }

    @Test func aNavigationStack() {
        printed.reset()
        let app = Store(initialState: AppState(), reducer: appReducer)
        app.dispatch(ShowDetail(id: 1))
        app.dispatch(ShowDetail(id: 2))
        if let top = app.state.path.ids.last,
            let detail = app.scope(\.path, id: top)?.scope(\.state).scope(case: Screen.detail)
        {
            detail.set(\.draft, to: "second")
            detail.dispatch(Dismiss())  // pops this screen and every screen above it
        }
        print(app.path.count)  // 1
        #expect(printed.lines == ["1"])
    }

    @Test func workTiedToAScreensLifetime() async {
        let clock = TestClock()
        let store = Store(
            initialState: Ticker(), reducer: tickerReducer(clock: clock))
        // In the view: .task { await store.send(Appeared()) } — the timer ends when the view goes away.
        let view = Task { @MainActor in await store.send(Appeared()) }
        await clock.advance(by: .seconds(2))
        view.cancel()
        await view.value
        await clock.advance(by: .seconds(2))
        #expect(store.ticks == 2)
        #expect(store.effects.isEmpty)
    }
}

private struct TapStats: Equatable, Sendable { var taps = 0 }

private struct TapTab: Equatable, SharedState {
    var stats = TapStats()
    static let shared: [SharedMember<Self>] = [.inMemory("stats", \.stats)]
}

private struct Tap: Action {}

private let tapTabReducer = Reducer<TapTab>.on(Tap.self) { tab, _ in tab.stats.taps += 1 }

private struct TwoTabs: Equatable {
    var counter = TapTab()
    var profile = TapTab()
    var sheet: TapTab?
}

private let twoTabsReducer = Reducer<TwoTabs>.combine(
    .scope(\.counter, tapTabReducer),
    .scope(\.profile, tapTabReducer)
)
.ifLet(\.sheet, then: tapTabReducer)

@MainActor
struct NavigationSharedStateGuideTests {
    @Test func sharedValuesAFeatureDeclares() {
        var lines: [String] = []
        func print(_ items: Any...) { lines.append(items.map { "\($0)" }.joined(separator: " ")) }
        let tabs = Store(initialState: TwoTabs(), reducer: twoTabsReducer)
        tabs.scope(\.counter).dispatch(Tap())
        print(tabs.counter.stats.taps, tabs.profile.stats.taps)  // 1 1
        #expect(lines == ["1 1"])
    }
}
