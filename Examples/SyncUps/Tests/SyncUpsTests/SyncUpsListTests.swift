import Foundation
import Redux
import ReduxTesting
import Testing

@testable import SyncUps

/// Upstream's SyncUpsListTests, one for one.
@MainActor
struct SyncUpsListTests {
    @Test func add() async throws {
        let store = TestStore(
            initialState: SyncUpsListState(), reducer: syncUpsListReducer, dependencies: testDependencies())
        var syncUp = SyncUp(id: UUID(0), attendees: [Attendee(id: UUID(1))])
        await store.dispatch(SyncUpsListAction.addSyncUpButtonTapped) {
            $0.addSyncUp = SyncUpFormState(syncUp: syncUp)
        }
        syncUp.title = "Engineering"
        await store.root.addSyncUp.set(\.syncUp, to: syncUp) { $0.addSyncUp?.syncUp.title = "Engineering" }
        await store.dispatch(SyncUpsListAction.confirmAddSyncUpButtonTapped) {
            $0.addSyncUp = nil
            $0.syncUps = [syncUp]
        }
    }

    @Test func addAndConfirmValidatesAttendees() async throws {
        let id = try #require(UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef"))
        let store = TestStore(
            initialState: SyncUpsListState(
                addSyncUp: SyncUpFormState(
                    syncUp: SyncUp(
                        id: id, attendees: [Attendee(id: UUID(0), name: ""), Attendee(id: UUID(1), name: "    ")],
                        title: "Design"))),
            reducer: syncUpsListReducer, dependencies: testDependencies())
        await store.dispatch(SyncUpsListAction.confirmAddSyncUpButtonTapped) {
            $0.addSyncUp = nil
            $0.syncUps = [SyncUp(id: id, attendees: [Attendee(id: UUID(0))], title: "Design")]
        }
    }
}
