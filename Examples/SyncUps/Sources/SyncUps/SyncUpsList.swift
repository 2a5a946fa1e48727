import Foundation
import Redux
import ReduxEffects

/// The list of sync-ups (saved by `SyncUpsApp`'s persister), with the sheet that adds one.
struct SyncUpsListState: Equatable, Sendable {
    var addSyncUp: SyncUpFormState?
    var syncUps: IdentifiedArrayOf<SyncUp> = []
}

enum SyncUpsListAction: Action, Equatable {
    case addSyncUpButtonTapped
    case confirmAddSyncUpButtonTapped
    case dismissAddSyncUpButtonTapped
    case onDelete(atOffsets: [Int])
    /// A row was tapped: the app pushes its detail.
    case syncUpTapped(SyncUp.ID)
}

let syncUpsListReducer = Reducer<SyncUpsListState>.on(SyncUpsListAction.self, using: SyncUpsDependencies.self) {
    state, action, dependencies in
    switch action {
    case .addSyncUpButtonTapped:
        state.addSyncUp = SyncUpFormState(
            syncUp: SyncUp(id: dependencies.uuid(), attendees: [Attendee(id: dependencies.uuid())]))
    case .confirmAddSyncUpButtonTapped:
        guard let form = state.addSyncUp else { return }
        var syncUp = form.syncUp
        syncUp.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
        if syncUp.attendees.isEmpty {
            syncUp.attendees.append(form.syncUp.attendees.first ?? Attendee(id: dependencies.uuid()))
        }
        state.syncUps.append(syncUp)
        state.addSyncUp = nil
    case .dismissAddSyncUpButtonTapped:
        state.addSyncUp = nil
    case .onDelete(let offsets):
        state.syncUps.remove(atOffsets: offsets)
    case .syncUpTapped:
        break
    }
}
.ifLet(\.addSyncUp, then: syncUpFormReducer)
