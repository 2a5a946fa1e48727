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

    /// An action dispatched through the detail screen `id`'s scope.
    func detail(_ id: StackElementID, _ action: SyncUpDetailAction) -> ElementAction {
        ElementAction(\AppState.path, id: id, ElementAction(\Screen.detail, id: nil, action))
    }

    /// An action dispatched through the recorder screen `id`'s scope.
    func record(_ id: StackElementID, _ action: any Action) -> ElementAction {
        ElementAction(\AppState.path, id: id, ElementAction(\Screen.record, id: nil, action))
    }

    @Test func addingASyncUpThroughTheSheet() async throws {
        let (dependencies, _) = testDependencies()
        let store = TestStore(initialState: AppState(), reducer: appReducer(dependencies))
        await store.dispatch(ListAction.addSyncUpTapped) {
            $0.list.addSyncUp = SyncUpFormState(
                syncUp: SyncUp(id: UUID(n: 0), attendees: [Attendee(id: UUID(n: 1))]), uuid: { UUID(n: 1) })
        }
        // The sheet's own scope: bindings and actions reach the form's reducer.
        let form = try #require(store.store.scope(\.list).scope(ifPresent: \.addSyncUp))
        form.set(\.syncUp.title, to: "Engineering")
        form.dispatch(SyncUpFormAction.addAttendeeTapped)
        #expect(store.state.list.addSyncUp?.syncUp.title == "Engineering")
        #expect(store.state.list.addSyncUp?.syncUp.attendees.count == 2)
        store.exhaustivity = .off
        await store.dispatch(ListAction.confirmAddTapped)
        #expect(store.state.list.addSyncUp == nil)
        #expect(store.state.list.syncUps.map(\.title) == ["Engineering"])
        #expect(store.state.list.syncUps.first?.attendees.isEmpty == true, "unnamed attendees are dropped")
    }

    @Test func cancellingTheAddSheetAddsNothing() async {
        let (dependencies, _) = testDependencies()
        let store = TestStore(initialState: AppState(), reducer: appReducer(dependencies))
        store.exhaustivity = .off
        await store.dispatch(ListAction.addSyncUpTapped)
        await store.dispatch(ListAction.dismissAddTapped) { $0.list.addSyncUp = nil }
        #expect(store.state.list.syncUps.isEmpty)
    }

    @Test func deletingFromTheList() async {
        let (dependencies, _) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp(), SyncUp(id: UUID(n: 200), title: "Daily")]
        let store = TestStore(initialState: state, reducer: appReducer(dependencies))
        await store.dispatch(ListAction.deleteSyncUps(atOffsets: [0])) { $0.list.syncUps.remove(id: UUID(n: 100)) }
    }

    @Test func editingInTheDetailUpdatesTheDetailAndTheList() async throws {
        let (dependencies, _) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp()]
        let store = TestStore(initialState: state, reducer: appReducer(dependencies))
        await store.dispatch(AppAction.syncUpTapped(UUID(n: 100))) {
            $0.path.push(.detail(SyncUpDetailState(syncUp: designSyncUp())))
        }
        let screen = try #require(store.state.path.ids.first)
        await store.dispatch(detail(screen, .editTapped)) {
            $0.path[id: screen]?.state = .detail(
                SyncUpDetailState(
                    syncUp: designSyncUp(),
                    destination: .edit(SyncUpFormState(syncUp: designSyncUp(), uuid: { UUID(n: 0) }))))
        }
        // The edit sheet, scoped as its view gets it.
        let form = try #require(
            store.store.scope(\.path, id: screen)?.scope(\.state).scope(ifPresent: \.detail)?
                .scope(ifPresent: \.destination)?.scope(ifPresent: \.edit))
        form.set(\.syncUp.title, to: "Product")  // what the text field does
        store.skipReceivedActions()
        var edited = designSyncUp()
        edited.title = "Product"
        await store.dispatch(detail(screen, .doneEditingTapped)) {
            $0.path[id: screen]?.state = .detail(SyncUpDetailState(syncUp: edited))
            $0.list.syncUps[id: UUID(n: 100)] = edited
        }
    }

    @Test func cancellingAnEditChangesNothing() async throws {
        let (dependencies, _) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp()]
        state.path.push(.detail(SyncUpDetailState(syncUp: designSyncUp())))
        let store = TestStore(initialState: state, reducer: appReducer(dependencies))
        let screen = try #require(store.state.path.ids.first)
        store.exhaustivity = .off
        await store.dispatch(detail(screen, .editTapped))
        store.store.dispatch(
            ElementAction(
                \AppState.path, id: screen,
                ElementAction(
                    \Screen.detail, id: nil,
                    ElementAction(
                        \SyncUpDetailState.destination, id: nil,
                        ElementAction(
                            \SyncUpDetailState.Destination.edit, id: nil,
                            BindingAction(\SyncUpFormState.syncUp.title, "Changed"))))))
        await store.dispatch(detail(screen, .cancelEditTapped))
        #expect(store.state.path[id: screen]?.state == .detail(SyncUpDetailState(syncUp: designSyncUp())))
        #expect(store.state.list.syncUps[id: UUID(n: 100)] == designSyncUp())
    }

    @Test func deletingBehindAConfirmationPopsTheDetail() async throws {
        let (dependencies, _) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp()]
        state.path.push(.detail(SyncUpDetailState(syncUp: designSyncUp())))
        let store = TestStore(initialState: state, reducer: appReducer(dependencies))
        let screen = try #require(store.state.path.ids.first)
        await store.dispatch(detail(screen, .deleteTapped)) {
            $0.path[id: screen]?.state = .detail(
                SyncUpDetailState(syncUp: designSyncUp(), destination: .confirmDeletion))
        }
        await store.dispatch(detail(screen, .cancelDeletionTapped)) {
            $0.path[id: screen]?.state = .detail(SyncUpDetailState(syncUp: designSyncUp()))
        }
        await store.dispatch(detail(screen, .deleteTapped)) {
            $0.path[id: screen]?.state = .detail(
                SyncUpDetailState(syncUp: designSyncUp(), destination: .confirmDeletion))
        }
        await store.dispatch(detail(screen, .confirmDeletionTapped)) {
            $0.list.syncUps = []
            $0.path = StackState()
        }
    }

    @Test func aMeetingRunsOnTheClockAndIsKeptWhenTheTimeIsUp() async throws {
        let (dependencies, clock) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp()]
        state.path.push(.detail(SyncUpDetailState(syncUp: designSyncUp())))
        let store = TestStore(initialState: state, reducer: appReducer(dependencies))
        let detailScreen = try #require(store.state.path.ids.first)
        await store.dispatch(detail(detailScreen, .startMeetingTapped)) {
            $0.path.push(.record(RecordMeetingState(syncUp: designSyncUp())))
        }
        let recorder = try #require(store.state.path.ids.last)
        await store.dispatch(record(recorder, RecordMeetingAction.appeared))
        store.exhaustivity = .off
        await clock.advance(by: .seconds(60))
        #expect(store.state.path[id: recorder]?.state.record?.speakerIndex == 1)
        #expect(store.state.path[id: recorder]?.state.record?.secondsElapsed == 60)
        await clock.advance(by: .seconds(60))
        store.exhaustivity = .on
        store.skipReceivedActions()
        let meeting = Meeting(id: UUID(n: 0), date: meetingDate, transcript: "")
        #expect(store.state.path.ids.map { $0 } == [detailScreen], "the recorder closed itself")
        #expect(store.state.list.syncUps[id: UUID(n: 100)]?.meetings.map(\.id) == [meeting.id])
        #expect(store.state.path[id: detailScreen]?.state.detail?.syncUp.meetings == [meeting])
        await store.finish()
    }

    @Test func nextSpeakerAndEndingEarly() async throws {
        let (dependencies, _) = testDependencies()
        var state = AppState()
        state.list.syncUps = [designSyncUp()]
        state.path.push(.record(RecordMeetingState(syncUp: designSyncUp())))
        let store = TestStore(initialState: state, reducer: appReducer(dependencies))
        let recorder = try #require(store.state.path.ids.first)
        func recorderState(_ update: @escaping (inout RecordMeetingState) -> Void) -> (inout AppState) -> Void {
            { state in
                var record = state.path[id: recorder]?.state.record ?? RecordMeetingState(syncUp: designSyncUp())
                update(&record)
                state.path[id: recorder]?.state = .record(record)
            }
        }
        await store.dispatch(
            record(recorder, RecordMeetingAction.nextSpeakerTapped),
            recorderState {
                $0.speakerIndex = 1
                $0.secondsElapsed = 60
            })
        await store.dispatch(
            record(recorder, RecordMeetingAction.nextSpeakerTapped),
            recorderState {
                $0.endMeetingAlert = .init(isDiscardable: false)
            })
        await store.dispatch(
            record(recorder, RecordMeetingAction.resumeMeetingTapped),
            recorderState {
                $0.endMeetingAlert = nil
            })
        await store.dispatch(
            record(recorder, RecordMeetingAction.endMeetingTapped),
            recorderState {
                $0.endMeetingAlert = .init(isDiscardable: true)
            })
        await store.dispatch(
            record(recorder, RecordMeetingAction.discardMeetingTapped),
            recorderState {
                $0.endMeetingAlert = nil
            })
        await store.receive(record(recorder, Dismiss())) { $0.path = StackState() }
        #expect(store.state.list.syncUps[id: UUID(n: 100)]?.meetings.isEmpty == true)
        await store.finish()
    }

    @Test func leavingTheRecorderStopsItsTimer() async throws {
        let (dependencies, clock) = testDependencies()
        var state = AppState()
        state.path.push(.record(RecordMeetingState(syncUp: designSyncUp())))
        let store = Store(initialState: state, reducer: appReducer(dependencies))
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
        let meeting = Meeting(id: UUID(n: 300), date: meetingDate, transcript: "Hello")
        syncUp.meetings = [meeting]
        var state = AppState()
        state.path.push(.detail(SyncUpDetailState(syncUp: syncUp)))
        let store = TestStore(initialState: state, reducer: appReducer(dependencies))
        let screen = try #require(store.state.path.ids.first)
        await store.dispatch(detail(screen, .meetingTapped(meeting.id))) {
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
