import CaseStudies
import Redux
import ReduxTesting
import Testing

/// Upstream's `SharedStateUserDefaultsTests`, one for one: a change asserted once, on one tab's copy.
@MainActor
struct SharedStateUserDefaultsTests {
    @Test
    func tabSelection() async {
        let store = TestStore(initialState: SharedStateUserDefaults.State(), reducer: SharedStateUserDefaults.reducer)

        await store.dispatch(SharedStateUserDefaults.Action.selectTab(.profile)) {
            $0.currentTab = .profile
        }
        await store.dispatch(SharedStateUserDefaults.Action.selectTab(.counter)) {
            $0.currentTab = .counter
        }
    }

    @Test
    func sharedCounts() async {
        let store = TestStore(initialState: SharedStateUserDefaults.State(), reducer: SharedStateUserDefaults.reducer)

        await store.root.counter.dispatch(SharedStateUserDefaults.CounterTab.Action.incrementButtonTapped) {
            $0.counter.count = 1
        }

        await store.root.counter.dispatch(SharedStateUserDefaults.CounterTab.Action.decrementButtonTapped) {
            $0.counter.count = 0
        }

        // Upstream writes `$0.profile.$count.withLock { $0 = 0 }` here: a write through its shared
        // reference counts as a change there. The count is already 0, so as a value nothing changed,
        // and this library's TestStore (as upstream's for plain state) takes a closure that changes
        // nothing for a mistake: none is given.
        await store.root.profile.dispatch(SharedStateUserDefaults.ProfileTab.Action.resetStatsButtonTapped)
    }

    @Test
    func alert() async {
        let store = TestStore(initialState: SharedStateUserDefaults.State(), reducer: SharedStateUserDefaults.reducer)

        await store.root.counter.dispatch(SharedStateUserDefaults.CounterTab.Action.isPrimeButtonTapped) {
            $0.counter.alert = AlertState(title: "👎 The number 0 is not prime :(")
        }
    }
}
