// The code of docs/history.md, kept compiling and checked.
import Foundation
import Redux
import ReduxHistory
import ReduxTestSupport
import Testing

private let printed = Printed()
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.record(items, separator: separator)
}

private struct Note: Codable, Equatable, Sendable {
    var text: String
}

private struct NotesState: Codable, Equatable, Sendable {
    var notes: [Note] = []
    var password = ""
}

private struct AddNote: Action, Codable { let text: String }
private struct SignIn: Action, Codable { let password: String }

private let notesReducer = Reducer<NotesState>.combine(
    .on(AddNote.self) { state, action in state.notes.append(Note(text: action.text)) },
    .on(SignIn.self) { state, action in state.password = action.password }
)

private let actions = ActionRegistry().registering(AddNote.self).registering(SignIn.self)

/// A recording of three notes, as a user's bug report would carry it.
@MainActor
private func bugReport() throws -> Data {
    let recorder = HistoryRecorder<NotesState>(snapshotEvery: 1)
    let store = Store(initialState: NotesState(), reducer: notesReducer, middleware: [recorder.middleware])
    for text in ["a", "b", "c"] { store.dispatch(AddNote(text: text)) }
    return try #require(recorder.recording).encoded()
}

private struct Adjustments: Equatable, Sendable {
    var brightness = 0
    var caption = ""
}

private struct SetBrightness: Action { let value: Int }
private struct TypeCaption: Action { let character: Character }

private struct PhotoState: Equatable {
    var adjustments = UndoHistory(Adjustments())
}

private let photoReducer = Reducer<Adjustments>.combine(
    .on(SetBrightness.self) { state, action in state.brightness = action.value },
    .on(TypeCaption.self) { state, action in state.caption.append(action.character) },
    .binding()
)
.undoable(limit: 50, group: { $0 is TypeCaption ? "typing" : nil })  // a typed word is one step
.pullback(\PhotoState.adjustments)

@MainActor
@Suite(.serialized)
struct HistoryGuideTests {
    @Test func recordExportExchangeAndTravel() throws {
        printed.reset()
        let recorder = HistoryRecorder<NotesState>(
            limit: 500, snapshotEvery: 50, reducer: notesReducer,
            redact: { action in action is SignIn ? nil : action })  // never keep a password
        let store = Store(
            initialState: NotesState(), reducer: recorder.reducer(notesReducer), middleware: [recorder.middleware])

        store.dispatch(SignIn(password: "hunter2"))
        store.dispatch(AddNote(text: "Buy milk"))
        let attachment = try recorder.recording?.encoded(redactingState: { state in
            var state = state
            state.password = ""
            return state
        })
        print(String(decoding: attachment ?? Data(), as: UTF8.self).contains("hunter2"))  // false

        if let recording = recorder.recording {
            let file = try ReduxDevTools.export(recording, reducer: notesReducer)
            let back: Recording<NotesState> = try ReduxDevTools.importRecording(file, actions: actions)
            print(back.steps.count == recording.steps.count)  // true
        }

        recorder.jump(to: 0)  // the state after the first step; recording pauses
        recorder.stepBack()  // the start state
        recorder.stepForward()
        recorder.toggleSkip(0)  // the states after step 0 recomputed without it
        recorder.resume()  // back to the latest state; recording resumes
        recorder.commit()  // the state shown becomes the start of the history
        print(store.notes.count)  // 1
        #expect(printed.lines == ["false", "true", "1"])
        #expect(store.password == "", "a redacted action is not reduced again by travel")
    }

    @Test func theBugReportReplays() throws {
        let attachment = try bugReport()
        let recording = try Recording<NotesState>(json: attachment, actions: actions)
        let report = recording.replay(with: notesReducer)
        #expect(report.isFaithful, "\(report)")
    }

    @Test func undoAWord() {
        printed.reset()
        let photo = Store(initialState: PhotoState(), reducer: photoReducer)
        photo.dispatch(SetBrightness(value: 3))
        for character in "sunset" { photo.dispatch(TypeCaption(character: character)) }
        photo.dispatch(UndoAction<Adjustments>.undo)  // the whole word
        print(photo.adjustments.present.caption.isEmpty, photo.adjustments.canRedo)  // true true
        photo.scope(\.adjustments.present).set(\.brightness, to: 5)  // bindings make steps too
        #expect(printed.lines == ["true true"])
        #expect(photo.adjustments.present.brightness == 5)
        #expect(photo.adjustments.past.map(\.brightness) == [0, 3])
    }
}
