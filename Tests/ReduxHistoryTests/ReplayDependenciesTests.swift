import Foundation
import Redux
import ReduxEffects
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

    struct Generators: Sendable {
        var uuid: UUIDGenerator = .live
        var now: DateGenerator = .live
    }

    /// Each new todo is titled with a fresh identifier and stamped with the date: random and live.
    static let identified = Reducer<TodoState>(using: Generators.self) { state, action, generators in
        if action is AddTodo {
            state.todos.append(Todo(id: state.todos.count + 1, title: generators.uuid().uuidString))
            state.sent = Int(generators.now().timeIntervalSince1970)
        }
    }

    func liveSession(_ recorder: HistoryRecorder<TodoState>) -> Store<TodoState> {
        Store(
            initialState: TodoState(), reducer: recorder.reducer(Self.identified), middleware: [recorder.middleware],
            dependencies: Generators())
    }

    /// What no replay of a live session could do before: the random identifiers and the dates the
    /// reducer read are the ones the replay reads — from the recording, in memory and from its file.
    @Test func aLiveSessionReplaysWithTheIdentifiersAndDatesItSaw() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1)
        let store = liveSession(recorder)
        for title in ["a", "b", "c"] { store.dispatch(AddTodo(title: title)) }
        let recording = try #require(recorder.recording)
        let report = recording.replay(with: Self.identified, dependencies: Generators())
        #expect(report.isFaithful, "\(report)")
        #expect(report.finalState == store.state)
        let file = try recording.encoded()
        let read = try Recording<TodoState>(json: file, actions: ActionRegistry().registering(AddTodo.self))
        let fromFile = read.replay(with: Self.identified, dependencies: Generators())
        #expect(fromFile.isFaithful, "\(fromFile)")
        #expect(fromFile.finalState == store.state)
    }

    /// Issue 65: the Redux DevTools lifted state carries them too — beside each entry's action — so
    /// a session read back from the tool's file replays with the identifiers and dates it saw.
    @Test func aLiveSessionReplaysFromTheDevToolsLiftedState() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1)
        let store = liveSession(recorder)
        for title in ["a", "b", "c"] { store.dispatch(AddTodo(title: title)) }
        let recording = try #require(recorder.recording)
        let lifted = try ReduxDevTools.export(recording, reducer: Self.identified, dependencies: Generators())
        #expect(String(decoding: lifted, as: UTF8.self).contains("\"generated\":[{\"uuid\":"))
        let imported: Recording<TodoState> = try ReduxDevTools.importRecording(
            lifted, actions: ActionRegistry().registering(AddTodo.self))
        let report = imported.replay(with: Self.identified, dependencies: Generators())
        #expect(report.isFaithful, "\(report)")
        #expect(report.finalState == store.state)
        // A field this library did not write there is refused, naming it.
        let broken = String(decoding: lifted, as: UTF8.self).replacingOccurrences(
            of: "\"generated\":[{", with: "\"generated\":[7,{")
        #expect(throws: HistoryError.self) {
            let _: Recording<TodoState> = try ReduxDevTools.importRecording(
                Data(broken.utf8), actions: ActionRegistry().registering(AddTodo.self))
        }
    }

    /// Time travel recomputes with the values the store's generators made: skipping the first step
    /// keeps the identifiers of the others.
    @Test func timeTravelKeepsTheIdentifiersTheStepsSaw() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 10, reducer: Self.identified)
        let store = liveSession(recorder)
        for title in ["a", "b", "c"] { store.dispatch(AddTodo(title: title)) }
        let titles = store.state.todos.map(\.title)
        recorder.toggleSkip(0)
        #expect(store.state.todos.map(\.title) == Array(titles.dropFirst()))
        recorder.toggleSkip(0)
        #expect(store.state.todos.map(\.title) == titles)
    }

    /// A file whose generated values are broken is an error naming why, never a crash; one with a
    /// value of no known kind keeps the others, and the replay shows where it then diverges.
    @Test func brokenGeneratedValuesInAFileAreAnErrorOrADivergence() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1)
        let store = liveSession(recorder)
        store.dispatch(AddTodo(title: "a"))
        let file = String(decoding: try #require(recorder.recording).encoded(), as: UTF8.self)
        let registry = ActionRegistry().registering(AddTodo.self)
        let uuid = try #require(store.state.todos.first?.title)
        #expect(file.contains(uuid), "the identifier is in the file")
        let broken = file.replacingOccurrences(of: uuid, with: "not-an-identifier")
        #expect(throws: HistoryError.self) { try Recording<TodoState>(json: Data(broken.utf8), actions: registry) }
        let unknown = file.replacingOccurrences(of: "\"uuid\":\"\(uuid)\"", with: "\"colour\":\"red\"")
        #expect(unknown != file)
        let read = try Recording<TodoState>(json: Data(unknown.utf8), actions: registry)
        let report = read.replay(with: Self.identified, dependencies: Generators())
        #expect(report.divergence?.index == 0, "a fresh identifier, not the recorded one")
    }
}

