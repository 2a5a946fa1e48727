import Foundation
import Redux
import ReduxTesting
import Testing

@testable import SyncUps

/// Upstream's SyncUpDetailTests, one for one.
@MainActor
struct SyncUpDetailTests {
    typealias Alert = SyncUpDetailAction.Alert

    @Test func speechRestricted() async {
        let store = TestStore(
            initialState: SyncUpDetailState(syncUp: .mock), reducer: syncUpDetailReducer,
            dependencies: testDependencies(speech: .restricted))
        await store.dispatch(SyncUpDetailAction.startMeetingButtonTapped) {
            $0.alert = .speechRecognitionRestricted
        }
    }

    @Test func speechDenied() async throws {
        let store = TestStore(
            initialState: SyncUpDetailState(syncUp: .mock), reducer: syncUpDetailReducer,
            dependencies: testDependencies(speech: .denied))
        await store.dispatch(SyncUpDetailAction.startMeetingButtonTapped) {
            $0.alert = .speechRecognitionDenied
        }
    }

    @Test func openSettings() async {
        let settingsOpened = Flag()
        var dependencies = testDependencies(speech: .denied)
        dependencies.openSettings = { settingsOpened.set() }
        let store = TestStore(
            initialState: SyncUpDetailState(alert: .speechRecognitionDenied, syncUp: .mock),
            reducer: syncUpDetailReducer, dependencies: dependencies)
        await store.root.alert.dispatch(Alert.openSettings) {
            $0.alert = nil
        }
        await store.finish()
        #expect(settingsOpened.value)
    }

    @Test func continueWithoutRecording() async throws {
        let store = TestStore(
            initialState: SyncUpDetailState(alert: .speechRecognitionDenied, syncUp: .mock),
            reducer: syncUpDetailReducer, dependencies: testDependencies(speech: .denied))
        await store.root.alert.dispatch(Alert.continueWithoutRecording) {
            $0.alert = nil
        }
        await store.receive(SyncUpDetailAction.delegate(.startMeeting))
    }

    @Test func speechAuthorized() async throws {
        let store = TestStore(
            initialState: SyncUpDetailState(syncUp: .mock), reducer: syncUpDetailReducer,
            dependencies: testDependencies(speech: .authorized))
        await store.dispatch(SyncUpDetailAction.startMeetingButtonTapped)
        await store.receive(SyncUpDetailAction.delegate(.startMeeting))
    }

    @Test func edit() async {
        var syncUp = SyncUp.mock
        let store = TestStore(
            initialState: SyncUpDetailState(syncUp: syncUp), reducer: syncUpDetailReducer,
            dependencies: testDependencies())
        await store.dispatch(SyncUpDetailAction.editButtonTapped) {
            $0.edit = SyncUpFormState(syncUp: syncUp)
        }
        syncUp.title = "Blob's Meeting"
        await store.root.edit.set(\.syncUp, to: syncUp) {
            $0.edit?.syncUp.title = "Blob's Meeting"
        }
        await store.dispatch(SyncUpDetailAction.doneEditingButtonTapped) {
            $0.edit = nil
            $0.syncUp.title = "Blob's Meeting"
        }
    }

    @Test func delete() async throws {
        // The list is the app's: the detail asks for the deletion and closes (AppFeatureTests.delete
        // sees the list emptied).
        let store = TestStore(
            initialState: SyncUpDetailState(syncUp: .mock), reducer: syncUpDetailReducer,
            dependencies: testDependencies())
        await store.dispatch(SyncUpDetailAction.deleteButtonTapped) {
            $0.alert = .deleteSyncUp
        }
        await store.root.alert.dispatch(Alert.confirmDeletion) {
            $0.alert = nil
        }
        await store.receive(SyncUpDetailAction.delegate(.deleteSyncUp))
        await store.receive(Dismiss())
        #expect(store.isDismissed)
    }
}
