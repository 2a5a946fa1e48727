import Foundation
import Redux
import ReduxEffects
import ReduxPersistence
import ReduxTesting
import Testing

@testable import SyncUps

/// Every flow of the SyncUps app, as the Composable Architecture's SyncUps tests check them:
/// add through a sheet, edit through a sheet, delete behind a confirmation, a pushed detail, a
/// timed meeting, past meetings, persistence.
@MainActor
struct SyncUpsTests {
    typealias ListAction = SyncUpsListAction
    typealias DetailAction = SyncUpDetailAction

    @Test func addingASyncUpThroughTheSheet() async throws {
        let (dependencies, _) = testDependencies()
        let store = TestStore(initialState: AppState(), reducer: appReducer, dependencies: dependencies)
        await store.dispatch(ListAction.addSyncUpTapped) {
            $0.list.addSyncUp = SyncUpFormState(
                syncUp: SyncUp(id: UUID(0), attendees: [Attendee(id: UUID(1))]), newAttendee: UUID(1))
        }
        // Through the sheet's path, as its view's scope sends: bindings and actions reach the form.
        let form = store.root.list.addSyncUp
        await form.set(\.syncUp.title, to: "Engineering") { $0.list.addSyncUp?.syncUp.title = "Engineering" }
        await form.dispatch(SyncUpFormAction.addAttendeeTapped) {
            $0.list.addSyncUp?.syncUp.attendees.append(Attendee(id: UUID(2)))
        }
        await form.set(\.syncUp.attendees[0].name, to: "Blob") { $0.list.addSyncUp?.syncUp.attendees[0].name = "Blob" }
        await store.dispatch(ListAction.confirmAddTapped) {
            $0.list.addSyncUp = nil
            $0.list.syncUps = [
                SyncUp(id: UUID(0), attendees: [Attendee(id: UUID(1), name: "Blob")], title: "Engineering")
            ]  // the unnamed attendee is dropped
        }
    }

    @Test func cancellingTheAddSheetAddsNothing() async {
        let (dependencies, _) = testDependencies()
        let store = TestStore(initialState: AppState(), reducer: appReducer, dependencies: dependencies)
        store.exhaustivity = .off
        await store.dispatch(ListAction.addSyncUpTapped)
        await store.dispatch(ListAction.dismissAddTapped) { $0.list.addSyncUp = nil }
        #expect(store.state.list.syncUps.isEmpty)
    }

