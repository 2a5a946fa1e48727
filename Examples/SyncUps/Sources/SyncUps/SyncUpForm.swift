import Foundation
import Redux
import ReduxEffects

/// The form that adds or edits a sync-up (shown in a sheet): title, duration, theme and attendees.
struct SyncUpFormState: Equatable, Identifiable, Sendable {
    var focus: Field? = .title
    var syncUp: SyncUp
    var id: UUID { syncUp.id }

    enum Field: Hashable, Sendable {
        case attendee(Attendee.ID)
        case title
    }
}

enum SyncUpFormAction: Action, Equatable {
    case addAttendeeButtonTapped
    case deleteAttendees(atOffsets: [Int])
}

/// The form's reducer: attendees added and removed (the focus follows), fields set through
/// bindings (`form.set(\.syncUp.title, to: …)`).
let syncUpFormReducer = Reducer<SyncUpFormState>.combine(
    .on(SyncUpFormAction.self, using: SyncUpsDependencies.self) { state, action, dependencies in
        switch action {
        case .addAttendeeButtonTapped:
            let attendee = Attendee(id: dependencies.uuid())
            state.syncUp.attendees.append(attendee)
            state.focus = .attendee(attendee.id)
        case .deleteAttendees(let offsets):
            state.syncUp.attendees.remove(atOffsets: offsets)
            if state.syncUp.attendees.isEmpty {
                state.syncUp.attendees.append(Attendee(id: dependencies.uuid()))
            }
            guard let first = offsets.min() else { return }
            state.focus = .attendee(state.syncUp.attendees[min(first, state.syncUp.attendees.count - 1)].id)
        }
    },
    .binding()
)
