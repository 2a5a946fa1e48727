import ReduxTestSupport
import Testing

@testable import Redux

/// The two ways a store is given its middleware: an array, and a `MiddlewareBuilder` list. Both
/// build the same pipeline; the tests that show its rules run on both.
enum Listing: CaseIterable, Sendable {
    case array, list
}

/// A counter store with `middleware`, given as `listing` says.
@MainActor
func makeStore(_ listing: Listing, _ middleware: [Middleware<Counter>]) -> Store<Counter> {
    switch listing {
    case .array:
        Store(initialState: Counter(), reducer: counterReducer, middleware: middleware)
    case .list:
        Store(initialState: Counter(), reducer: counterReducer) {
            for stage in middleware { stage }
        }
    }
}

@MainActor
struct MiddlewareTests {
    @Test(arguments: Listing.allCases) func middlewareRunsInArrayOrder(listing: Listing) {
        let log = Log<String>()
        let store = makeStore(listing, [tracing("a", into: log), tracing("b", into: log), tracing("c", into: log)])
        store.dispatch(Increment())
        #expect(log.items == ["a>", "b>", "c>", "<c", "<b", "<a"])
        #expect(store.count == 1)
    }

    @Test(arguments: Listing.allCases) func middlewareThatSkipsNextSwallowsTheAction(listing: Listing) {
        let swallowAdd: Middleware<Counter> = { _, _ in
            { next in { action in if !(action is Add) { next(action) } } }
        }
        let store = makeStore(listing, [swallowAdd])
        store.dispatch(Add(amount: 10))
        store.dispatch(Increment())
        #expect(store.count == 1)
    }

    @Test(arguments: Listing.allCases) func dispatchFromMiddlewareReentersTheWholeChain(listing: Listing) {
        let log = Log<String>()
        // The second middleware turns Add into Increments through `dispatch`, so they must pass
        // the first middleware again.
        let expand: Middleware<Counter> = { dispatch, _ in
            { next in
                { action in
                    if let add = action as? Add {
                        for _ in 0..<add.amount { dispatch(Increment()) }
                    } else {
                        next(action)
                    }
                }
            }
        }
        let seen: Middleware<Counter> = { _, _ in
            { next in
                { action in
                    log.append(String(describing: type(of: action))); next(action)
                }
            }
        }
        let store = makeStore(listing, [seen, expand])
        store.dispatch(Add(amount: 2))
        #expect(log.items == ["Add", "Increment", "Increment"])
        #expect(store.count == 2)
    }

    @Test(arguments: Listing.allCases) func getStateIsAlwaysFresh(listing: Listing) {
        let observed = Log<Int>()
        let probe: Middleware<Counter> = { _, getState in
            { next in
                { action in
                    observed.append(getState().count)
                    next(action)
                    observed.append(getState().count)
                }
            }
        }
        let store = makeStore(listing, [probe])
        store.dispatch(Increment())
        store.dispatch(Add(amount: 5))
        #expect(observed.items == [0, 1, 1, 6])
    }

    @Test(arguments: Listing.allCases) func factoriesRunOnceInArrayOrder(listing: Listing) {
        let log = Log<String>()
        func factory(_ name: String) -> Middleware<Counter> {
            { _, _ in
                log.append(name)
                return { next in { action in next(action) } }
            }
        }
        let store = makeStore(listing, [factory("a"), factory("b")])
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(log.items == ["a", "b"])
        #expect(store.count == 2)
    }

    @Test(arguments: Listing.allCases) func actionsDispatchedDuringSetupAreDeliveredInOrderOnceReady(listing: Listing) {
        let log = Log<String>()
        let eager: Middleware<Counter> = { dispatch, _ in
            dispatch(Add(amount: 10))
            dispatch(Rename(name: "ready"))
            return { next in { action in next(action) } }
        }
        let store = makeStore(listing, [tracing("outer", into: log), eager])
        #expect(store.count == 10)
        #expect(store.name == "ready")
        // Delivered through the whole chain, including the middleware in front of the dispatcher.
        #expect(log.items == ["outer>", "<outer", "outer>", "<outer"])
    }

    @Test(arguments: Listing.allCases) func nextKeptAndCalledLaterStillReduces(listing: Listing) async {
        var kept: Dispatch?
        let deferring: Middleware<Counter> = { _, _ in
            { next in
                kept = next
                return { _ in }
            }
        }
        let store = makeStore(listing, [deferring])
        let values = Log<Int>()
        let subscription = store.subscribe(to: \.count) { values.append($0) }
        store.dispatch(Increment())
        #expect(store.count == 0)
        kept?(Increment())
        kept?(Add(amount: 2))
        #expect(store.count == 3)
        #expect(values.items == [0, 1, 3])
        subscription.cancel()
    }

    @Test(arguments: Listing.allCases) func middlewareMayCallNextMoreThanOnce(listing: Listing) {
        let batch: Middleware<Counter> = { _, _ in
            { next in
                { action in
                    if let add = action as? Add {
                        for _ in 0..<add.amount { next(Increment()) }
                    } else {
                        next(action)
                    }
                }
            }
        }
        let store = makeStore(listing, [batch])
        let counts = Log<Int>()
        let subscription = store.subscribe(to: \.count) { counts.append($0) }
        store.dispatch(Add(amount: 3))
        #expect(counts.items == [0, 1, 2, 3])
        subscription.cancel()
    }
}
