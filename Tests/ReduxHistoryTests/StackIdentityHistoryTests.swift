import Foundation
import Redux
import Testing

@testable import ReduxHistory

// Issue 45, "Stack identifiers are state": a session with a navigation stack replays, travels and
// goes through files with every action naming the same screen.

struct NoteScreen: Codable, Equatable, Sendable {
    var title: String
}

struct NotesState: Codable, Equatable, Sendable {
    var path = StackState<NoteScreen>()
    var log: [String] = []
}

struct RenameNote: Action, Codable, Equatable { let title: String }
struct MarkNote: Action, Codable, Equatable { let text: String }

let stackNotesReducer = Reducer<NotesState>.on(MarkNote.self) { state, action in state.log.append(action.text) }
    .forEach(\.path, destination: .on(RenameNote.self) { state, action in state.title = action.title })

@MainActor
struct StackIdentityHistoryTests {
    /// MarkNote, push, push, rename the second through its id, pop it by id (a back button).
    func session() -> (HistoryRecorder<NotesState>, Store<NotesState>) {
        let recorder = HistoryRecorder<NotesState>(snapshotEvery: 100, reducer: stackNotesReducer)
        let store = Store(
            initialState: NotesState(), reducer: recorder.reducer(stackNotesReducer), middleware: [recorder.middleware])
        store.dispatch(MarkNote(text: "start"))
        store.dispatch(StackAction<NoteScreen>.push(NoteScreen(title: "a")))
        store.dispatch(StackAction<NoteScreen>.push(NoteScreen(title: "b")))
        let second = store.state.path.ids[1]
        store.dispatch(StackAction<NoteScreen>.element(id: second, action: RenameNote(title: "b2")))
        store.dispatch(StackAction<NoteScreen>.popFrom(id: second))
        return (recorder, store)
    }

    @Test func aSessionWithANavigationStackReplays() throws {
        let (recorder, store) = session()
        #expect(store.state.path.ids == [0])
        let recording = try #require(recorder.recording)
        let replay = recording.replay(with: stackNotesReducer)
        #expect(replay.isFaithful, "\(replay)")
        #expect(replay.finalState == store.state)
        #expect(replay.finalState.path.nextScreenID == 2)
    }

    @Test func skippingAnUnrelatedStepKeepsThePoppedScreenPopped() throws {
        let (recorder, store) = session()
        recorder.toggleSkip(0)  // the MarkNote: nothing to do with the stack
        #expect(store.state.log == [])
        #expect(store.state.path.map(\.state.title) == ["a"], "the popped screen came back")
        recorder.toggleSkip(0)
        #expect(store.state.log == ["start"])
        #expect(store.state.path.map(\.state.title) == ["a"])
    }

    @Test func aStackGoesThroughAFileWithItsIdentifiersAndNextNumber() throws {
        var state = NotesState()
        state.path.push(NoteScreen(title: "a"))
        state.path.push(NoteScreen(title: "b"))
        state.path.push(NoteScreen(title: "c"))
        state.path.pop(from: 2)
        let data = try JSONEncoder().encode(state)
        #expect(String(decoding: data, as: UTF8.self).contains(#""next":3"#))
        var decoded = try JSONDecoder().decode(NotesState.self, from: data)
        #expect(decoded == state)
        #expect(decoded.path.ids == [0, 1])
        // A decoded stack never gives a number again: #2 was popped before it was written.
        #expect(decoded.path.push(NoteScreen(title: "d")) == 3)
    }

    @Test func aDecodedStackRaisesItsNextNumberPastEveryScreen() throws {
        let json = #"{"path": {"next": 0, "screens": [{"id": 4, "state": {"title": "x"}}]}, "log": []}"#
        var decoded = try JSONDecoder().decode(NotesState.self, from: Data(json.utf8))
        #expect(decoded.path.ids == [4])
        #expect(decoded.path.push(NoteScreen(title: "y")) == 5)
        // A repeated identifier is refused.
        let repeated =
            #"{"path": {"next": 0, "screens": [{"id": 1, "state": {"title": "x"}}, "#
            + #"{"id": 1, "state": {"title": "y"}}]}, "log": []}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NotesState.self, from: Data(repeated.utf8)) }
    }

