import Observation
import ReduxTestSupport
import Testing

@testable import Redux

/// SPEC §4.5: dispatch during dispatch never crashes and never nests.
@MainActor
struct DispatchQueueingTests {
    @Test func subscriberDispatchIsQueuedAndEverySubscriberSeesEveryStateOnce() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let first = Log<Int>()
        let second = Log<Int>()
        let a = store.subscribe { state in
            first.append(state.count)
            if state.count < 3 { store.dispatch(Increment()) }
        }
        let b = store.subscribe { state in second.append(state.count) }
        // The first subscriber's dispatch from its initial delivery runs after that delivery, and
        // the chain it starts has finished before `subscribe` returns.
        #expect(first.items == [0, 1, 2, 3])
        #expect(second.items == [3])
        store.dispatch(Add(amount: 10))
        #expect(first.items == [0, 1, 2, 3, 13])
        #expect(second.items == [3, 13])
        a.cancel()
        b.cancel()
    }

    @Test func queuedActionsAreReducedInFifoOrder() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let names = Log<String>()
        let subscription = store.subscribe { state in
            names.append(state.name)
            if state.name == "start" {
                store.dispatch(Rename(name: "one"))
                store.dispatch(Rename(name: "two"))
                store.dispatch(Rename(name: "three"))
            }
        }
        store.dispatch(Rename(name: "start"))
        #expect(names.items == ["counter", "start", "one", "two", "three"])
        subscription.cancel()
    }

    @Test func dispatchReturnsAfterQueuedFollowUpsAreReduced() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let subscription = store.subscribe { state in
            if state.count == 1 { store.dispatch(Add(amount: 100)) }
        }
        store.dispatch(Increment())
        #expect(store.count == 101)
        subscription.cancel()
    }

    @Test func dispatchFromMiddlewareAfterNextIsQueuedUntilTheChainUnwinds() {
        let log = Log<String>()
        let follow: Middleware<Counter> = { dispatch, _ in
            { next in
                { action in
                    next(action)
                    if action is Increment { dispatch(Rename(name: "followed")) }
                }
            }
        }
        let audit: Middleware<Counter> = { _, getState in
            { next in
                { action in
                    let before = getState()
                    next(action)
                    let after = getState()
                    log.append("\(type(of: action)) \(before.count)/\(before.name) -> \(after.count)/\(after.name)")
                }
            }
        }
        let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [audit, follow])
        store.dispatch(Increment())
        // The outer middleware sees each action's own before/after, not the follow-up's.
        #expect(
            log.items == [
                "Increment 0/counter -> 1/counter",
                "Rename 1/counter -> 1/followed",
            ])
    }

    @Test func dispatchFromMiddlewareBeforeNextIsSynchronous() {
        // Like a thunk: dispatch, then read the state it produced.
        let seen = Log<Int>()
        let thunkLike: Middleware<Counter> = { dispatch, getState in
            { next in
                { action in
                    guard action is Unknown else { return next(action) }
                    dispatch(Increment())
                    seen.append(getState().count)
                    dispatch(Add(amount: 2))
                    seen.append(getState().count)
                }
            }
        }
        let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [thunkLike])
        store.dispatch(Unknown())
        #expect(seen.items == [1, 3])
    }

    @Test func longChainsOfQueuedActionsDoNotGrowTheStack() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let subscription = store.subscribe { state in
            if state.count > 0, state.count < 50_000 { store.dispatch(Increment()) }
        }
        store.dispatch(Increment())
        #expect(store.count == 50_000)
        subscription.cancel()
    }

    @Test func dispatchFromAnObservationCallbackIsQueued() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let countsSeenInCallback = Log<Int>()
        withObservationTracking {
            _ = store.state
        } onChange: {
            MainActor.assumeIsolated {
                countsSeenInCallback.append(store.count)
                store.dispatch(Rename(name: "after"))
            }
        }
        store.dispatch(Increment())
        // The callback runs before the change (willSet) and its action after it.
        #expect(countsSeenInCallback.items == [0])
        #expect(store.count == 1)
        #expect(store.name == "after")
    }

    @Test func keyPathSubscriptionSkipsRepeatsUnderReentrantDispatch() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let names = Log<String>()
        let counts = Log<Int>()
        let driver = store.subscribe(to: \.count) { count in
            if count == 1 { store.dispatch(Rename(name: "x")) }
            if count == 2 { store.dispatch(Rename(name: "x")) }
        }
        let nameWatcher = store.subscribe(to: \.name) { names.append($0) }
        let countWatcher = store.subscribe(to: \.count) { counts.append($0) }
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(names.items == ["counter", "x"])
        #expect(counts.items == [0, 1, 2])
        driver.cancel()
        nameWatcher.cancel()
        countWatcher.cancel()
    }
}
