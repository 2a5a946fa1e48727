import Foundation
import Redux
import ReduxEffects
import ReduxTestSupport
import ReduxTesting
import Testing

@testable import Redux
@testable import ReduxHistory

struct Todo: Codable, Equatable, Identifiable, Sendable {
    let id: Int
    var title: String
    var isDone = false
}

struct TodoState: Codable, Equatable, Sendable {
    var todos: [Todo] = []
    var token = "secret"
    var sent = 0
}

struct AddTodo: Action, Codable, Equatable { let title: String }
struct ToggleTodo: Action, Codable, Equatable { let id: Int }
struct Login: Action, Codable, Equatable { let password: String }
/// Not `Codable`: recorded by its description, not replayable from a file.
struct Opaque: Action {}
/// Returns work: travel and replay must not run it again.
struct Send: Action, Codable, Equatable {}

final class Counter: @unchecked Sendable {  // only touched on the main actor
    var value = 0
}

func todoReducer(sideEffects: Counter = Counter()) -> Reducer<TodoState> {
    .combine(
        .on(AddTodo.self) { state, action in state.todos.append(Todo(id: state.todos.count + 1, title: action.title)) },
        .on(ToggleTodo.self) { state, action in
            if let index = state.todos.firstIndex(where: { $0.id == action.id }) { state.todos[index].isDone.toggle() }
        },
        .commands(on: Send.self) { state, _ in
            state.sent += 1
            return .run { _ in await MainActor.run { sideEffects.value += 1 } }
        }
    )
}

let fixedDate = Date(timeIntervalSince1970: 1_700_000_000)

@MainActor
func recordingStore(
    _ recorder: HistoryRecorder<TodoState>, sideEffects: Counter = Counter()
) -> Store<TodoState> {
    Store(
        initialState: TodoState(), reducer: recorder.reducer(todoReducer(sideEffects: sideEffects)),
        middleware: [recorder.middleware])
}

let registry = ActionRegistry().registering(AddTodo.self).registering(ToggleTodo.self).registering(Login.self)
    .registering(Send.self)

@MainActor
struct RecordingTests {
    @Test func recordsActionsDatesAndStatesAtTheInterval() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 2, now: { fixedDate })
        let store = recordingStore(recorder)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(AddTodo(title: "b"))
        store.dispatch(ToggleTodo(id: 1))
        let recording = try #require(recorder.recording)
        #expect(recording.initialState == TodoState())
        #expect(recording.steps.map(\.index) == [0, 1, 2])
        #expect(recording.steps.map(\.typeName) == ["AddTodo", "AddTodo", "ToggleTodo"])
        #expect(recording.steps.map { $0.state != nil } == [false, true, false])
        #expect(recording.steps[1].state?.todos.map(\.title) == ["a", "b"])
        #expect(recording.steps[2].description == "ToggleTodo(id: 1)")
        #expect(recording.steps.allSatisfy { $0.date == fixedDate && $0.isReplayable })
    }

    @Test func theLimitDropsTheOldestAndSaysSo() throws {
        let recorder = HistoryRecorder<TodoState>(limit: 4, snapshotEvery: 2)
        let store = recordingStore(recorder)
        for index in 0..<10 { store.dispatch(AddTodo(title: "\(index)")) }
        let recording = try #require(recorder.recording)
        #expect(recording.steps.count <= 4 + 2)
        #expect(recording.droppedSteps + recording.steps.count == 10)
        #expect(recording.steps.first?.index == recording.droppedSteps)
        #expect(
            recording.initialState.todos.count == recording.droppedSteps,
            "the start is the state before the first kept step")
        #expect(recording.replay(with: todoReducer()).isFaithful)
    }

    @Test func pausedRecordingKeepsNothingAndRedactionHidesSecrets() throws {
        let recorder = HistoryRecorder<TodoState>(redact: { action in
            if action is Login { return nil }
            return action
        })
        let store = recordingStore(recorder)
        store.dispatch(AddTodo(title: "a"))
        recorder.isPaused = true
        store.dispatch(AddTodo(title: "not recorded"))
        recorder.isPaused = false
        store.dispatch(Login(password: "hunter2"))
        let recording = try #require(recorder.recording)
        #expect(recording.steps.map(\.typeName) == ["AddTodo", "Login"])
        #expect(recording.steps[1].problem == "redacted")
        #expect(!recording.steps[1].description.contains("hunter2"))
        let json = String(
            decoding: try recording.encoded(redactingState: {
                var s = $0; s.token = "<redacted>"; return s
            }), as: UTF8.self)
        #expect(!json.contains("hunter2"))
        #expect(!json.contains("secret"))
    }
}

