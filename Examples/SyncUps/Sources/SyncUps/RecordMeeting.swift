import Foundation
import Redux
import ReduxEffects

/// The meeting recorder: a timer that gives each attendee their share of the meeting, a transcript
/// from speech recognition, and the meeting kept in the sync-up when the time is up or when saved
/// early. Its `syncUp` is the list's, shared: the meeting it inserts is the list's and the detail's.
struct RecordMeetingState: Equatable, Sendable {
    var alert: AlertState<RecordMeetingAction.Alert>?
    var secondsElapsed = 0
    var speakerIndex = 0
    var syncUp: SyncUp
    var transcript = ""

    var durationRemaining: Duration {
        syncUp.duration - .seconds(secondsElapsed)
    }
}

enum RecordMeetingAction: Action, Equatable {
    case endMeetingButtonTapped
    case nextButtonTapped
    /// The screen appeared: its view sends this with `await store.send(…)` in a `.task`, so the
    /// timer and the recognizer run while the screen shows.
    case onTask
    case timerTick
    case speechFailure
    case speechResult(SpeechRecognitionResult)

    /// What the alert's buttons send (each closes the alert by itself).
    enum Alert: Action, Equatable { case confirmDiscard, confirmSave }
}

let recordMeetingReducer = Reducer<RecordMeetingState>.combine(
    .commands(on: RecordMeetingAction.self, using: SyncUpsDependencies.self) { state, action, dependencies in
        switch action {
        case .endMeetingButtonTapped:
            state.alert = .endMeeting(isDiscardable: true)
        case .nextButtonTapped:
            guard state.speakerIndex < state.syncUp.attendees.count - 1 else {
                state.alert = .endMeeting(isDiscardable: false)
                return .none
            }
            state.speakerIndex += 1
            state.secondsElapsed = state.speakerIndex * Int(state.syncUp.durationPerAttendee.components.seconds)
        case .onTask:
            return .run(using: SyncUpsDependencies.self) { send, dependencies in
                let speech = dependencies.speechClient
                let status = speech.authorizationStatus()
                let authorization = status == .notDetermined ? await speech.requestAuthorization() : status
                await withDiscardingTaskGroup { group in
                    if authorization == .authorized {
                        group.addTask { await recognizeSpeech(speech, send: send) }
                    }
                    group.addTask { await runTimer(dependencies.clock, send: send) }
                }
            }
        case .timerTick:
            guard state.alert == nil else { return .none }
            state.secondsElapsed += 1
            guard state.secondsElapsed.isMultiple(of: Int(state.syncUp.durationPerAttendee.components.seconds))
            else { return .none }
            if state.secondsElapsed == Int(state.syncUp.duration.components.seconds) {
                state.syncUp.insertMeeting(transcript: state.transcript, dependencies)
                return .send(Dismiss())
            }
            state.speakerIndex += 1
        case .speechFailure:
            if !state.transcript.isEmpty { state.transcript += " ❌" }
            state.alert = .speechRecognizerFailed
        case .speechResult(let result):
            state.transcript = result.transcript
        }
        return .none
    },
    .commands(on: RecordMeetingAction.Alert.self, using: SyncUpsDependencies.self) { state, action, dependencies in
        if action == .confirmSave { state.syncUp.insertMeeting(transcript: state.transcript, dependencies) }
        return .send(Dismiss())
    }
)
.alert(\.alert)

/// Sends each transcript the recognizer makes, and a failure if it fails.
@MainActor
private func recognizeSpeech(_ speech: SpeechClient, send: Dispatch) async {
    do {
        let results = await speech.startTask()
        for try await result in results { send(RecordMeetingAction.speechResult(result)) }
    } catch {
        send(RecordMeetingAction.speechFailure)
    }
}

/// Sends a tick a second until cancelled.
@MainActor
private func runTimer(_ clock: any Clock<Duration>, send: Dispatch) async {
    for await _ in clock.timer(interval: .seconds(1)) { send(RecordMeetingAction.timerTick) }
}

extension SyncUp {
    fileprivate mutating func insertMeeting(transcript: String, _ dependencies: SyncUpsDependencies) {
        meetings.insert(Meeting(id: dependencies.uuid(), date: dependencies.now(), transcript: transcript), at: 0)
    }
}

extension AlertState<RecordMeetingAction.Alert> {
    static func endMeeting(isDiscardable: Bool) -> AlertState {
        AlertState(
            title: "End meeting?", message: "You are ending the meeting early. What would you like to do?",
            buttons: [.default("Save and end", action: .confirmSave)]
                + (isDiscardable ? [.destructive("Discard", action: .confirmDiscard)] : []) + [.cancel("Resume")])
    }

    static let speechRecognizerFailed = AlertState(
        title: "Speech recognition failure",
        message: "The speech recognizer has failed for some reason and so your meeting will no longer be "
            + "recorded. What do you want to do?",
        buttons: [.cancel("Continue meeting"), .destructive("Discard meeting", action: .confirmDiscard)])
}
