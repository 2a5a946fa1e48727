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

    /// The store's last owner lets go while a middleware runs, entered through a `dispatch` it kept
    /// (so nothing on the stack holds the store): the pipeline, which the dispatch calls without
    /// retaining it, must outlive the call — the middleware goes on reading its captures, calls
    /// `next`, and dispatches again — and is released once the dispatch returns. Through an array
    /// and a list, the store released at the outer dispatch and inside a nested one. Checked to
    /// fail with the head released at shut-down whatever the frames (in a release build: a debug
    /// build copies the closure it calls, so the stage outlives its call there anyway).
    @Test(arguments: [false, true], [false, true])
    func aStoreReleasedByItsOwnMiddlewareMidDispatchKeepsThePipelineUntilTheDispatchReturns(
        listed: Bool, nested: Bool
    ) {
        struct Drop: Action {}
        final class Owner {
            var store: Store<Counter>?
        }
        let owner = Owner()
        let seen = Log<String>()
        let freed = Mark()
        var keptDispatch: Dispatch?
        weak var weakCore: StoreCore<Counter>?
        // A capture the middleware reads after the store is gone: freed with the pipeline.
        let label = String(repeating: "after ", count: 4)
        let dropper: Middleware<Counter> = { dispatch, _ in
            keptDispatch = dispatch
            return { next in
                // Freed with the stage: marks when (it must be after the stage's call returned).
                let lifetime = Lifetime(freed)
                return { action in
                    _ = lifetime
                    if action is Drop, !nested || seen.items.contains("Add") {
                        owner.store = nil
                    } else if action is Drop {
                        seen.append("Add")
                        dispatch(Add(amount: 1))  // nested: the inner dispatch drops the store
                        dispatch(Drop())
                    }
                    next(action)
                    seen.append("\(label)\(type(of: action))" + (freed.isSet ? " (stage freed)" : ""))
                }
            }
        }
        let tracer = tracing("t", into: Log<String>())
        if listed {
            owner.store = Store(initialState: Counter(), reducer: counterReducer) {
                dropper
                tracer
            }
        } else {
            owner.store = Store(initialState: Counter(), reducer: counterReducer, middleware: [dropper, tracer])
        }
        weakCore = owner.store?.core
        keptDispatch?(Drop())
        #expect(owner.store == nil)
        let after = label
        #expect(seen.items.last == "\(after)Drop")
        #expect(!seen.items.contains { $0.hasSuffix("(stage freed)") })
        #expect(freed.isSet)  // released once the outer dispatch returned, cycle broken
        #expect(seen.items.filter { $0.hasSuffix("Drop") }.count == (nested ? 2 : 1))
        // The dispatch the middleware kept holds the core; dropping it frees the core and pipeline.
        #expect(weakCore != nil)
        keptDispatch?(Increment())  // a no-op now
        keptDispatch = nil
        #expect(weakCore == nil)
    }

    /// Set when a ``Lifetime`` is released.
    final class Mark {
        var isSet = false
    }

    /// Sets its mark when released.
    final class Lifetime {
        let mark: Mark
        init(_ mark: Mark) { self.mark = mark }
        deinit { mark.isSet = true }
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