    @Test func aStackWrittenBeforeIdentifiersWereStateIsRead() throws {
        let json = #"{"path": [{"title": "x"}, {"title": "y"}], "log": []}"#
        var decoded = try JSONDecoder().decode(NotesState.self, from: Data(json.utf8))
        #expect(decoded.path.map(\.state.title) == ["x", "y"])
        let pushed = decoded.path.push(NoteScreen(title: "z"))
        #expect(Set(decoded.path.ids).count == 3 && decoded.path.ids.last == pushed)
        // Written again, it reads back with the same identifiers.
        let again = try JSONDecoder().decode(NotesState.self, from: try JSONEncoder().encode(decoded))
        #expect(again == decoded)
    }

    @Test func equalityComparesIdentifiers() {
        var one = StackState<NoteScreen>()
        one.push(NoteScreen(title: "a"))
        var other = StackState<NoteScreen>()
        other.push(NoteScreen(title: "x"))
        other.removeAll()
        other.push(NoteScreen(title: "a"))  // #1
        #expect(one.map(\.state) == other.map(\.state))
        #expect(one != other)
    }
}

/// Issue 65: skipping a recorded push is "as if that step never happened, the rest as recorded": a
/// screen pushed after it keeps the number it had (the push's number is taped with its step, as a
/// generated identifier is), so what was sent to it still reaches it — in the live store's
/// recomputation, a replay, and a recording's file.
@MainActor
struct SkippedPushTests {
    /// Given to the store: its reductions are taped (what a recorder keeps of generated values).
    struct NotesDependencies: Sendable {}

    static let actions = ActionRegistry().registering(RenameNote.self).registering(MarkNote.self)
        .registering(StackAction<NoteScreen>.self)

    @Test func skippingAPushKeepsTheScreensPushedAfterIt() throws {
        let recorder = HistoryRecorder<NotesState>(snapshotEvery: 100, reducer: stackNotesReducer)
        let store = Store(
            initialState: NotesState(), reducer: recorder.reducer(stackNotesReducer),
            middleware: [recorder.middleware], dependencies: NotesDependencies())
        store.dispatch(StackAction<NoteScreen>.push(NoteScreen(title: "A")))  // step 0: #0
        store.dispatch(StackAction<NoteScreen>.push(NoteScreen(title: "B")))  // step 1: #1
        store.dispatch(StackAction<NoteScreen>.element(id: 1, action: RenameNote(title: "typed into B")))
        #expect(store.state.path.ids == [0, 1])
        let live = store.state

        recorder.toggleSkip(0)  // as if A had never been pushed
        #expect(store.state.path.ids == [1], "B keeps its number")
        #expect(store.state.path.map(\.state.title) == ["typed into B"], "what was typed into B is kept")
        #expect(store.state.path.nextScreenID == 2)
        recorder.toggleSkip(0)
        #expect(store.state == live)

        // The numbers go through a replay and a file with their steps.
        let recording = try #require(recorder.recording)
        #expect(recording.steps[1].generated.contains { $0 as? StackElementID == 1 })
        let replay = recording.replay(with: stackNotesReducer, dependencies: NotesDependencies())
        #expect(replay.isFaithful, "\(replay)")
        let file = try Recording<NotesState>(json: try recording.encoded(), actions: Self.actions)
        #expect(file.steps[1].generated.contains { $0 as? StackElementID == 1 })
        #expect(file.replay(with: stackNotesReducer, dependencies: NotesDependencies()).finalState == live)
    }

    /// A store given no dependencies: the recorder's reducer tapes the numbers itself.
    @Test func aStoreGivenNoDependenciesKeepsThemToo() throws {
        let recorder = HistoryRecorder<NotesState>(snapshotEvery: 100, reducer: stackNotesReducer)
        let store = Store(
            initialState: NotesState(), reducer: recorder.reducer(stackNotesReducer), middleware: [recorder.middleware])
        store.dispatch(StackAction<NoteScreen>.push(NoteScreen(title: "A")))
        store.dispatch(StackAction<NoteScreen>.push(NoteScreen(title: "B")))
        store.dispatch(StackAction<NoteScreen>.element(id: 1, action: RenameNote(title: "typed into B")))
        let live = store.state

        recorder.toggleSkip(0)
        #expect(store.state.path.ids == [1], "B keeps its number")
        #expect(store.state.path.map(\.state.title) == ["typed into B"])
        recorder.toggleSkip(0)
        #expect(store.state == live)
        let recording = try #require(recorder.recording)
        #expect(recording.replay(with: stackNotesReducer).isFaithful)
        let file = try Recording<NotesState>(json: try recording.encoded(), actions: Self.actions)
        let without = Recording(
            initialState: file.initialState, steps: file.steps.filter { $0.index != 0 }.map { $0.with(state: nil) })
        #expect(without.replay(with: stackNotesReducer).finalState.path.ids == [1], "through the file too")
    }
}
