import Foundation
import Redux
import ReduxTestSupport
import Testing

@testable import Redux
@testable import ReduxHistory

/// Counts the reducer's calls, as redux-devtools-instrument's tests do (`reducerCalls`).
final class CallCounter: @unchecked Sendable {  // only touched on the main actor
    var calls = 0
}

@MainActor
func countingStore(
    _ counter: CallCounter, snapshotEvery: Int = 1, limit: Int = 1_000
) -> (Store<CountState>, HistoryRecorder<CountState>) {
    let reducer = Reducer<CountState> { state, action in
        counter.calls += 1
        countReducer.reduce(&state, action)
    }
    let recorder = HistoryRecorder<CountState>(limit: limit, snapshotEvery: snapshotEvery, reducer: reducer)
    let store = Store(initialState: CountState(), reducer: recorder.reducer(reducer), middleware: [recorder.middleware])
    return (store, recorder)
}

@MainActor
struct TimeTravelAsTheInstrumentTests {
    /// The instrument's "should not recompute old states when toggling an action": its counts less
    /// one (its store calls the reducer once for `@@INIT`; a `Store` does not). Its action ids are
    /// our step indices plus one.
    @Test func togglingRecomputesAsOftenAsTheInstrument() {
        let counter = CallCounter()
        let (store, recorder) = countingStore(counter)
        for _ in 0..<3 { store.dispatch(IncrementCount()) }
        #expect(counter.calls == 4 - 1)
        let toggles = [3, 3, 2, 2, 1, 2, 3, 1, 3, 2]
        let instrumentCounts = [4, 5, 6, 8, 10, 11, 11, 12, 13, 15]
        for (id, expected) in zip(toggles, instrumentCounts) {
            recorder.toggleSkip(id - 1)
            #expect(counter.calls == expected - 1, "after toggling action \(id)")
        }
    }

    /// The instrument's "should toggle an action".
    @Test func togglingShowsTheStateWithoutTheAction() {
        let (store, recorder) = countingStore(CallCounter())
        store.dispatch(IncrementCount())
        store.dispatch(DecrementCount())
        store.dispatch(IncrementCount())
        #expect(store.state.count == 1)
        recorder.toggleSkip(1)
        #expect(store.state.count == 2)
        recorder.toggleSkip(1)
        #expect(store.state.count == 1)
    }

    /// The instrument's "should not recompute states when jumping to state".
    @Test func jumpingRecomputesNothingWhenEveryStateIsKept() {
        let counter = CallCounter()
        let (store, recorder) = countingStore(counter)
        for _ in 0..<3 { store.dispatch(IncrementCount()) }
        for index in [-1, 0, 2] {
            recorder.jump(to: index)
            #expect(store.state.count == index + 1)
        }
        #expect(counter.calls == 3)
    }

    /// After a skip, the recording, both exports and replay agree with what the store shows.
    @Test func afterASkipTheRecordingExportsAndReplayAgreeWithTheStore() throws {
        let (store, recorder) = countingStore(CallCounter(), snapshotEvery: 2)
        store.dispatch(IncrementCount())
        store.dispatch(AddAmount(amount: 10))
        store.dispatch(IncrementCount())
        store.dispatch(IncrementCount())
        store.dispatch(DecrementCount())
        recorder.toggleSkip(1)
        #expect(store.state.count == 2)

        let recording = try #require(recorder.recording)
        #expect(recording.steps.map(\.isSkipped) == [false, true, false, false, false])
        #expect(recording.steps[3].state == CountState(count: 3), "the kept state after the skip is recomputed")
        let report = recording.replay(with: countReducer)
        #expect(report.isFaithful, "\(report)")
        #expect(report.finalState == store.state)

        let file = try recording.encoded()
        let swiftNames = ActionRegistry().registering(IncrementCount.self).registering(DecrementCount.self)
            .registering(AddAmount.self)
        let read = try Recording<CountState>(json: file, actions: swiftNames)
        #expect(read.steps.map(\.isSkipped) == [false, true, false, false, false])
        #expect(read.replay(with: countReducer).finalState == store.state)

        let lifted = try JSONSerialization.jsonObject(with: try ReduxDevTools.export(recording, reducer: countReducer))
        let object = try #require(lifted as? [String: Any])
        #expect(object["skippedActionIds"] as? [Int] == [2])
        let computed = try #require(object["computedStates"] as? [[String: [String: Int]]])
        #expect(computed.map { $0["state"]?["count"] } == [0, 1, 1, 2, 3, 2])
        let back: Recording<CountState> = try ReduxDevTools.importRecording(
            try ReduxDevTools.export(recording, reducer: countReducer), actions: swiftNames)
        #expect(back.steps.map(\.isSkipped) == [false, true, false, false, false])
        #expect(back.replay(with: countReducer).finalState == store.state)
    }

