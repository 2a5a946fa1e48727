import Foundation
import Redux
import ReduxTestSupport
import Testing

@testable import ReduxHistory

/// Seed 004's image adjustments, with undo.
struct Adjustments: Equatable, Sendable {
    var brightness = 0
    var contrast = 0
    var caption = ""
}

struct EditorState: Equatable {
    var image = UndoHistory(Adjustments())
}

struct SetBrightness: Action { let value: Int }
struct TypeCaption: Action { let character: Character }
struct Select: Action {}

let adjustmentsReducer = Reducer<Adjustments>.combine(
    .on(SetBrightness.self) { state, action in state.brightness = action.value },
    .on(TypeCaption.self) { state, action in state.caption.append(action.character) },
    .binding()
)

let editorReducer = adjustmentsReducer.undoable(
    limit: 3,
    filter: { !($0 is Select) },
    group: { $0 is TypeCaption ? "typing" : nil }
).pullback(\EditorState.image)

@MainActor
struct UndoTests {
    @Test func undoRedoAndClear() {
        let store = Store(initialState: EditorState(), reducer: editorReducer)
        #expect(!store.image.canUndo)
        store.dispatch(SetBrightness(value: 1))
        store.dispatch(SetBrightness(value: 2))
        #expect(store.image.canUndo)
        store.dispatch(UndoAction<Adjustments>.undo)
        #expect(store.image.present.brightness == 1)
        #expect(store.image.canRedo)
        store.dispatch(UndoAction<Adjustments>.redo)
        #expect(store.image.present.brightness == 2)
        store.dispatch(UndoAction<Adjustments>.undo)
        store.dispatch(SetBrightness(value: 5))
        #expect(!store.image.canRedo, "a new change forgets what was undone")
        store.dispatch(UndoAction<Adjustments>.clearHistory)
        #expect(!store.image.canUndo && !store.image.canRedo)
        #expect(store.image.present.brightness == 5)
    }

    @Test func theLimitKeepsTheLatestSteps() {
        let store = Store(initialState: EditorState(), reducer: editorReducer)
        for value in 1...6 { store.dispatch(SetBrightness(value: value)) }
        #expect(store.image.past.map(\.brightness) == [3, 4, 5])
    }

    @Test func typingAWordIsOneStepAndUnchangedOrFilteredActionsMakeNone() {
        let store = Store(initialState: EditorState(), reducer: editorReducer)
        for character in "hello" { store.dispatch(TypeCaption(character: character)) }
        store.dispatch(SetBrightness(value: 0))  // no change: no step
        #expect(store.image.past.count == 1)
        store.dispatch(UndoAction<Adjustments>.undo)
        #expect(store.image.present.caption == "")
    }

    @Test func canUndoIsObservedAndBindingsThroughAScopeMakeSteps() {
        let store = Store(initialState: EditorState(), reducer: editorReducer)
        let probe = ObservationProbe.track { _ = store.image.canUndo }
        let image = store.scope(\.image.present)
        image.set(\.contrast, to: 7)
        #expect(store.image.present.contrast == 7)
        #expect(store.image.canUndo)
        #expect(probe.changes == 1)
        store.dispatch(UndoAction<Adjustments>.undo)
        #expect(image.contrast == 0)
    }
}

@MainActor
struct ReduxDevToolsTests {
    func recording() throws -> Recording<TodoState> {
        let recorder = HistoryRecorder<TodoState>(now: { fixedDate })
        let store = recordingStore(recorder)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(ToggleTodo(id: 1))
        return try #require(recorder.recording)
    }

