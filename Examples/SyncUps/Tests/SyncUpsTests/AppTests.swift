import Foundation
import Redux
import ReduxEffects
import ReduxPersistence
import ReduxTesting
import Testing

@testable import SyncUps

/// What upstream's tests leave to its UI tests or its libraries: the list's own rows, past
/// meetings, the recorder's timer ending with its view, and the sync-ups saved and restored.
@MainActor
struct AppTests {
    @Test func deletingFromTheList() async {
        var state = AppState()
        state.syncUpsList.syncUps = [.mock, threeAttendees()]
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: testDependencies())
        await store.dispatch(SyncUpsListAction.onDelete(atOffsets: [0])) {
            $0.syncUpsList.syncUps.remove(id: SyncUp.mock.id)
        }
    }

    @Test func aPastMeetingIsPushedFromTheDetail() async throws {
        let syncUp = SyncUp.mock
        var state = AppState()
        state.syncUpsList.syncUps = [syncUp]
        state.path.push(.detail(SyncUpDetailState(syncUp: syncUp)))
        let store = TestStore(initialState: state, reducer: appReducer, dependencies: testDependencies())
        let screen = try #require(store.state.path.ids.first)
        let meeting = try #require(syncUp.meetings.first)
        await store.root.path[id: screen].state[case: Path.detail].dispatch(
            SyncUpDetailAction.meetingTapped(meeting.id)
        ) {
            $0.path.push(.meeting(meeting, syncUp: syncUp))
        }
    }

    @Test func leavingTheRecorderStopsItsTimer() async throws {
        let clock = TestClock()
        var state = AppState()
        state.path.push(.record(RecordMeetingState(syncUp: .mock)))
        let store = Store(initialState: state, reducer: appReducer, dependencies: testDependencies(clock: clock))
        let recorder = try #require(store.state.path.ids.first)
        let screen = try #require(store.scope(\.path, id: recorder)?.scope(\.state).scope(case: Path.record))
        let view = Task { @MainActor in await screen.send(RecordMeetingAction.onTask) }  // .task { … }
        await clock.advance(by: .seconds(3))
        #expect(screen.secondsElapsed == 3)
        view.cancel()  // the view went away
        await view.value
        await clock.advance(by: .seconds(3))
        #expect(store.state.path[id: recorder]?[case: Path.record]?.secondsElapsed == 3)
        #expect(store.effects.isEmpty)
    }

    @Test func aMeetingKeptByTheRecorderIsSavedWithTheList() async throws {
        let storage = InMemoryStorage()
        var dependencies = testDependencies(clock: ImmediateClock(), speech: .denied)
        do {
            let app = SyncUpsApp(dependencies: dependencies, storage: storage, interval: .zero)
            await app.launch()
            app.store.dispatch(SyncUpsListAction.addSyncUpButtonTapped)
            app.list.scope(ifPresent: \.addSyncUp)?.set(\.syncUp.title, to: "Saved")
            app.store.dispatch(SyncUpsListAction.confirmAddSyncUpButtonTapped)
            let id = try #require(app.store.state.syncUpsList.syncUps.first?.id)
            app.store.dispatch(SyncUpsListAction.syncUpTapped(id))
            let detail = try #require(app.store.state.path.ids.first)
            app.store.scope(\.path, id: detail)?.scope(\.state).scope(case: Path.detail)?
                .dispatch(SyncUpDetailAction.startMeetingButtonTapped)  // denied: an alert
            app.store.scope(\.path, id: detail)?.scope(\.state).scope(case: Path.detail)?
                .dispatch(
                    ElementAction(\SyncUpDetailState.alert, id: nil, SyncUpDetailAction.Alert.continueWithoutRecording))
            let recorder = try #require(app.store.state.path.ids.last)
            await app.store.scope(\.path, id: recorder)?.scope(\.state).scope(case: Path.record)?
                .send(RecordMeetingAction.onTask)  // runs until the time is up and the recorder closes
            await app.store.effects.waitForAll()
        }
        dependencies.uuid = .live
        let relaunched = SyncUpsApp(dependencies: dependencies, storage: storage)
        await relaunched.launch()
        #expect(relaunched.store.state.syncUpsList.syncUps.map(\.title) == ["Saved"])
        #expect(relaunched.store.state.syncUpsList.syncUps.first?.meetings.count == 1)
    }
}
