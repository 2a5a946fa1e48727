import ReduxTestSupport
import Testing

@testable import Redux

/// SPEC §4.9: other tasks dispatch with `await`; no action is lost or applied twice.
struct ConcurrencyTests {
    @Test func concurrentTasksDispatchingReachAnExactCount() async {
        let store = await Store(initialState: Counter(), reducer: counterReducer)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 {
                        await store.dispatch(Increment())
                    }
                }
            }
        }
        #expect(await store.state.count == 8_000)
    }

    @Test func dispatchesFromDetachedTasksAreEachReducedOnce() async {
        let store = await Store(initialState: Counter(), reducer: counterReducer)
        let seen = await Log<Int>()
        let subscription = await store.subscribe { state in seen.append(state.count) }
        await withTaskGroup(of: Void.self) { group in
            for amount in 1...50 {
                group.addTask { await store.dispatch(Add(amount: amount)) }
            }
        }
        #expect(await store.state.count == (1...50).reduce(0, +))
        #expect(await seen.items.count == 51)
        await subscription.cancel()
    }
}
