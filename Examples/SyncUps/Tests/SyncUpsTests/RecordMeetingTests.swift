import Foundation
import Redux
import ReduxTesting
import Testing

@testable import SyncUps

/// Upstream's RecordMeetingTests, one for one.
@MainActor
struct RecordMeetingTests {
    typealias Alert = RecordMeetingAction.Alert
    let meeting = Meeting(id: UUID(0), date: meetingDate, transcript: "")

    @Test func timer() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: RecordMeetingState(syncUp: threeAttendees()), reducer: recordMeetingReducer,
            dependencies: testDependencies(clock: clock, speech: .denied))
        await store.dispatch(RecordMeetingAction.onTask)
        for (elapsed, speaker) in [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2)] {
            await clock.advance(by: .seconds(1))
            await store.receive(RecordMeetingAction.timerTick) {
                $0.speakerIndex = speaker
                $0.secondsElapsed = elapsed
                #expect($0.durationRemaining == .seconds(6 - elapsed))
            }
        }
        await clock.advance(by: .seconds(1))
        await store.receive(RecordMeetingAction.timerTick) {
            $0.speakerIndex = 2
            $0.secondsElapsed = 6
            $0.syncUp.meetings.insert(meeting, at: 0)
            #expect($0.durationRemaining == .seconds(0))
        }
        await store.receive(Dismiss())
    }

    @Test func recordTranscript() async {
        let clock = TestClock()
        var dependencies = testDependencies(clock: clock, speech: .authorized)
        dependencies.speechClient.startTask = transcribing("I completed the project")
        let store = TestStore(
            initialState: RecordMeetingState(syncUp: threeAttendees()), reducer: recordMeetingReducer,
            dependencies: dependencies)
        await store.dispatch(RecordMeetingAction.onTask)
        await store.receive(
            RecordMeetingAction.speechResult(.init(transcript: "I completed the project", isFinal: true))
        ) {
            $0.transcript = "I completed the project"
        }
        await store.withExhaustivity(.off) {
            await clock.advance(by: .seconds(6))
            for _ in 0..<6 { await store.receive(RecordMeetingAction.timerTick) }
            await store.receive(Dismiss())
        }
        await store.finish()
        store.assert {
            $0.syncUp.meetings[0].transcript = "I completed the project"
        }
    }

    @Test func endMeetingSave() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: RecordMeetingState(syncUp: .mock), reducer: recordMeetingReducer,
            dependencies: testDependencies(clock: clock, speech: .denied))
        await store.dispatch(RecordMeetingAction.onTask)
        await store.dispatch(RecordMeetingAction.endMeetingButtonTapped) {
            $0.alert = .endMeeting(isDiscardable: true)
        }
        await clock.advance(by: .seconds(3))
        for _ in 0..<3 { await store.receive(RecordMeetingAction.timerTick) }
        await store.root.alert.dispatch(Alert.confirmSave) {
            $0.alert = nil
            $0.syncUp.meetings.insert(meeting, at: 0)
        }
        await store.receive(Dismiss())
    }

    @Test func endMeetingDiscard() async {
        let store = TestStore(
            initialState: RecordMeetingState(syncUp: .mock), reducer: recordMeetingReducer,
            dependencies: testDependencies(speech: .denied))
        await store.dispatch(RecordMeetingAction.onTask)
        await store.dispatch(RecordMeetingAction.endMeetingButtonTapped) {
            $0.alert = .endMeeting(isDiscardable: true)
        }
        await store.root.alert.dispatch(Alert.confirmDiscard) {
            $0.alert = nil
        }
        await store.receive(Dismiss())
    }

    @Test func nextSpeaker() async {
        let store = TestStore(
            initialState: RecordMeetingState(syncUp: threeAttendees()), reducer: recordMeetingReducer,
            dependencies: testDependencies(speech: .denied))
        await store.dispatch(RecordMeetingAction.onTask)
        await store.dispatch(RecordMeetingAction.nextButtonTapped) {
            $0.speakerIndex = 1
            $0.secondsElapsed = 2
        }
        await store.dispatch(RecordMeetingAction.nextButtonTapped) {
            $0.speakerIndex = 2
            $0.secondsElapsed = 4
        }
        await store.dispatch(RecordMeetingAction.nextButtonTapped) {
            $0.alert = .endMeeting(isDiscardable: false)
        }
        await store.root.alert.dispatch(Alert.confirmSave) {
            $0.alert = nil
            $0.syncUp.meetings.insert(meeting, at: 0)
        }
        await store.receive(Dismiss())
    }

    @Test func continueAfterSpeechRecognitionFailure() async {
        let clock = TestClock()
        var dependencies = testDependencies(clock: clock, speech: .authorized)
        dependencies.speechClient.startTask = transcribing("I completed the project", failing: true)
        let store = TestStore(
            initialState: RecordMeetingState(syncUp: threeAttendees()), reducer: recordMeetingReducer,
            dependencies: dependencies)
        await store.dispatch(RecordMeetingAction.onTask)
        await store.receive(
            RecordMeetingAction.speechResult(.init(transcript: "I completed the project", isFinal: true))
        ) {
            $0.transcript = "I completed the project"
        }
        await store.receive(RecordMeetingAction.speechFailure) {
            $0.alert = .speechRecognizerFailed
            $0.transcript = "I completed the project ❌"
        }
        await store.root.alert.dispatch(Dismiss()) {  // "Continue meeting": a cancel button
            $0.alert = nil
        }
        await clock.advance(by: .seconds(6))
        await store.withExhaustivity(.off) {
            for _ in 0..<6 { await store.receive(RecordMeetingAction.timerTick) }
            await store.receive(Dismiss())
        }
    }

    @Test func discardAfterSpeechRecognitionFailure() async {
        var dependencies = testDependencies(speech: .authorized)
        dependencies.speechClient.startTask = transcribing(nil, failing: true)
        let store = TestStore(
            initialState: RecordMeetingState(syncUp: .mock), reducer: recordMeetingReducer,
            dependencies: dependencies)
        await store.dispatch(RecordMeetingAction.onTask)
        await store.receive(RecordMeetingAction.speechFailure) {
            $0.alert = .speechRecognizerFailed
        }
        await store.root.alert.dispatch(Alert.confirmDiscard) {
            $0.alert = nil
        }
        await store.receive(Dismiss())
    }
}