@MainActor
struct RecordingFileTests {
    func recorded() throws -> Recording<TodoState> {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1, now: { fixedDate })
        let store = recordingStore(recorder)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(Opaque())
        store.dispatch(ToggleTodo(id: 1))
        return try #require(recorder.recording)
    }

    @Test func aRecordingRoundTripsThroughItsJSON() throws {
        let original = try recorded()
        let data = try original.encoded()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "swift-redux-history")
        #expect(object["version"] as? Int == 1)
        let read = try Recording<TodoState>(json: data, actions: registry)
        #expect(read.initialState == original.initialState)
        #expect(read.steps.map(\.typeName) == ["AddTodo", "Opaque", "ToggleTodo"])
        #expect(read.steps.map(\.isReplayable) == [true, false, true])
        #expect(read.steps[1].problem?.contains("not Codable") == true)
        #expect(read.steps[1].description == "Opaque()")
        #expect(read.steps.map(\.state) == original.steps.map(\.state))
        #expect(read.steps[0].date == fixedDate)
    }

    @Test func anOlderAppsActionsAreReportedStepByStep() throws {
        var text = String(decoding: try recorded().encoded(), as: UTF8.self)
        // An older version wrote `ToggleTodo` with another field; and `AddTodo` is no longer known.
        text = text.replacingOccurrences(of: #""action":{"id":1}"#, with: #""action":{"todoID":"1"}"#)
        let read = try Recording<TodoState>(
            json: Data(text.utf8), actions: ActionRegistry().registering(ToggleTodo.self))
        #expect(read.steps[0].problem == "AddTodo is not in the ActionRegistry")
        #expect(read.steps[2].problem?.hasPrefix("ToggleTodo no longer decodes") == true)
        let report = read.replay(with: todoReducer())
        #expect(report.problems.map(\.index) == [0, 1, 2])
        #expect(report.divergence == nil)
        #expect("\(report)".contains("step 2 (ToggleTodo) was not replayed: ToggleTodo no longer decodes"))
    }

    @Test func aByteBudgetDropsTheOldestStepsAndSaysSo() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 5)
        let store = recordingStore(recorder)
        for index in 0..<100 { store.dispatch(AddTodo(title: "todo number \(index)")) }
        let recording = try #require(recorder.recording)
        let whole = try recording.encoded()
        let budget = whole.count / 3
        let cut = try recording.encoded(maximumBytes: budget)
        #expect(cut.count <= budget)
        let read = try Recording<TodoState>(json: cut, actions: registry)
        #expect(read.droppedSteps > 0)
        #expect(read.droppedSteps + read.steps.count == 100)
        #expect(read.replay(with: todoReducer()).isFaithful)
        #expect(throws: HistoryError.self) { try recording.encoded(maximumBytes: 10) }
    }

    @Test func whatIsNotARecordingIsAClearError() {
        #expect(throws: HistoryError.self) { try Recording<TodoState>(json: Data("{".utf8), actions: registry) }
        #expect(throws: HistoryError.notARecording(reason: #"format is "other""#)) {
            try Recording<TodoState>(json: Data(#"{"format":"other","version":1}"#.utf8), actions: registry)
        }
        #expect(throws: HistoryError.unsupportedVersion(9, supported: 1)) {
            try Recording<TodoState>(
                json: Data(#"{"format":"swift-redux-history","version":9}"#.utf8), actions: registry)
        }
    }
}

@MainActor
struct ReplayTests {
    @Test func aBugReportBecomesATestThatShowsTheFirstDivergingStep() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1)
        let store = recordingStore(recorder)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(ToggleTodo(id: 1))
        store.dispatch(AddTodo(title: "b"))
        let attachment = try #require(recorder.recording).encoded()

        let recording = try Recording<TodoState>(json: attachment, actions: registry)
        #expect(recording.replay(with: todoReducer()).isFaithful)

        // The reducer changed since: toggling now does nothing.
        let changed = Reducer<TodoState>.combine(
            .on(AddTodo.self) { state, action in
                state.todos.append(Todo(id: state.todos.count + 1, title: action.title))
            }
        )
        let report = recording.replay(with: changed)
        let divergence = try #require(report.divergence)
        #expect(divergence.index == 1)
        #expect(divergence.diff == ["state.todos[0].isDone: true → false"])
        #expect("\(report)".hasPrefix("step 1 (ToggleTodo(id: 1)) left another state than recorded"))
    }

    @Test func replayRunsNoSideEffects() throws {
        let effects = Counter()
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1)
        let store = recordingStore(recorder, sideEffects: effects)
        store.dispatch(Send())
        let recording = try #require(recorder.recording)
        let replayedEffects = Counter()
        #expect(recording.replay(with: todoReducer(sideEffects: replayedEffects)).isFaithful)
        #expect(replayedEffects.value == 0)
    }
}

