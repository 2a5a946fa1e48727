import Foundation
import Redux
import ReduxEffects

/// The meeting recorder: a timer that gives each attendee their share of the meeting, moves to the
/// next speaker, and ends the meeting when the time is up or when asked (with a confirmation).
struct RecordMeetingState: Equatable, Sendable {
    var syncUp: SyncUp
    var secondsElapsed = 0
    var speakerIndex = 0
    var transcript = ""
    /// The end-meeting confirmation, while it is shown: its buttons send the recorder's actions,
    /// and it closes by itself (`.alert(\.alert)`); "Resume" only closes it.
    var alert: AlertState<RecordMeetingAction>?

    var secondsPerAttendee: Int {
        Int(syncUp.durationPerAttendee.components.seconds)
    }

    var durationRemaining: Duration {
        syncUp.duration - .seconds(secondsElapsed)
    }
}

enum RecordMeetingAction: Action, Equatable {
    /// The screen appeared: its view sends this with `await store.send(…)` in a `.task`, so the
    /// timer runs while the screen shows.
    case appeared
    case timerTicked
    case nextSpeakerTapped
    case endMeetingTapped
    case saveMeetingTapped
    case discardMeetingTapped
    /// For the app: the meeting ended and its transcript is to be kept.
    case meetingFinished(transcript: String)
}

let recordMeetingReducer = Reducer<RecordMeetingState>.commands(on: RecordMeetingAction.self) { state, action in
    switch action {
    case .appeared:
        return .run(using: SyncUpsDependencies.self) { send, dependencies in
            while true {
                try await dependencies.clock.sleep(for: .seconds(1))
                send(RecordMeetingAction.timerTicked)
            }
        }
        .cancellable(id: "timer", cancelInFlight: true)
    case .timerTicked:
        guard state.alert == nil else { return .none }
        state.secondsElapsed += 1
        guard state.secondsElapsed.isMultiple(of: max(state.secondsPerAttendee, 1)) else { return .none }
        if state.secondsElapsed >= Int(state.syncUp.duration.components.seconds) {
            return finish(state)
        }
        state.speakerIndex = min(state.speakerIndex + 1, state.syncUp.attendees.count - 1)
        return .none
    case .nextSpeakerTapped:
        guard state.speakerIndex < state.syncUp.attendees.count - 1 else {
            state.alert = .endMeeting(isDiscardable: false)
            return .none
        }
        state.speakerIndex += 1
        state.secondsElapsed = state.speakerIndex * state.secondsPerAttendee
        return .none
    case .endMeetingTapped:
        state.alert = .endMeeting(isDiscardable: true)
        return .none
    case .saveMeetingTapped:
        return finish(state)
    case .discardMeetingTapped:
        return .merge(.cancel(id: "timer"), .send(Dismiss()))
    case .meetingFinished:
        return .none
    }
}
.alert(\.alert)

extension AlertState<RecordMeetingAction> {
    /// "End meeting?": save and end, discard (when the meeting may be discarded), or resume.
    static func endMeeting(isDiscardable: Bool) -> AlertState {
        AlertState(
            title: "End meeting?", message: "You are ending the meeting early. What would you like to do?",
            buttons: [.default("Save and end", action: .saveMeetingTapped)]
                + (isDiscardable ? [.destructive("Discard", action: .discardMeetingTapped)] : [])
                + [.cancel("Resume")])
    }
}

/// Ends the meeting: stops the timer, hands the transcript to the app, and closes the screen.
private func finish(_ state: RecordMeetingState) -> Command {
    .merge(
        .cancel(id: "timer"),
        .send(RecordMeetingAction.meetingFinished(transcript: state.transcript)),
        .send(Dismiss())
    )
}
