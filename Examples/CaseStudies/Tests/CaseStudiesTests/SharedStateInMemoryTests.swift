import CaseStudies
import Redux
import ReduxTesting
import Testing

/// Upstream's `SharedStateInMemoryTests`, one for one: a change asserted once, on one tab's copy.
@MainActor
struct SharedStateInMemoryTests {
    @Test
    func tabSelection() async {
        let store = TestStore(initialState: SharedStateInMemory.State(), reducer: SharedStateInMemory.reducer)

        await store.dispatch(SharedStateInMemory.Action.selectTab(.profile)) {
            $0.currentTab = .profile
        }
        await store.dispatch(SharedStateInMemory.Action.selectTab(.counter)) {
            $0.currentTab = .counter
        }
    }

    @Test
    func sharedCounts() async {
        let store = TestStore(initialState: SharedStateInMemory.State(), reducer: SharedStateInMemory.reducer)

        await store.root.counter.dispatch(SharedStateInMemory.CounterTab.Action.incrementButtonTapped) {
            $0.counter.stats.increment()
        }

        await store.root.counter.dispatch(SharedStateInMemory.CounterTab.Action.decrementButtonTapped) {
            $0.counter.stats.decrement()
        }

        await store.root.profile.dispatch(SharedStateInMemory.ProfileTab.Action.resetStatsButtonTapped) {
            $0.profile.stats = Stats()
        }
    }

    @Test
    func alert() async {
        let store = TestStore(initialState: SharedStateInMemory.State(), reducer: SharedStateInMemory.reducer)

        await store.root.counter.dispatch(SharedStateInMemory.CounterTab.Action.isPrimeButtonTapped) {
            $0.counter.alert = AlertState(title: "👎 The number 0 is not prime :(")
        }
    }

    /// Beyond upstream's: both tabs hold the one value after each action (upstream's `@Shared` is one
    /// reference; here each tab's state holds a copy, reconciled after the action).
    @Test
    func bothTabsShowTheOneValue() {
        let store = Store(initialState: SharedStateInMemory.State(), reducer: SharedStateInMemory.reducer)
        store.scope(\.counter).dispatch(SharedStateInMemory.CounterTab.Action.incrementButtonTapped)
        store.scope(\.counter).dispatch(SharedStateInMemory.CounterTab.Action.incrementButtonTapped)
        #expect(store.profile.stats.count == 2)
        #expect(store.profile.stats.maxCount == 2)
        store.scope(\.profile).dispatch(SharedStateInMemory.ProfileTab.Action.resetStatsButtonTapped)
        #expect(store.counter.stats == Stats())
    }
}
