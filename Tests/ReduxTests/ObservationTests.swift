import Observation
import ReduxTestSupport
import Testing

@testable import Redux

/// SPEC §4.7: whole-state reads are invalidated by any change, member reads only by that member.
@MainActor
struct ObservationTests {
    /// Runs `read` under observation tracking and reports whether it was invalidated.
    final class Probe: @unchecked Sendable {
        var changes = 0
    }

    func track(_ read: @escaping @MainActor () -> Void) -> Probe {
        let probe = Probe()
        withObservationTracking {
            read()
        } onChange: {
            probe.changes += 1
        }
        return probe
    }

    @Test func readingStateIsInvalidatedByAnyChange() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let probe = track { _ = store.state }
        store.dispatch(Rename(name: "new"))
        #expect(probe.changes == 1)
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
