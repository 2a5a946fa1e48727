import Redux
import ReduxHistory
import Testing

/// Issue 37, point 1: a reducer that reads the store's dependencies replays with the dependencies
/// the replay is given (without them it cannot run, and the replay says where it diverged).
@MainActor
struct ReplayDependenciesTests {
    struct Labels: Sendable { var prefix: String }

    static let reducer = Reducer<TodoState>(using: Labels.self) { state, action, labels in
        if let add = action as? AddTodo {
            state.todos.append(Todo(id: state.todos.count + 1, title: labels.prefix + add.title))
        }
    }

    @Test func aReplayReadsTheDependenciesItIsGiven() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1)
        let store = Store(
            initialState: TodoState(), reducer: recorder.reducer(Self.reducer), middleware: [recorder.middleware],
            dependencies: Labels(prefix: "• "))
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(AddTodo(title: "b"))
        #expect(store.state.todos.map(\.title) == ["• a", "• b"])
        let recording = try #require(recorder.recording)
        let report = recording.replay(with: Self.reducer, dependencies: Labels(prefix: "• "))
        #expect(report.isFaithful, "\(report)")
        #expect(report.finalState.todos.map(\.title) == ["• a", "• b"])
        // Without them the reducer cannot run: the replay diverges at the first step, and says so.
        #expect(!recording.replay(with: Self.reducer).isFaithful)
    }
}