    @Test func deletingFromTheList() async {
        let (dependencies, _) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp(), SyncUp(id: UUID(200), title: "Daily")]
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: dependencies)
        await store.dispatch(ListAction.deleteSyncUps(atOffsets: [0])) { $0.list.syncUps.remove(id: UUID(100)) }
    }

    @Test func editingInTheDetailUpdatesTheDetailAndTheList() async throws {
        let (dependencies, _) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp()]
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: dependencies)
        await store.dispatch(AppAction.syncUpTapped(UUID(100))) {
            $0.path.push(.detail(SyncUpDetailState(syncUp: designSyncUp())))
        }
        let screen = try #require(store.state.path.ids.first)
        let detail = store.root.path[id: screen].state.detail
        await detail.dispatch(DetailAction.editTapped) {
            $0.path[id: screen]?.state = .detail(
                SyncUpDetailState(
                    syncUp: designSyncUp(),
                    destination: .edit(SyncUpFormState(syncUp: designSyncUp(), newAttendee: UUID(0)))))
        }
        var edited = designSyncUp()
        edited.title = "Product"
        // The edit sheet's text field, through its path.
        await detail.destination.edit.set(\.syncUp.title, to: "Product") {
            $0.path[id: screen]?.state = .detail(
                SyncUpDetailState(
                    syncUp: designSyncUp(), destination: .edit(SyncUpFormState(syncUp: edited, newAttendee: UUID(0)))))
        }
        await detail.dispatch(DetailAction.doneEditingTapped) {
            $0.path[id: screen]?.state = .detail(SyncUpDetailState(syncUp: edited))
            $0.list.syncUps[id: UUID(100)] = edited
        }
    }

    @Test func cancellingAnEditChangesNothing() async throws {
        let (dependencies, _) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp()]
        state.path.push(.detail(SyncUpDetailState(syncUp: designSyncUp())))
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: dependencies)
        let screen = try #require(store.state.path.ids.first)
        let detail = store.root.path[id: screen].state.detail
        await store.withExhaustivity(.off) {
            await detail.dispatch(DetailAction.editTapped)
            await detail.destination.edit.set(\.syncUp.title, to: "Changed")
        }
        await detail.dispatch(DetailAction.cancelEditTapped) {
            $0.path[id: screen]?.state = .detail(SyncUpDetailState(syncUp: designSyncUp()))
        }
        #expect(store.state.list.syncUps[id: UUID(100)] == designSyncUp())
    }

    @Test func deletingBehindAConfirmationPopsTheDetail() async throws {
        let (dependencies, _) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp()]
        state.path.push(.detail(SyncUpDetailState(syncUp: designSyncUp())))
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: dependencies)
        let screen = try #require(store.state.path.ids.first)
        let detail = store.root.path[id: screen].state.detail
        await detail.dispatch(DetailAction.deleteTapped) {
            $0.path[id: screen]?.state = .detail(
                SyncUpDetailState(syncUp: designSyncUp(), destination: .confirmDeletion))
        }
        await detail.dispatch(DetailAction.cancelDeletionTapped) {
            $0.path[id: screen]?.state = .detail(SyncUpDetailState(syncUp: designSyncUp()))
        }
        await detail.dispatch(DetailAction.deleteTapped) {
            $0.path[id: screen]?.state = .detail(
                SyncUpDetailState(syncUp: designSyncUp(), destination: .confirmDeletion))
        }
        await detail.dispatch(DetailAction.confirmDeletionTapped) {
            $0.list.syncUps = []
            $0.path = StackState()
        }
    }

    @Test func aMeetingRunsOnTheClockAndIsKeptWhenTheTimeIsUp() async throws {
        let (dependencies, clock) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp()]
        state.path.push(.detail(SyncUpDetailState(syncUp: designSyncUp())))
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: dependencies)
        let detailScreen = try #require(store.state.path.ids.first)
        await store.root.path[id: detailScreen].state.detail.dispatch(DetailAction.startMeetingTapped) {
            $0.path.push(.record(RecordMeetingState(syncUp: designSyncUp())))
        }
        let recorder = try #require(store.state.path.ids.last)
        await store.root.path[id: recorder].state.record.dispatch(RecordMeetingAction.appeared)
        await store.withExhaustivity(.off) {
            await clock.advance(by: .seconds(60))
            #expect(store.state.path[id: recorder]?.state.record?.speakerIndex == 1)
            #expect(store.state.path[id: recorder]?.state.record?.secondsElapsed == 60)
            await clock.advance(by: .seconds(60))
            store.skipReceivedActions()
        }
        let meeting = Meeting(id: UUID(0), date: meetingDate, transcript: "")
        #expect(store.state.path.ids.map { $0 } == [detailScreen], "the recorder closed itself")
        #expect(store.state.list.syncUps[id: UUID(100)]?.meetings.map(\.id) == [meeting.id])
        #expect(store.state.path[id: detailScreen]?.state.detail?.syncUp.meetings == [meeting])
        await store.finish()
    }

    @Test func nextSpeakerAndEndingEarly() async throws {
        let (dependencies, _) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp()]
        state.path.push(.record(RecordMeetingState(syncUp: designSyncUp())))
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: dependencies)
        let recorder = try #require(store.state.path.ids.first)
        let record = store.root.path[id: recorder].state.record
        func recorderState(_ update: @escaping (inout RecordMeetingState) -> Void) -> (inout AppState) -> Void {
            { state in
                var record = state.path[id: recorder]?.state.record ?? RecordMeetingState(syncUp: designSyncUp())
                update(&record)
                state.path[id: recorder]?.state = .record(record)
            }
        }
        await record.dispatch(
            RecordMeetingAction.nextSpeakerTapped,
            recorderState {
                $0.speakerIndex = 1
                $0.secondsElapsed = 60
            })
        await record.dispatch(
            RecordMeetingAction.nextSpeakerTapped,
            recorderState {
                $0.alert = .endMeeting(isDiscardable: false)
            })
        #expect(
            store.state.path[id: recorder]?.state.record?.alert?.buttons.map(\.label) == ["Save and end", "Resume"])
        await record.alert.dispatch(Dismiss(), recorderState { $0.alert = nil })  // "Resume" only closes it
        await record.dispatch(
            RecordMeetingAction.endMeetingTapped,
            recorderState {
                $0.alert = .endMeeting(isDiscardable: true)
            })
        await record.alert.dispatch(  // "Discard": the alert closes by itself
            RecordMeetingAction.discardMeetingTapped,
            recorderState {
                $0.alert = nil
            })
        await record.receive(Dismiss()) { $0.path = StackState() }
        #expect(store.state.list.syncUps[id: UUID(100)]?.meetings.isEmpty == true)
        await store.finish()
    }

    @Test func leavingTheRecorderStopsItsTimer() async throws {
        let (dependencies, clock) = testDependencies()
        var state = AppState()
        state.path.push(.record(RecordMeetingState(syncUp: designSyncUp())))
        let store = Store(initialState: state, reducer: appReducer, dependencies: dependencies)
        let recorder = try #require(store.state.path.ids.first)
        let screen = try #require(store.scope(\.path, id: recorder)?.scope(\.state).scope(ifPresent: \.record))
        let view = Task { @MainActor in await screen.send(RecordMeetingAction.appeared) }  // .task { … }
        await clock.advance(by: .seconds(3))
        #expect(screen.secondsElapsed == 3)
        view.cancel()  // the view went away
        await view.value
        await clock.advance(by: .seconds(3))
        #expect(store.state.path[id: recorder]?.state.record?.secondsElapsed == 3)
        #expect(store.effects.isEmpty)
    }

    @Test func aPastMeetingIsPushedFromTheDetail() async throws {
        let (dependencies, _) = testDependencies()
        var syncUp = designSyncUp()
        let meeting = Meeting(id: UUID(300), date: meetingDate, transcript: "Hello")
        syncUp.meetings = [meeting]
        var state = AppState()
        state.path.push(.detail(SyncUpDetailState(syncUp: syncUp)))
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: dependencies)
        let screen = try #require(store.state.path.ids.first)
        await store.root.path[id: screen].state.detail.dispatch(DetailAction.meetingTapped(meeting.id)) {
            $0.path.push(.meeting(meeting, syncUp: syncUp))
        }
    }

    @Test func syncUpsAreSavedAndRestored() async throws {
        let storage = InMemoryStorage()
        let (dependencies, _) = testDependencies()
        do {
            let app = SyncUpsApp(dependencies: dependencies, storage: storage, interval: .zero)
            await app.launch()
            app.store.dispatch(ListAction.addSyncUpTapped)
            app.list.scope(ifPresent: \.addSyncUp)?.set(\.syncUp.title, to: "Saved")
            app.store.dispatch(ListAction.confirmAddTapped)
            await app.store.effects.waitForAll()
        }
        let relaunched = SyncUpsApp(dependencies: dependencies, storage: storage)
        await relaunched.launch()
        #expect(relaunched.store.state.list.syncUps.map(\.title) == ["Saved"])
    }
}
