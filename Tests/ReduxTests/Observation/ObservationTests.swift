import Observation
import ReduxTestSupport
import Testing

@testable import Redux

/// SPEC §4.7: whole-state reads are invalidated by any change, member reads only by that member.
@MainActor
struct ObservationTests {
    func track(_ read: @escaping @MainActor () -> Void) -> ObservationProbe {
        ObservationProbe.track(read)
    }

    @Test func readingStateIsInvalidatedByAnyChange() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let probe = track { _ = store.state }
        store.dispatch(Rename(name: "new"))
        #expect(probe.changes == 1)
    }

    @Test func wholeStateRegistrarCallsFollowWhetherAnyoneStillObserves() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        #expect(!store.core.machine.isStateObserved)
        let first = track { _ = store.state }
        #expect(store.core.machine.isStateObserved)
        store.dispatch(Rename(name: "a"))
        #expect(first.changes == 1)
        // The tracking ended with that change: later reductions skip the registrar.
        #expect(!store.core.machine.isStateObserved)
        store.dispatch(Rename(name: "b"))
        #expect(first.changes == 1)
        // Reading again observes again, and is told about the next change.
        let second = track { _ = store.state }
        store.dispatch(Rename(name: "c"))
        #expect(second.changes == 1)
    }

    /// Re-tracks from inside its change handler, synchronously, as some views do.
    @MainActor
    final class EagerView {
        let store: Store<Counter>
        var renders = 0
        init(store: Store<Counter>) { self.store = store }

        func render() {
            renders += 1
            withObservationTracking {
                _ = store.state
            } onChange: { [weak self] in
                // Weak: the store's registrar keeps this handler until the next change, and the view
                // keeps the store.
                MainActor.assumeIsolated { self?.render() }
            }
        }
    }

    @Test func reTrackingFromInsideTheChangeHandlerIsNotLost() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let view = EagerView(store: store)
        view.render()
        store.dispatch(Rename(name: "a"))
        store.dispatch(Rename(name: "b"))
        #expect(view.renders == 3)
    }

    @Test func readingAMemberIsInvalidatedOnlyWhenThatMemberChanges() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let countProbe = track { _ = store.count }
        let nameProbe = track { _ = store.name }
        store.dispatch(Rename(name: "new"))
        #expect(countProbe.changes == 0)
        #expect(nameProbe.changes == 1)
        store.dispatch(Rename(name: "new"))
        store.dispatch(Unknown())
        #expect(countProbe.changes == 0)
        store.dispatch(Increment())
        #expect(countProbe.changes == 1)
    }

    @Test func memberObservationWorksAgainAfterRetracking() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        var probe = track { _ = store.count }
        store.dispatch(Increment())
        #expect(probe.changes == 1)
        probe = track { _ = store.count }
        store.dispatch(Rename(name: "other"))
        #expect(probe.changes == 0)
        store.dispatch(Increment())
        #expect(probe.changes == 1)
    }

    @Test func memberReadOutsideTrackingThenObservedStillFires() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        #expect(store.count == 0)
        store.dispatch(Increment())
        #expect(store.count == 1)
        let probe = track { _ = store.count }
        store.dispatch(Increment())
        #expect(probe.changes == 1)
    }

    @Test func nonEquatableMemberIsInvalidatedByAnyChange() {
        struct Box { var value = 0 }
        struct WithBox { var box = Box(); var other = 0 }
        struct Bump: Action {}
        let store = Store(
            initialState: WithBox(), reducer: .on(Bump.self) { state, _ in state.other += 1 })
        let probe = track { _ = store.box }
        store.dispatch(Bump())
        #expect(probe.changes == 1)
    }

    @Test func stateObservedAfterEarlierDispatchesStillFires() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        store.dispatch(Increment())
        store.dispatch(Increment())
        let probe = track { _ = store.state.count }
        store.dispatch(Unknown())
        #expect(probe.changes == 1)
    }
}
