import Redux
import ReduxHistory
import Testing

/// A list that owns notes and a stack of editors that show them (`SharedValues`): recordings,
/// replay, time travel and undo see the states the store made, copies reconciled.
private struct Note: Identifiable, Equatable, Sendable {
    let id: Int
    var text: String
}

private struct Notes: Equatable, Sendable, SharedValues {
    var notes: IdentifiedArrayOf<Note> = [Note(id: 1, text: "a")]
    var path = StackState<Note>()

    static var sharing: [Sharing<Notes>] { [.values(of: \.notes, in: \.path, at: .member(\.self))] }
}

private struct Open: Action { let id: Int }
private struct TypeText: Action { let text: String }

/// The editor on top of the stack types into its copy; only the reconciliation reaches the list.
private let notesReducer = Reducer<Notes> { state, action in
    switch action {
    case let open as Open: if let note = state.notes[id: open.id] { state.path.push(note) }
    case let type as TypeText: if let top = state.path.ids.last { state.path[id: top]?.state.text = type.text }
    default: break
    }
}

@MainActor
struct SharedValuesHistoryTests {
    @Test func aRecordingReplaysFaithfullyAndTimeTravelShowsReconciledStates() throws {
        let recorder = HistoryRecorder<Notes>(snapshotEvery: 1, reducer: notesReducer)
        let store = Store(
            initialState: Notes(), reducer: recorder.reducer(notesReducer), middleware: [recorder.middleware])
        store.dispatch(Open(id: 1))
        store.dispatch(TypeText(text: "b"))
        store.dispatch(TypeText(text: "c"))
        #expect(store.state.notes[id: 1]?.text == "c")

        let recording = try #require(recorder.recording)
        #expect(recording.steps[1].state?.notes[id: 1]?.text == "b", "the recorded state is the reconciled one")
        let report = recording.replay(with: notesReducer)
        #expect(report.isFaithful, "\(report)")
        #expect(report.finalState.notes[id: 1]?.text == "c")

        recorder.toggleSkip(1)  // without "b", "c" is still typed
        #expect(store.state.notes[id: 1]?.text == "c")
        recorder.toggleSkip(2)
        #expect(store.state.notes[id: 1]?.text == "a")
        #expect(store.state.path.first?.state.text == "a")
    }

    @Test func undoRestoresTheOwnedValueAndItsCopies() {
        let store = Store(initialState: UndoHistory(Notes()), reducer: notesReducer.undoable())
        store.dispatch(Open(id: 1))
        store.dispatch(TypeText(text: "b"))
        #expect(store.state.present.notes[id: 1]?.text == "b")
        store.dispatch(UndoAction<Notes>.undo)
        #expect(store.state.present.notes[id: 1]?.text == "a")
        #expect(store.state.present.path.first?.state.text == "a")
    }
}

/// Issue 63 §3: shared values a feature declares (`SharedState`) are values to the history too —
/// replayed, travelled and skipped with every copy agreeing.
@MainActor
struct FeatureSharedStateHistoryTests {
    struct Tab: Equatable, Codable, Sendable, SharedState {
        var count = 0
        static let shared: [SharedMember<Self>] = [.inMemory("count", \.count)]
    }

    struct Tabs: Equatable, Codable, Sendable {
        var left = Tab()
        var right = Tab()
    }

    struct Bump: Action, Codable, Equatable { var by: Int }

    static let tab = Reducer<Tab>.on(Bump.self) { state, action in state.count += action.by }
    static let tabs = Reducer<Tabs>.combine(.scope(\.left, tab), .scope(\.right, tab))

    @Test func replayAndTimeTravelKeepEveryCopyAgreeing() throws {
        let recorder = HistoryRecorder<Tabs>(snapshotEvery: 10, reducer: Self.tabs)
        let store = Store(initialState: Tabs(), reducer: recorder.reducer(Self.tabs), middleware: [recorder.middleware])
        store.scope(\.left).dispatch(Bump(by: 1))
        store.scope(\.right).dispatch(Bump(by: 10))
        store.scope(\.left).dispatch(Bump(by: 100))
        #expect(store.state == Tabs(left: Tab(count: 111), right: Tab(count: 111)))
        let recording = try #require(recorder.recording)
        let replay = recording.replay(with: Self.tabs)
        #expect(replay.isFaithful, "\(replay)")
        recorder.toggleSkip(1)
        #expect(store.state == Tabs(left: Tab(count: 101), right: Tab(count: 101)), "skipped: still one value")
        recorder.jump(to: 0)
        #expect(store.state == Tabs(left: Tab(count: 1), right: Tab(count: 1)))
        let file = try Recording<Tabs>(json: try recording.encoded(), actions: ActionRegistry().registering(Bump.self))
        #expect(file.replay(with: Self.tabs).finalState.right.count == 111)
    }
}
