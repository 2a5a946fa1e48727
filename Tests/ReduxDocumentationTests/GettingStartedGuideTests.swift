import Redux
// The code of docs/getting-started.md, kept compiling and checked.
import ReduxTestSupport
import Testing

private struct TodoState: Equatable, Sendable {
    var todos: [String] = []
    var filter = ""
}

private struct AddTodo: Action { var title: String }
private struct RemoveTodo: Action { var index: Int }
private struct SetFilter: Action { var text: String }

private let todoReducer = Reducer<TodoState>.combine(
    .on(AddTodo.self) { state, action in state.todos.append(action.title) },
    .on(RemoveTodo.self) { state, action in
        if state.todos.indices.contains(action.index) { state.todos.remove(at: action.index) }
    },
    .on(SetFilter.self) { state, action in state.filter = action.text }
)

private let rejectEmptyTitles: Middleware<TodoState> = { dispatch, getState in
    { next in
        { action in
            if let add = action as? AddTodo, add.title.isEmpty { return }  // swallowed
            next(action)
        }
    }
}

private let printed = Printed()
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.record(items, separator: separator)
}

@MainActor
private func run() {
    let store = Store(initialState: TodoState(), reducer: todoReducer, middleware: [rejectEmptyTitles])

    let subscription = store.subscribe(to: \.todos) { todos in
        print("todos:", todos)  // called now with [], then on every change
    }

    store.dispatch(AddTodo(title: "Buy milk"))
    store.dispatch(AddTodo(title: ""))  // swallowed by the middleware
    store.dispatch(SetFilter(text: "milk"))  // todos unchanged: not delivered

    print(store.todos.count)  // 1 — members read through dynamic member lookup
    subscription.cancel()
}

@MainActor
struct GettingStartedGuideTests {
    @Test func gettingStartedGuide() {
        run()
        #expect(printed.lines == ["todos: []", #"todos: ["Buy milk"]"#, "1"])

        let store = Store(initialState: TodoState(), reducer: todoReducer, middleware: [rejectEmptyTitles])
        store.dispatch(AddTodo(title: "Buy milk"))
        store.dispatch(SetFilter(text: "milk"))
        #expect(store.filter == "milk")
        store.dispatch(RemoveTodo(index: 5))
        store.dispatch(RemoveTodo(index: 0))
        #expect(store.todos.isEmpty)
    }
}
