// The code of docs/swiftui.md. The SwiftUI views compile where SwiftUI exists (Apple platforms);
// everywhere, the test checks the mechanism the guide promises, with `withObservationTracking` —
// the tracking SwiftUI uses.
import Observation
import Redux
import ReduxAsync
import Testing

#if canImport(SwiftUI)
    import SwiftUI
#endif

private struct TodoState: Equatable {
    var todos: [String] = []
    var filter = ""
}

private struct SetFilter: Action { var text: String }
private struct AddTodo: Action { var title: String }

private struct LoadTodos: AsyncAction {
    var cancellationID: (any Hashable & Sendable)? { "load-todos" }

    @MainActor
    func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> TodoState) async throws {
        dispatch(AddTodo(title: "loaded"))
    }
}

private struct TodoItem: Identifiable, Equatable {
    let id: Int
    var title: String
    var isDone = false
}

private struct TodoListState: Equatable {
    var items: [TodoItem] = []
}

private struct SettingsState: Equatable {
    var email = ""
}

private struct EditorState: Equatable, Identifiable {
    let id: Int
    var draft = ""
}

private struct NotesState: Equatable {
    var editor: EditorState?
}

private enum AppScreenState: Equatable, Sendable {
    case detail(EditorState)
}

private struct AppPathState: Equatable {
    var path = StackState<AppScreenState>()
}

private struct StartRecording: Action {}

private let todoReducer = Reducer<TodoState>.combine(
    .on(SetFilter.self) { state, action in state.filter = action.text },
    .on(AddTodo.self) { state, action in state.todos.append(action.title) }
)

#if canImport(SwiftUI)
    private struct TodoCount: View {
        @Environment(Store<TodoState>.self) private var store

        var body: some View {
            Text("\(store.todos.count) to do")  // re-rendered when `todos` changes, not when `filter` does
        }
    }

    private struct TodoRows: View {
        let store: ScopedStore<TodoListState>

        var body: some View {
            List(store.scopes(\.items)) { row in  // re-rendered when rows come and go
                TodoRow(row: row)
            }
        }
    }

    private struct TodoRow: View {
        let row: ScopedStore<TodoItem>

        var body: some View {
            Toggle(row.title, isOn: Binding(get: { row.isDone }, set: { row.set(\.isDone, to: $0) }))
        }
    }

    private struct EmailField: View {
        let settings: ScopedStore<SettingsState>

        var body: some View {
            TextField("Email", text: Binding(get: { settings.email }, set: { settings.set(\.email, to: $0) }))
        }
    }

    private struct FilterField: View {
        @Environment(Store<TodoState>.self) private var store

        var body: some View {
            TextField(
                "Filter",
                text: Binding(
                    get: { store.filter },
                    set: { store.dispatch(SetFilter(text: $0)) }
                ))
        }
    }

    private struct NotesList: View {
        let store: Store<NotesState>
        var body: some View { Text("Notes") }
    }

    private struct EditorView: View {
        let store: ScopedStore<EditorState>
        var body: some View { Text(store.draft) }
    }

    private struct NotesScreen: View {
        let store: Store<NotesState>

        var body: some View {
            NotesList(store: store)
                .sheet(
                    item: Binding(
                        get: { store.scope(ifPresent: \.editor) },
                        set: { if $0 == nil { store.scope(ifPresent: \.editor)?.dispatch(Dismiss()) } }
                    )
                ) { editor in
                    EditorView(store: editor)
                }
        }
    }

    private struct AppScreen: View {
        let store: Store<AppPathState>

        var body: some View {
            NavigationStack(
                path: Binding(
                    get: { Array(store.path.ids) },
                    set: { ids in
                        if let popped = store.path.ids.first(where: { !ids.contains($0) }) {
                            store.dispatch(StackAction<AppScreenState>.popFrom(id: popped))
                        }
                    })
            ) {
                Text("Root")
                    .navigationDestination(for: StackElementID.self) { id in
                        if let editor = store.scope(\.path, id: id)?.scope(\.state).scope(case: AppScreenState.detail) {
                            EditorView(store: editor)
                        }
                    }
            }
        }
    }

    private struct RecorderScreen: View {
        let store: ScopedStore<EditorState>

        var body: some View {
            Text(store.draft)
                .task { await store.send(StartRecording()) }
        }
    }

    private struct SearchScreen: View {
        @Environment(Store<TodoState>.self) private var store

        var body: some View {
            List(store.todos, id: \.self) { Text($0) }
                .task { store.dispatch(LoadTodos()) }
                .onDisappear { store.dispatch(CancelAsyncAction(id: "load-todos")) }
        }
    }
#endif

private final class Renders: @unchecked Sendable {
    var count = 0
}

@MainActor
struct SwiftUIGuideTests {
    @Test func swiftUIGuide() async {
        let store = Store(initialState: TodoState(), reducer: todoReducer, middleware: [asyncActionMiddleware()])
        // What `TodoCount.body` reads: only `todos`.
        let renders = Renders()
        withObservationTracking {
            _ = store.todos.count
        } onChange: {
            renders.count += 1
        }
        store.dispatch(SetFilter(text: "milk"))  // another member: no re-render
        #expect(renders.count == 0)
        // The binding's get/set pair.
        let get = { store.filter }
        let set = { (text: String) in store.dispatch(SetFilter(text: text)) }
        set("bread")
        #expect(get() == "bread")
        // `.task`: the async action's work.
        store.dispatch(LoadTodos())
        await store.effects.waitForAll()
        #expect(store.todos == ["loaded"])
        #expect(renders.count == 1)
    }

    /// What `TodoRows`, `TodoRow` and `EmailField` rely on, without SwiftUI.
    @Test func rowsAndBindingsOfTheGuide() throws {
        struct App: Equatable {
            var list = TodoListState(items: [TodoItem(id: 1, title: "milk"), TodoItem(id: 2, title: "bread")])
            var settings = SettingsState()
        }
        let store = Store(
            initialState: App(),
            reducer: .combine(
                Reducer<TodoItem>.binding(only: [\.isDone]).forEach(\TodoListState.items).pullback(\App.list),
                Reducer<SettingsState>.binding(only: [\.email]).pullback(\App.settings)))
        let rows = store.scope(\.list).scopes(\.items)
        let other = Renders()
        withObservationTracking {
            _ = rows[1].isDone
        } onChange: {
            other.count += 1
        }
        // The toggle's binding: get and set.
        let isOn = (get: { rows[0].isDone }, set: { (value: Bool) in rows[0].set(\.isDone, to: value) })
        isOn.set(true)
        #expect(isOn.get())
        #expect(other.count == 0)
        store.scope(\.settings).set(\.email, to: "ash@example.com")
        #expect(store.state.settings.email == "ash@example.com")
    }
}