@MainActor
struct TimeTravelTests {
    @Test func jumpingShowsPastStatesToObserversWithoutSideEffects() async throws {
        let effects = Counter()
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1, reducer: todoReducer())
        let store = recordingStore(recorder, sideEffects: effects)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(Send())
        store.dispatch(AddTodo(title: "b"))
        await store.effects.waitForAll()
        #expect(effects.value == 1)
        var seen: [Int] = []
        let subscription = store.subscribe(to: \.todos.count) { seen.append($0) }
        recorder.jump(to: 0)
        #expect(store.state.todos.map(\.title) == ["a"])
        #expect(recorder.isPaused)
        recorder.stepBack()
        #expect(store.state == TodoState())
        recorder.stepForward()
        recorder.stepForward()
        #expect(store.state.sent == 1)
        recorder.resume()
        #expect(store.state.todos.map(\.title) == ["a", "b"])
        await store.effects.waitForAll()
        #expect(effects.value == 1, "travel never runs side effects again")
        #expect(seen == [2, 1, 0, 1, 2])
        #expect(try #require(recorder.recording).steps.count == 3, "travel is not recorded")
        subscription.cancel()
    }

    @Test func skippingAnActionRecomputesOnlyTheStatesAfterItFromTheNearestKeptState() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 3, reducer: todoReducer())
        let store = recordingStore(recorder)
        for title in ["a", "b", "c", "d", "e"] { store.dispatch(AddTodo(title: title)) }
        // Snapshots after steps 2 (index 2) — the nearest kept state before step 3.
        recorder.toggleSkip(3)
        #expect(store.state.todos.map(\.title) == ["a", "b", "c", "e"])
        #expect(recorder.recomputations == 1, "only step 4 was reduced again, from the state after step 2")
        recorder.toggleSkip(3)
        #expect(store.state.todos.map(\.title) == ["a", "b", "c", "d", "e"])
        #expect(recorder.recomputations == 3)
        recorder.toggleSkip(0)
        #expect(store.state.todos.map(\.title) == ["b", "c", "d", "e"].enumerated().map { _, t in t })
        #expect(recorder.isSkipped(0))
    }

    @Test func travelWithoutAReducerSaysWhyItCannot() throws {
        let warnings = Log<String>()
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { warnings.append($0) }
        defer { Diagnostics.sink = previous }
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 10)
        let store = recordingStore(recorder)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(AddTodo(title: "b"))
        recorder.jump(to: 0)
        #expect(store.state.todos.count == 2, "nothing to show: the state stays")
        #if DEBUG
            #expect(warnings.items.contains { $0.contains("created without a reducer") })
        #endif
    }

    @Test func commitStartsTheHistoryAtTheStateShown() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1, reducer: todoReducer())
        let store = recordingStore(recorder)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(AddTodo(title: "b"))
        recorder.jump(to: 0)
        recorder.commit()
        store.dispatch(AddTodo(title: "c"))
        let recording = try #require(recorder.recording)
        #expect(recording.initialState.todos.map(\.title) == ["a"])
        #expect(recording.steps.count == 1)
        #expect(store.state.todos.map(\.title) == ["a", "c"])
    }
}