    /// The instrument's "should jump to action" with an id past the end: the latest state, and
    /// recording goes on — nothing dispatched afterwards is lost.
    @Test func aJumpPastTheEndShowsTheLatestAndLosesNothing() throws {
        let (store, recorder) = countingStore(CallCounter())
        store.dispatch(IncrementCount())
        store.dispatch(IncrementCount())
        recorder.jump(to: 10)
        #expect(recorder.travelledTo == nil)
        #expect(!recorder.isPaused)
        store.dispatch(IncrementCount())
        recorder.resume()
        #expect(store.state.count == 3)
        #expect(try #require(recorder.recording).steps.count == 3)
    }

    /// Any `Int` is safe: these trapped (arithmetic overflow) before.
    @Test func extremeIndicesAndBoundsAreSafe() throws {
        let (store, recorder) = countingStore(CallCounter())
        store.dispatch(IncrementCount())
        store.dispatch(IncrementCount())
        recorder.jump(to: .max)
        recorder.stepForward()
        #expect(store.state.count == 2)
        recorder.jump(to: .min)
        recorder.stepBack()
        #expect(store.state.count == 0)
        #expect(recorder.travelledTo == -1)
        recorder.stepForward()
        #expect(store.state.count == 1)
        recorder.toggleSkip(.max)
        recorder.toggleSkip(.min)
        #expect(store.state.count == 1)

        for recorder in [
            HistoryRecorder<CountState>(limit: .max), HistoryRecorder<CountState>(snapshotEvery: .max),
            HistoryRecorder<CountState>(limit: .max, snapshotEvery: .max),
            HistoryRecorder<CountState>(limit: .min, snapshotEvery: 1),
        ] {
            let store = Store(initialState: CountState(), reducer: countReducer, middleware: [recorder.middleware])
            for _ in 0..<5 { store.dispatch(IncrementCount()) }
            #expect(try #require(recorder.recording).steps.count == min(5, recorder.limit))
        }
    }

    /// A limit of N keeps exactly N steps once N were reduced (the start recomputed with the
    /// reducer); without a reducer, from the kept state before: fewer than N + `snapshotEvery`.
    @Test func aLimitOfNKeepsNSteps() throws {
        let (store, recorder) = countingStore(CallCounter(), snapshotEvery: 10, limit: 100)
        for step in 0..<250 {
            store.dispatch(step.isMultiple(of: 3) ? AddAmount(amount: step) : IncrementCount() as any Action)
            let recording = try #require(recorder.recording)
            #expect(recording.steps.count == min(step + 1, 100))
        }
        let recording = try #require(recorder.recording)
        #expect(recording.droppedSteps == 150)
        let report = recording.replay(with: countReducer)
        #expect(report.isFaithful, "\(report)")
        #expect(report.finalState == store.state)

        let plain = HistoryRecorder<CountState>(limit: 100, snapshotEvery: 10)
        let plainStore = Store(initialState: CountState(), reducer: countReducer, middleware: [plain.middleware])
        for _ in 0..<255 { plainStore.dispatch(IncrementCount()) }
        let kept = try #require(plain.recording)
        #expect(kept.steps.count >= 100 && kept.steps.count < 110)
        #expect(kept.replay(with: countReducer).finalState == plainStore.state)
    }

    /// Skipping needs the reducer; without it nothing changes, and debug builds say why.
    @Test func skippingWithoutAReducerChangesNothingAndSaysWhy() throws {
        let warnings = Log<String>()
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { warnings.append($0) }
        defer { Diagnostics.sink = previous }
        let recorder = HistoryRecorder<CountState>(snapshotEvery: 1)
        let store = Store(initialState: CountState(), reducer: countReducer, middleware: [recorder.middleware])
        store.dispatch(IncrementCount())
        recorder.toggleSkip(0)
        #expect(!recorder.isSkipped(0))
        #expect(store.state.count == 1)
        #if DEBUG
            #expect(warnings.items.contains { $0.contains("cannot skip step 0") })
        #endif
    }
}
