import Foundation
import Redux
import ReduxEffects

/// The list of sync-ups, with the sheet that adds one.
struct SyncUpsListState: Equatable, Sendable {
    var syncUps: IdentifiedArrayOf<SyncUp> = []
    /// The add sheet, while it is shown.
    var addSyncUp: SyncUpFormState?
}

enum SyncUpsListAction: Action, Equatable {
    case addSyncUpTapped
    case confirmAddTapped
    case dismissAddTapped
    case deleteSyncUps(atOffsets: [Int])
}

let syncUpsListReducer = Reducer<SyncUpsListState>.on(SyncUpsListAction.self, using: SyncUpsDependencies.self) {
    state, action, dependencies in
    switch action {
    case .addSyncUpTapped:
        state.addSyncUp = SyncUpFormState(
            syncUp: SyncUp(id: dependencies.uuid()), newAttendee: dependencies.uuid())
    case .confirmAddTapped:
        guard let form = state.addSyncUp else { return }
        state.syncUps.append(form.syncUp.trimmed)
        state.addSyncUp = nil
    case .dismissAddTapped:
        state.addSyncUp = nil
    case .deleteSyncUps(let offsets):
        state.syncUps.remove(atOffsets: offsets)
    }
}
.ifLet(\.addSyncUp, then: syncUpFormReducer)