/// Issue 46: a seeded random-number generator beside the identifier and date generators; what it
/// draws replays, from memory and from a file.
@MainActor
struct RandomGeneratorTests {
    struct Dice: Sendable { var random: RandomGenerator = .live }

    /// Each todo gets a shuffled title: random, live.
    static let shuffling = Reducer<TodoState>(using: Dice.self) { state, action, dice in
        guard let add = action as? AddTodo else { return }
        var random = dice.random
        state.todos.append(Todo(id: state.todos.count + 1, title: String(add.title.shuffled(using: &random))))
        state.sent = Int.random(in: 0..<1_000_000, using: &random)
    }

    @Test func aSeededGeneratorIsTheSameInEveryRunAndCopiesShareIt() {
        var one = RandomGenerator.seeded(42)
        var two = RandomGenerator.seeded(42)
        let first = (0..<5).map { _ in one.next() }
        #expect(first == (0..<5).map { _ in two.next() })
        #expect(Set(first).count == 5)
        // SplitMix64's first value for seed 42, as any implementation gives it.
        var three = RandomGenerator.seeded(42)
        #expect(three.next() == 0xBDD7_3226_2FEB_6E95)
        var copy = one
        var fresh = RandomGenerator.seeded(42)
        let sixth = (0..<6).map { _ in fresh.next() }[5]
        _ = copy.next()  // the sixth number, drawn by the copy
        #expect(one.next() != sixth, "copies share one sequence")
    }

    @Test func whatALiveGeneratorDrewReplaysFromMemoryAndFromAFile() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1, reducer: Self.shuffling)
        let store = Store(
            initialState: TodoState(), reducer: recorder.reducer(Self.shuffling), middleware: [recorder.middleware],
            dependencies: Dice())
        for title in ["abcdef", "ghijkl", "mnopqr"] { store.dispatch(AddTodo(title: title)) }
        let recording = try #require(recorder.recording)
        let report = recording.replay(with: Self.shuffling, dependencies: Dice())
        #expect(report.isFaithful, "\(report)")
        let read = try Recording<TodoState>(
            json: try recording.encoded(), actions: ActionRegistry().registering(AddTodo.self))
        let fromFile = read.replay(with: Self.shuffling, dependencies: Dice())
        #expect(fromFile.isFaithful, "\(fromFile)")
        #expect(fromFile.finalState == store.state)
        let titles = store.state.todos.map(\.title)
        recorder.toggleSkip(0)
        #expect(store.state.todos.map(\.title) == Array(titles.dropFirst()))
    }
}

/// Issue 63 §2: a store given nothing runs on a `FeatureDependencies` type's live value; what its
/// generators make — read by the reducer or by a state's initializer the reducer calls — is kept
/// with the step, so a replay and time travel see the identifiers the session saw.
@MainActor
struct LiveFeatureDependenciesHistoryTests {
    struct TitleDependencies: FeatureDependencies {
        var uuid: UUIDGenerator
        static var liveValue: Self { Self(uuid: .live) }
        static var testValue: Self { Self(uuid: .incrementing) }
    }

    /// Named by the generator in force, read in the todo's own initializer.
    nonisolated static func newTodo(number: Int) -> Todo {
        Todo(id: number, title: TitleDependencies.current.uuid().uuidString)
    }

    static let reducer = Reducer<TodoState>.on(AddTodo.self) { state, _ in
        state.todos.append(newTodo(number: state.todos.count + 1))
    }

    @Test func aStoreGivenNothingRecordsWhatItsLiveGeneratorsMade() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 10, reducer: Self.reducer)
        let store = Store(
            initialState: TodoState(), reducer: recorder.reducer(Self.reducer), middleware: [recorder.middleware])
        for title in ["a", "b", "c"] { store.dispatch(AddTodo(title: title)) }
        let titles = store.state.todos.map(\.title)
        #expect(Set(titles).count == 3)
        let recording = try #require(recorder.recording)
        let report = recording.replay(with: Self.reducer)
        #expect(report.isFaithful, "\(report)")
        #expect(report.finalState == store.state)
        recorder.toggleSkip(0)
        #expect(store.state.todos.map(\.title) == Array(titles.dropFirst()))
    }
}
