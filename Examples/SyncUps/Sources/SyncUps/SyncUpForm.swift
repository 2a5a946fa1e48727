import Foundation
import Redux
import ReduxEffects

/// The form that adds or edits a sync-up (shown in a sheet): title, duration, theme and attendees.
struct SyncUpFormState: Equatable, Identifiable, Sendable {
    var syncUp: SyncUp
    var id: UUID { syncUp.id }

    /// A form for `syncUp`, with one empty attendee row (`newAttendee`) when it has none.
    init(syncUp: SyncUp, newAttendee: @autoclosure () -> UUID) {
        self.syncUp = syncUp
        if self.syncUp.attendees.isEmpty {
            self.syncUp.attendees.append(Attendee(id: newAttendee()))
        }
    }
}

enum SyncUpFormAction: Action, Equatable {
    case addAttendeeTapped
    case deleteAttendees(atOffsets: [Int])
}

/// The form's reducer: attendees added and removed, fields set through bindings
/// (`form.set(\.syncUp.title, to: …)`).
let syncUpFormReducer = Reducer<SyncUpFormState>.combine(
    .on(SyncUpFormAction.self, using: SyncUpsDependencies.self) { state, action, dependencies in
        switch action {
        case .addAttendeeTapped:
            state.syncUp.attendees.append(Attendee(id: dependencies.uuid()))
        case .deleteAttendees(let offsets):
            state.syncUp.attendees.remove(atOffsets: offsets)
            if state.syncUp.attendees.isEmpty {
                state.syncUp.attendees.append(Attendee(id: dependencies.uuid()))
            }
        }
    },
    .binding()
)

extension SyncUp {
    /// The sync-up as the form leaves it: attendees without a name are dropped.
    var trimmed: SyncUp {
        var syncUp = self
        syncUp.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
        return syncUp
    }
}
