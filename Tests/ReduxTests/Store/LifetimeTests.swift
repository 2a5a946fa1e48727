import Dispatch
import ReduxTestSupport
import Testing

@testable import Redux

/// SPEC §4.8: nothing keeps the store alive, and a dispatch that outlives it is a no-op.
@MainActor
struct LifetimeTests {
    @Test func storeIsReleasedWhenItsOwnerLetsGoDespiteMiddleware() {
        weak var weakStore: Store<Counter>?
        var keptDispatch: Dispatch?
        var keptGetState: (@MainActor () -> Counter)?
        do {
            let keeper: Middleware<Counter> = { dispatch, getState in
                keptDispatch = dispatch
                keptGetState = getState
                return { next in { action in next(action) } }
            }
            let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [keeper])
            weakStore = store
            store.dispatch(Add(amount: 4))
        }
        #expect(weakStore == nil)
        // Both outlive the store without crashing: dispatch does nothing, getState is the last state.
        keptDispatch?(Increment())
        #expect(keptGetState?().count == 4)
    }

    @Test func keptNextAfterTheStoreIsGoneDoesNothing() {
        weak var weakStore: Store<Counter>?
        var keptNext: Dispatch?
        do {
            let keeper: Middleware<Counter> = { _, _ in
                { next in
                    keptNext = next
                    return { action in next(action) }
                }
            }
            let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [keeper])
            weakStore = store
        }
        #expect(weakStore == nil)
        keptNext?(Increment())
        #expect(keptNext != nil)
    }

    @Test func storeReleasedFromATaskIsCleanedUp() async {
        weak var weakStore: Store<Counter>?
        do {
            let store = Store(initialState: Counter(), reducer: counterReducer)
            weakStore = store
            await Task { @MainActor in store.dispatch(Increment()) }.value
        }
        #expect(weakStore == nil)
    }

    /// Holds the last reference to a store so that a detached task can release it.
    final class LastReference: @unchecked Sendable {
        var store: Store<Counter>?
    }

    @Test func keptDispatchDoesNothingOnceTheStoreIsReleasedOffTheMainThread() {
        var keptDispatch: Dispatch?
        var keptGetState: (@MainActor () -> Counter)?
        let seen = Log<String>()
        let keeper: Middleware<Counter> = { dispatch, getState in
            keptDispatch = dispatch
            keptGetState = getState
            return { next in
                { action in
                    seen.append("\(type(of: action))")
                    next(action)
                }
            }
        }
        let holder = LastReference()
        holder.store = Store(initialState: Counter(), reducer: counterReducer, middleware: [keeper])
        holder.store?.dispatch(Add(amount: 2))
        // Released on another thread while the main thread waits without yielding, so the rest
        // of the shutdown, enqueued on the main actor, cannot have run when the dispatch comes.
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            holder.store = nil
            released.signal()
        }
        released.wait()
        keptDispatch?(Increment())
        #expect(seen.items == ["Add"])  // no middleware ran, nothing was reduced
        #expect(keptGetState?().count == 2)
    }
}
