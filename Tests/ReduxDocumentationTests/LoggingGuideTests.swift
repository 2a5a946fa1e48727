// The code of docs/logging.md, kept compiling and checked; `docs/logging.md` quotes its output.
import Foundation
import Redux
import ReduxLogging
import ReduxTestSupport
import ReduxThunk
import Testing

private struct Todo: Equatable, Sendable { var title: String; var done = false }

private struct TodoState: Equatable, Sendable {
    var todos: [Todo] = []
    var filter: Filter = .all
    var session: String? = "secret-token"

    enum Filter: Equatable, Sendable { case all, open, search(String) }
}

private struct AddTodo: Action { var title: String }
private struct Toggle: Action { var index: Int }
private struct SetFilter: Action { var filter: TodoState.Filter }
private struct Tick: Action {}

private let todoReducer = Reducer<TodoState>.combine(
    .on(AddTodo.self) { state, action in state.todos.append(Todo(title: action.title)) },
    .on(Toggle.self) { state, action in state.todos[action.index].done.toggle() },
    .on(SetFilter.self) { state, action in state.filter = action.filter }
)

/// Stands in for standard output, so the test can check what the guide shows.
private let printed = Printed()
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.record(items, separator: separator)
}

private struct AppState: Equatable {}
private let appReducer = Reducer<AppState> { _, _ in }

@MainActor
private func putItLast() -> Store<AppState> {
    let store = Store(
        initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware(), loggingMiddleware()])
    return store
}

@MainActor
struct LoggingGuideTests {
    @Test func loggingGuide() {
        let options = LoggingOptions<TodoState>(
            predicate: { action, _ in !(action is Tick) },  // skip noisy actions
            stateTransformer: { state in
                var shown = state
                shown.session = shown.session.map { _ in "<redacted>" }  // secrets never reach the log
                return shown
            },
            sink: LogSink { print($0) }  // print, os.Logger, swift-log, a file…
        )
        let store = Store(initialState: TodoState(), reducer: todoReducer, middleware: [loggingMiddleware(options)])
        store.dispatch(AddTodo(title: "Write the guide"))
        store.dispatch(Tick())
        store.dispatch(Toggle(index: 0))
        store.dispatch(SetFilter(filter: .search("guide")))

        var collapsed = options
        collapsed.style = .collapsed
        collapsed.parts = [.diff]
        let quiet = Store(initialState: TodoState(), reducer: todoReducer, middleware: [loggingMiddleware(collapsed)])
        quiet.dispatch(AddTodo(title: "Ship it"))
        quiet.dispatch(SetFilter(filter: .open))

        let text = printed.lines.joined(separator: "\n")
        if ProcessInfo.processInfo.environment["PRINT_LOGGING_GUIDE"] != nil { Swift.print(text) }
        #expect(!text.contains("secret-token"))
        #expect(!text.contains("Tick"))
        #expect(text.contains(#"diff        todos[0]: added Todo(title: "Write the guide", done: false)"#))
        #expect(text.contains("diff        todos[0].done: false → true"))
        #expect(text.contains("action SetFilter @ "))
        #expect(text.contains(#" · todos[0]: added Todo(title: "Ship it", done: false)"#))
        #expect(putItLast().state == AppState())
    }
}
