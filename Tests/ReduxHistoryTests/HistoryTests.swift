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
        // Step 1 by the interval; the last one carries where the session ended.
        #expect(recording.steps.map { $0.state != nil } == [false, true, true])
        #expect(recording.steps[1].state?.todos.map(\.title) == ["a", "b"])
        #expect(recording.steps[2].description == "ToggleTodo(id: 1)")
        #expect(recording.steps.allSatisfy { $0.date == fixedDate && $0.isReplayable })
    }

    /// The recorder asks to be told of each reduction (`observeReductions`) while its factory runs:
    /// a store whose middleware are listed with a `MiddlewareBuilder` tells it as an array's does.
    @Test func aListedRecorderRecordsAsAnArraysDoes() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 2, now: { fixedDate })
        let passThrough: Middleware<TodoState> = { _, _ in { next in { action in next(action) } } }
        let store = Store(initialState: TodoState(), reducer: recorder.reducer(todoReducer())) {
            passThrough
            recorder.middleware
        }
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(AddTodo(title: "b"))
        store.dispatch(ToggleTodo(id: 1))
        let recording = try #require(recorder.recording)
        #expect(recording.steps.map(\.typeName) == ["AddTodo", "AddTodo", "ToggleTodo"])
        #expect(recording.steps.map { $0.state != nil } == [false, true, true])
        #expect(recording.replay(with: todoReducer()).isFaithful)
    }

    @Test func aShortSessionWithABrokenReducerIsNotReplayedFaithfully() throws {
        // Three actions, no snapshot yet (one every 50): before, no recorded state was compared
        // and any reducer replayed "faithfully".
        let recorder = HistoryRecorder<TodoState>()
        let store = recordingStore(recorder)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(AddTodo(title: "b"))
        store.dispatch(ToggleTodo(id: 1))
        let recording = try #require(recorder.recording)
        #expect(recording.replay(with: todoReducer()).isFaithful)
        let broken = Reducer<TodoState> { _, _ in }
        #expect(!recording.replay(with: broken).isFaithful)
        recorder.isPaused = true
        #expect(recorder.recording?.steps.last?.state == nil, "paused: the store's state may be ahead")
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

    @Test func aPauseIsAStepThatCarriesTheStateAndRedactionHidesSecrets() throws {
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
        #expect(recording.steps.map(\.typeName) == ["AddTodo", "RecordingPaused", "Login"])
        #expect(recording.steps[1].problem?.contains("1 action was reduced meanwhile") == true)
        #expect(recording.steps[1].state?.todos.map(\.title) == ["a", "not recorded"])
        #expect(recording.steps[2].problem == "redacted")
        #expect(!recording.steps[2].description.contains("hunter2"))
        // Replay says what it could not replay and goes on from the state the pause step carries.
        let report = recording.replay(with: todoReducer())
        #expect(report.divergence == nil)
        #expect(report.problems.map(\.typeName) == ["RecordingPaused", "Login"])
        #expect(report.finalState.todos.count == 2)
        // The same from the file a user attaches.
        let decoded = try Recording<TodoState>(json: try recording.encoded(), actions: registry)
        #expect(decoded.steps[1].problem == recording.steps[1].problem)
        #expect(decoded.steps[1].state == recording.steps[1].state)
        #expect(decoded.replay(with: todoReducer()).finalState == report.finalState)
        let json = String(
            decoding: try recording.encoded(redactingState: {
                var s = $0; s.token = "<redacted>"; return s
            }), as: UTF8.self)
        #expect(!json.contains("hunter2"))
        #expect(!json.contains("secret"))
    }

    @Test func aPauseWithNothingReducedMeanwhileLeavesNoStep() throws {
        let recorder = HistoryRecorder<TodoState>()
        let store = recordingStore(recorder)
        recorder.isPaused = true
        store.dispatch(AddTodo(title: "before recording"))
        recorder.isPaused = false
        store.dispatch(AddTodo(title: "a"))
        recorder.isPaused = true
        recorder.isPaused = false
        store.dispatch(AddTodo(title: "b"))
        let recording = try #require(recorder.recording)
        #expect(recording.initialState.todos.map(\.title) == ["before recording"], "nothing was recorded yet")
        #expect(recording.steps.map(\.typeName) == ["AddTodo", "AddTodo"])
        #expect(recording.replay(with: todoReducer()).isFaithful)
    }

    @Test func whatIsKeptIsWhatWasReducedWhereverTheMiddlewareIs() throws {
        // Before the recorder's own position: a middleware that swallows Opaque and turns a
        // ToggleTodo for id 0 into an AddTodo. The recorder is first, yet keeps what was reduced.
        let rewriting: Middleware<TodoState> = { _, _ in
            { next in
                { action in
                    if action is Opaque { return }
                    if let toggle = action as? ToggleTodo, toggle.id == 0 {
                        next(AddTodo(title: "rewritten"))
                    } else {
                        next(action)
                    }
                }
            }
        }
        let recorder = HistoryRecorder<TodoState>()
        let store = Store(
            initialState: TodoState(), reducer: recorder.reducer(todoReducer()),
            middleware: [recorder.middleware, rewriting])
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(Opaque())
        store.dispatch(ToggleTodo(id: 0))
        let recording = try #require(recorder.recording)
        #expect(recording.steps.map(\.description) == [#"AddTodo(title: "a")"#, #"AddTodo(title: "rewritten")"#])
        #expect(recording.replay(with: todoReducer()).isFaithful)
        #expect(recording.replay(with: todoReducer()).finalState == store.state)
    }

    @Test func anActionQueuedForTheReducerIsRecordedWhenReduced() throws {
        // A middleware keeps `next` and calls it from a subscriber, while the store is busy: the
        // action is queued for the reducer and reduced after — and recorded then.
        final class Kept { var next: Dispatch? }
        let kept = Kept()
        let keeping: Middleware<TodoState> = { _, _ in
            { next in
                kept.next = next
                return next
            }
        }
        let recorder = HistoryRecorder<TodoState>()
        let store = Store(
            initialState: TodoState(), reducer: recorder.reducer(todoReducer()),
            middleware: [keeping, recorder.middleware])
        let subscription = store.subscribe(to: \.todos.count) { count in
            if count == 1 { kept.next?(AddTodo(title: "queued")) }
        }
        store.dispatch(AddTodo(title: "a"))
        #expect(store.state.todos.map(\.title) == ["a", "queued"])
        let recording = try #require(recorder.recording)
        #expect(recording.steps.map(\.description) == [#"AddTodo(title: "a")"#, #"AddTodo(title: "queued")"#])
        #expect(recording.replay(with: todoReducer()).finalState == store.state)
        subscription.cancel()
    }

    @Test func aMiddlewareBuiltByHandRecordsWhatPassesThrough() throws {
        let recorder = HistoryRecorder<TodoState>()
        var state = TodoState()
        let reducer = todoReducer()
        let dispatch = recorder.middleware({ _ in }, { state })({ action in reducer.reduce(&state, action) })
        dispatch(AddTodo(title: "a"))
        dispatch(AddTodo(title: "b"))
        let recording = try #require(recorder.recording)
        #expect(recording.initialState == TodoState())
        #expect(recording.steps.map(\.typeName) == ["AddTodo", "AddTodo"])
        #expect(recording.replay(with: reducer).finalState == state)
    }

    @Test func twoRecordersOnOneStoreBothRecord() throws {
        let first = HistoryRecorder<TodoState>()
        let second = HistoryRecorder<TodoState>(limit: 1, snapshotEvery: 1)
        let store = Store(
            initialState: TodoState(), reducer: todoReducer(), middleware: [first.middleware, second.middleware])
        for index in 0..<5 { store.dispatch(AddTodo(title: "\(index)")) }
        #expect(try #require(first.recording).steps.count == 5)
        let latest = try #require(second.recording)
        #expect(latest.steps.map(\.index) == [4])
        #expect(latest.droppedSteps == 4)
        #expect(latest.replay(with: todoReducer()).finalState == store.state)
    }

    @Test func memoryStaysBoundedAndTheRecordingStartsAtAKnownState() throws {
        let recorder = HistoryRecorder<TodoState>(limit: 100, snapshotEvery: 10)
        let store = Store(
            initialState: TodoState(), reducer: todoReducer(), middleware: [recorder.middleware])
        for index in 0..<10_000 {
            store.dispatch(index.isMultiple(of: 7) ? AddTodo(title: "\(index)") : ToggleTodo(id: 1) as any Action)
            #expect(recorder.heldSteps <= 100 + 100 / 2 + 10)
        }
        let recording = try #require(recorder.recording)
        #expect(recording.steps.count >= 100 && recording.steps.count <= 100 + 10)
        #expect(recording.droppedSteps + recording.steps.count == 10_000)
        #expect(recording.steps.first?.index == recording.droppedSteps)
        let report = recording.replay(with: todoReducer())
        #expect(report.isFaithful)
        #expect(report.finalState == store.state)
    }

    @Test func clearStartsANewRecordingAtTheCurrentStateNumberedFromZero() throws {
        let recorder = HistoryRecorder<TodoState>()
        let store = recordingStore(recorder)
        for index in 0..<3 { store.dispatch(AddTodo(title: "\(index)")) }
        recorder.clear()
        store.dispatch(ToggleTodo(id: 2))
        let recording = try #require(recorder.recording)
        #expect(recording.initialState.todos.count == 3)
        #expect(recording.steps.map(\.index) == [0])
        #expect(recording.droppedSteps == 0)
        #expect(recording.replay(with: todoReducer()).finalState == store.state)
    }

    @Test func aReleasedStoreLeavesItsRecordingReadableAndTravelANoOp() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1, reducer: todoReducer())
        weak var released: Store<TodoState>?
        do {
            let store = recordingStore(recorder)
            store.dispatch(AddTodo(title: "a"))
            released = store
        }
        #expect(released == nil, "the recorder does not keep its store alive")
        recorder.jump(to: -1)  // the store is gone: nothing to show it in, and no crash
        let recording = try #require(recorder.recording)
        #expect(recording.steps.count == 1)
        #expect(recording.replay(with: todoReducer()).isFaithful)
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

    @Test func recordingResumedAtAPastStateMarksTheGap() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 5, reducer: todoReducer())
        let store = recordingStore(recorder)
        for title in ["a", "b", "c"] { store.dispatch(AddTodo(title: title)) }
        recorder.jump(to: 0)
        store.dispatch(AddTodo(title: "while shown"))
        recorder.isPaused = false  // recording goes on from the state shown, not from the latest
        store.dispatch(ToggleTodo(id: 2))
        let recording = try #require(recorder.recording)
        #expect(recording.steps.map(\.typeName) == ["AddTodo", "AddTodo", "AddTodo", "RecordingPaused", "ToggleTodo"])
        let gap = recording.steps[3]
        #expect(gap.problem?.contains("1 action was reduced meanwhile") == true)
        #expect(gap.problem?.contains("the state shown after step 0") == true)
        #expect(gap.state?.todos.map(\.title) == ["a", "while shown"])
        let report = recording.replay(with: todoReducer())
        #expect(report.divergence == nil)
        #expect(report.finalState == store.state)
        // Travel goes through the gap from the state it carries.
        recorder.jump(to: 4)
        #expect(store.state.todos.map(\.title) == ["a", "while shown"])
        #expect(store.state.todos.map(\.isDone) == [false, true])
    }

    @Test func resumingShowsTheLatestStateAndLeavesNoGap() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1, reducer: todoReducer())
        let store = recordingStore(recorder)
        for title in ["a", "b"] { store.dispatch(AddTodo(title: title)) }
        recorder.jump(to: 0)
        store.dispatch(AddTodo(title: "travelled away from"))
        recorder.resume()
        store.dispatch(AddTodo(title: "c"))
        let recording = try #require(recorder.recording)
        #expect(recording.steps.map(\.typeName) == ["AddTodo", "AddTodo", "AddTodo"])
        #expect(store.state.todos.map(\.title) == ["a", "b", "c"])
        #expect(recording.replay(with: todoReducer()).isFaithful)
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
