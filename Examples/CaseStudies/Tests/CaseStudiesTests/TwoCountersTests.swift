import CaseStudies
import Redux
import ReduxTesting
import Testing

/// Upstream has no test of this study; these are in its tests' shape: each counter's action, sent
/// through its own member, moves that counter only.
@MainActor
struct TwoCountersTests {
    @Test
    func counter1() async {
        let store = TestStore(initialState: TwoCounters.State(), reducer: TwoCounters.reducer)

        await store.root.counter1.dispatch(Counter.Action.incrementButtonTapped) {
            $0.counter1.count = 1
        }
        await store.root.counter1.dispatch(Counter.Action.decrementButtonTapped) {
            $0.counter1.count = 0
        }
    }

    @Test
    func counter2() async {
        let store = TestStore(initialState: TwoCounters.State(), reducer: TwoCounters.reducer)

        await store.root.counter2.dispatch(Counter.Action.incrementButtonTapped) {
            $0.counter2.count = 1
        }
        await store.root.counter1.dispatch(Counter.Action.decrementButtonTapped) {
            $0.counter1.count = -1
        }
    }

    /// The views' scopes, as the app holds them.
    @Test
    func viewsScopes() {
        let store = Store(initialState: TwoCounters.State(), reducer: TwoCounters.reducer)
        store.scope(\.counter1).dispatch(Counter.Action.incrementButtonTapped)
        store.scope(\.counter2).dispatch(Counter.Action.decrementButtonTapped)
        store.scope(\.counter2).dispatch(Counter.Action.decrementButtonTapped)
        #expect(store.counter1.count == 1)
        #expect(store.counter2.count == -2)
    }
}
