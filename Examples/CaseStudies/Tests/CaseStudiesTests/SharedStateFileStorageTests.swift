import CaseStudies
import Redux
import ReduxPersistence
import ReduxTesting
import Testing

/// Upstream's `SharedStateFileStorageTests`, one for one: a change asserted once, on one tab's copy.
@MainActor
struct SharedStateFileStorageTests {
    @Test
    func tabSelection() async {
        let store = TestStore(initialState: SharedStateFileStorage.State(), reducer: SharedStateFileStorage.reducer)

        await store.dispatch(SharedStateFileStorage.Action.selectTab(.profile)) {
            $0.currentTab = .profile
        }
        await store.dispatch(SharedStateFileStorage.Action.selectTab(.counter)) {
            $0.currentTab = .counter
        }
    }

    @Test
    func sharedCounts() async {
        let store = TestStore(initialState: SharedStateFileStorage.State(), reducer: SharedStateFileStorage.reducer)

        await store.root.counter.dispatch(SharedStateFileStorage.CounterTab.Action.incrementButtonTapped) {
            $0.counter.stats.increment()
        }

        await store.root.counter.dispatch(SharedStateFileStorage.CounterTab.Action.decrementButtonTapped) {
            $0.counter.stats.decrement()
        }

        await store.root.profile.dispatch(SharedStateFileStorage.ProfileTab.Action.resetStatsButtonTapped) {
            $0.profile.stats = Stats()
        }
    }

    @Test
    func alert() async {
        let store = TestStore(initialState: SharedStateFileStorage.State(), reducer: SharedStateFileStorage.reducer)

        await store.root.counter.dispatch(SharedStateFileStorage.CounterTab.Action.isPrimeButtonTapped) {
            $0.counter.alert = AlertState(title: "👎 The number 0 is not prime :(")
        }
    }
}
