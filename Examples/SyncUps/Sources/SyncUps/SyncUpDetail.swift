import Foundation
import Redux
import ReduxEffects

/// One sync-up: its attendees and past meetings, an edit sheet and a delete confirmation.
struct SyncUpDetailState: Equatable, Sendable {
    var syncUp: SyncUp
    var destination: Destination?

    /// What the detail presents: one of a sheet or an alert.
    enum Destination: Equatable, Sendable {
        case edit(SyncUpFormState)
        case confirmDeletion

        /// The edit sheet's state, for `ifLet` and `scope(ifPresent:)` (see docs/navigation.md).
        var edit: SyncUpFormState? {
            get { if case .edit(let form) = self { form } else { nil } }
            set { if let newValue { self = .edit(newValue) } }
        }
    }
}

enum SyncUpDetailAction: Action, Equatable {
    case editTapped
    case doneEditingTapped
    case cancelEditTapped
    case deleteTapped
    case confirmDeletionTapped
    case cancelDeletionTapped
    case startMeetingTapped
    case meetingTapped(Meeting.ID)
}

/// The detail's reducer. Deleting, starting a meeting and opening a past meeting are decided by the
/// app (it owns the list and the stack): the app's reducer sees these actions after this one.
let syncUpDetailReducer = Reducer<SyncUpDetailState>.on(SyncUpDetailAction.self, using: SyncUpsDependencies.self) {
    state, action, dependencies in
    switch action {
    case .editTapped:
        state.destination = .edit(SyncUpFormState(syncUp: state.syncUp, newAttendee: dependencies.uuid()))
    case .doneEditingTapped:
        guard case .edit(let form) = state.destination else { return }
        state.syncUp = form.syncUp.trimmed
        state.destination = nil
    case .cancelEditTapped:
        state.destination = nil
    case .deleteTapped:
        state.destination = .confirmDeletion
    case .confirmDeletionTapped, .cancelDeletionTapped:
        state.destination = nil
    case .startMeetingTapped, .meetingTapped:
        break
    }
}
.ifLet(\.destination, then: Reducer<SyncUpDetailState.Destination> { _, _ in }.ifLet(\.edit, then: syncUpFormReducer))
