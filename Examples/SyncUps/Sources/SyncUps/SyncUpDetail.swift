import Foundation
import Redux
import ReduxEffects

/// One sync-up: its attendees and past meetings, an edit sheet, and alerts. Its `syncUp` is the
/// list's, shared (`AppState: SharedValues`): an edit here is the list's at once.
struct SyncUpDetailState: Equatable, Sendable {
    var alert: AlertState<SyncUpDetailAction.Alert>?
    var edit: SyncUpFormState?
    var syncUp: SyncUp
}

enum SyncUpDetailAction: Action, Equatable {
    case cancelEditButtonTapped
    case deleteButtonTapped
    case deleteMeetings(atOffsets: [Int])
    case doneEditingButtonTapped
    case editButtonTapped
    case startMeetingButtonTapped
    /// A past meeting was tapped: the app pushes it.
    case meetingTapped(Meeting.ID)
    case delegate(Delegate)

    /// What the alert's buttons send (each closes the alert by itself).
    enum Alert: Action, Equatable { case confirmDeletion, continueWithoutRecording, openSettings }
    /// What the detail asks of the app, which owns the list and the stack.
    enum Delegate: Equatable, Sendable { case deleteSyncUp, startMeeting }
}

let syncUpDetailReducer = Reducer<SyncUpDetailState>.combine(
    .commands(on: SyncUpDetailAction.self, using: SyncUpsDependencies.self) { state, action, dependencies in
        switch action {
        case .cancelEditButtonTapped:
            state.edit = nil
        case .deleteButtonTapped:
            state.alert = .deleteSyncUp
        case .deleteMeetings(let offsets):
            state.syncUp.meetings.remove(atOffsets: offsets)
        case .doneEditingButtonTapped:
            guard let form = state.edit else { return .none }
            state.syncUp = form.syncUp
            state.edit = nil
        case .editButtonTapped:
            state.edit = SyncUpFormState(syncUp: state.syncUp)
        case .startMeetingButtonTapped:
            switch dependencies.speechClient.authorizationStatus() {
            case .notDetermined, .authorized: return .send(SyncUpDetailAction.delegate(.startMeeting))
            case .denied: state.alert = .speechRecognitionDenied
            case .restricted: state.alert = .speechRecognitionRestricted
            }
        case .meetingTapped, .delegate:
            break
        }
        return .none
    },
    .commands(on: SyncUpDetailAction.Alert.self, using: SyncUpsDependencies.self) { _, action, dependencies in
        switch action {
        case .confirmDeletion: .merge(.send(SyncUpDetailAction.delegate(.deleteSyncUp)), .send(Dismiss()))
        case .continueWithoutRecording: .send(SyncUpDetailAction.delegate(.startMeeting))
        case .openSettings: .run { _ in await dependencies.openSettings() }
        }
    }
)
.alert(\.alert)
.ifLet(\.edit, then: syncUpFormReducer)

extension AlertState<SyncUpDetailAction.Alert> {
    static let deleteSyncUp = AlertState(
        title: "Delete?", message: "Are you sure you want to delete this meeting?",
        buttons: [.destructive("Yes", action: .confirmDeletion), .cancel("Nevermind")])

    static let speechRecognitionDenied = AlertState(
        title: "Speech recognition denied",
        message: "You previously denied speech recognition and so your meeting will not be recorded. You can "
            + "enable speech recognition in settings, or you can continue without recording.",
        buttons: [
            .default("Continue without recording", action: .continueWithoutRecording),
            .default("Open settings", action: .openSettings), .cancel("Cancel"),
        ])

    static let speechRecognitionRestricted = AlertState(
        title: "Speech recognition restricted",
        message: "Your device does not support speech recognition and so your meeting will not be recorded.",
        buttons: [.default("Continue without recording", action: .continueWithoutRecording), .cancel("Cancel")])
}
