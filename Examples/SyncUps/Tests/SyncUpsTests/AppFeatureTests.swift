import Foundation
import Redux
import ReduxTesting
import Testing

@testable import SyncUps

/// Upstream's AppFeatureTests, one for one. The screens' sync-ups are the list's, shared
/// (`AppState: SharedValues`): each test asserts an edit once, on the list, and the screens follow.
/// The test store numbers the screens it pushes from zero, as upstream's: `path[id: 0]`.
@MainActor
struct AppFeatureTests {
    @Test func detailEdit() async throws {
        let syncUp = SyncUp.mock
        var state = AppState()
        state.syncUpsList.syncUps = [syncUp]
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: testDependencies())
        await store.dispatch(SyncUpsListAction.syncUpTapped(syncUp.id)) {
            $0.path.push(.detail(SyncUpDetailState(syncUp: syncUp)))
        }
        let detail = store.root.path[id: 0].state[case: Path.detail]
        await detail.dispatch(SyncUpDetailAction.editButtonTapped) {
            $0.path[id: 0]?[case: Path.detail]?.edit = SyncUpFormState(syncUp: syncUp)
        }
        var newSyncUp = syncUp
        newSyncUp.title = "Blob"
        await detail.edit.set(\.syncUp, to: newSyncUp) {
            $0.path[id: 0]?[case: Path.detail]?.edit?.syncUp.title = "Blob"
        }
        await detail.dispatch(SyncUpDetailAction.doneEditingButtonTapped) {
            $0.path[id: 0]?[case: Path.detail]?.edit = nil
            $0.syncUpsList.syncUps[id: syncUp.id]?.title = "Blob"  // once: the detail shows the list's
        }
        await store.finish()
    }

    @Test func delete() async throws {
        let syncUp = SyncUp.mock
        var state = AppState()
        state.syncUpsList.syncUps = [syncUp]
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: testDependencies())
        await store.dispatch(SyncUpsListAction.syncUpTapped(syncUp.id)) {
            $0.path.push(.detail(SyncUpDetailState(syncUp: syncUp)))
        }
        let detail = store.root.path[id: 0].state[case: Path.detail]
        await detail.dispatch(SyncUpDetailAction.deleteButtonTapped) {
            $0.path[id: 0]?[case: Path.detail]?.alert = .deleteSyncUp
        }
        await detail.alert.dispatch(SyncUpDetailAction.Alert.confirmDeletion) {
            $0.path[id: 0]?[case: Path.detail]?.alert = nil
        }
        await detail.receive(SyncUpDetailAction.delegate(.deleteSyncUp)) {
            $0.syncUpsList.syncUps = []
        }
        await store.root.path.receive(case: StackAction.popFrom) {
            $0.path = StackState()
        }
    }

    @Test func recording() async throws {
        let syncUp = threeAttendees()
        var dependencies = testDependencies(clock: ImmediateClock(), speech: .authorized)
        dependencies.speechClient.startTask = transcribing("I completed the project")
        var state = AppState()
        state.syncUpsList.syncUps = [syncUp]
        state.path.push(.detail(SyncUpDetailState(syncUp: syncUp)))
        state.path.push(.record(RecordMeetingState(syncUp: syncUp)))
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: dependencies)
        // Pushed before the test store existed: process-wide identifiers, read from the state.
        let recorder = try #require(store.state.path.ids.last)
        await store.withExhaustivity(.off) {
            await store.root.path[id: recorder].state[case: Path.record].dispatch(RecordMeetingAction.onTask)
            await store.root.path.receive(case: StackAction.popFrom) {
                #expect($0.path.count == 1)
            }
        }
        await store.finish()
        store.assert {
            // Once, on the list: the detail under the recorder shows the same sync-up.
            $0.syncUpsList.syncUps[id: syncUp.id]?.meetings = [
                Meeting(id: UUID(0), date: meetingDate, transcript: "I completed the project")
            ]
        }
    }
}