    @Test func theExportIsTheToolsLiftedState() throws {
        let data = try ReduxDevTools.export(try recording(), reducer: todoReducer())
        let lifted = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(lifted["stagedActionIds"] as? [Int] == [0, 1, 2])
        #expect(lifted["skippedActionIds"] as? [Int] == [])
        #expect(lifted["currentStateIndex"] as? Int == 2)
        #expect(lifted["nextActionId"] as? Int == 3)
        let actions = try #require(lifted["actionsById"] as? [String: [String: Any]])
        #expect(actions["0"]?["type"] as? String == "PERFORM_ACTION")
        #expect((actions["0"]?["action"] as? [String: Any])?["type"] as? String == "@@INIT")
        let toggle = try #require(actions["2"]?["action"] as? [String: Any])
        #expect(toggle["type"] as? String == "ToggleTodo")
        #expect(toggle["id"] as? Int == 1, "its fields beside its type, as the tool keeps them")
        #expect(actions["1"]?["timestamp"] as? Double == fixedDate.timeIntervalSince1970 * 1000)
        let states = try #require(lifted["computedStates"] as? [[String: Any]])
        #expect(states.count == 3)
        let last = try #require(states.last?["state"] as? [String: Any])
        #expect((last["todos"] as? [[String: Any]])?.first?["isDone"] as? Bool == true)
        #expect(lifted["committedState"] is [String: Any])
        #expect(lifted["isLocked"] as? Bool == false)
        #expect(lifted["isPaused"] as? Bool == false)
        #expect(lifted.keys.contains("monitorState"))
        let liftedStateKeys: Set = [
            "monitorState", "nextActionId", "actionsById", "stagedActionIds", "skippedActionIds", "committedState",
            "currentStateIndex", "computedStates", "isLocked", "isPaused",
        ]
        #expect(Set(lifted.keys) == liftedStateKeys, "exactly the instrument's LiftedState")
    }

    @Test func aSessionRoundTripsThroughTheToolsFormat() throws {
        let original = try recording()
        let data = try ReduxDevTools.export(original, reducer: todoReducer())
        let read: Recording<TodoState> = try ReduxDevTools.importRecording(data, actions: registry)
        #expect(read.initialState == original.initialState)
        #expect(read.steps.map(\.description) == ["AddTodo(title: \"a\")", "ToggleTodo(id: 1)"])
        #expect(read.replay(with: todoReducer()).finalState == original.replay(with: todoReducer()).finalState)
    }

    /// A lifted state with each action's fields under `payload`, as this library wrote them before
    /// (the real tool's files are in DevToolsFileTests): ids as object keys, the first action
    /// `@@INIT`, a skipped action, and computed states the import does not trust.
    @Test func aLiftedStateFromTheToolKeepsWhatItSkippedMarkedSkipped() throws {
        let json = #"""
            {"actionsById":{"0":{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":1700000000000},
             "1":{"type":"PERFORM_ACTION","action":{"type":"AddTodo","payload":{"title":"a"}},"timestamp":1700000001000},
             "2":{"type":"PERFORM_ACTION","action":{"type":"AddTodo","payload":{"title":"skipped"}},"timestamp":1700000002000},
             "3":{"type":"PERFORM_ACTION","action":{"type":"Rename","payload":{}},"timestamp":1700000003000}},
             "computedStates":[{"state":{"todos":[],"token":"t","sent":0}},{"state":"not trusted"}],
             "committedState":{"todos":[],"token":"t","sent":0},
             "currentStateIndex":3,"nextActionId":4,"skippedActionIds":[2],"stagedActionIds":[0,1,2,3],
             "isLocked":false,"isPaused":false}
            """#
        let read: Recording<TodoState> = try ReduxDevTools.importRecording(Data(json.utf8), actions: registry)
        #expect(read.steps.map(\.typeName) == ["AddTodo", "AddTodo", "Rename"])
        #expect(read.steps.map(\.isSkipped) == [false, true, false])
        #expect(read.steps[2].problem == "Rename is not in the ActionRegistry")
        #expect(read.steps[0].date == Date(timeIntervalSince1970: 1_700_000_001))
        #expect(read.replay(with: todoReducer()).finalState.todos.map(\.title) == ["a"])
    }

    /// The extension's default export: the actions and the preloaded state, each a JSON string.
    @Test func theToolsDefaultExportIsRead() throws {
        let actions = #"[{"type":"AddTodo","payload":{"title":"x"}},{"type":"ToggleTodo","payload":{"id":1}}]"#
        let state = #"{"todos":[],"token":"t","sent":0}"#
        let file = try JSONSerialization.data(withJSONObject: ["payload": actions, "preloadedState": state])
        let read: Recording<TodoState> = try ReduxDevTools.importRecording(file, actions: registry)
        #expect(read.replay(with: todoReducer()).finalState.todos == [Todo(id: 1, title: "x", isDone: true)])
        #expect(throws: HistoryError.self) {
            let _: Recording<TodoState> = try ReduxDevTools.importRecording(Data("[1]".utf8), actions: registry)
        }
    }
}
