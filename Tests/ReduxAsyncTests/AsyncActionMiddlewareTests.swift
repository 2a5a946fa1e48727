import Redux
import ReduxTestSupport
import Testing

@testable import ReduxAsync

@MainActor
struct AsyncActionMiddlewareTests {
    func makeStore(onError: @escaping WorkErrorHandler = { _, _ in }) -> Store<SearchState> {
        Store(
            initialState: SearchState(), reducer: searchReducer, middleware: [asyncActionMiddleware()], onError: onError
        )
    }

    @Test func asyncActionIsPassedOnThenItsWorkRuns() async {
        let store = makeStore()
        let gate = Gate()
        store.dispatch(Search(query: "swift", gate: gate))
        #expect(store.isLoading)
        #expect(store.results.isEmpty)
        #expect(store.effects.count == 1)
        await gate.open()
        await store.effects.waitForAll()
        #expect(!store.isLoading)
        // The work saw the state the reducer left for it.
        #expect(store.results == ["swift", "swift+", "loading was true"])
    }

    @Test func otherActionsPassThroughUntouched() {
        let seen = Log<String>()
        let recorder: Middleware<SearchState> = { _, _ in
            { next in
                { action in
                    seen.append("\(type(of: action))"); next(action)
                }
            }
        }
        let store = Store(
            initialState: SearchState(), reducer: searchReducer,
            middleware: [asyncActionMiddleware(), recorder])
        store.dispatch(SearchResults(results: ["a"]))
        store.dispatch(SearchResults(results: ["b"]))
        store.dispatch(SearchFailed(message: "x"))
        #expect(seen.items == ["SearchResults", "SearchResults", "SearchFailed"])
        #expect(store.results == ["b"])
        #expect(store.effects.isEmpty)
    }

    @Test func cancelActionCancelsWorkWithThatId() async {
        let store = makeStore()
        let gate = Gate()
        store.dispatch(Search(query: "slow", gate: gate))
        store.dispatch(CancelAsyncAction(id: "search"))
        #expect(store.cancelled == 1)
        await gate.open()
        await store.effects.waitForAll()
        #expect(store.results.isEmpty)
        // Cancellation is not a failure.
        #expect(store.error == nil)
    }

    @Test func cancelActionLeavesOtherIdsRunning() async {
        let store = makeStore()
        let gate = Gate()
        store.dispatch(Search(query: "kept", gate: gate, id: "other"))
        store.dispatch(CancelAsyncAction(id: "search"))
        await gate.open()
        await store.effects.waitForAll()
        #expect(store.results.first == "kept")
    }

    @Test func newActionCancelsThePreviousWithTheSameIdWhenAsked() async {
        let store = makeStore()
        let gate = Gate()
        for query in ["s", "sw", "swi"] {
            store.dispatch(Search(query: query, gate: gate, replacesInFlight: true))
        }
        await gate.open()
        await store.effects.waitForAll()
        #expect(store.results.first == "swi")
    }

    @Test func withoutCancelInFlightAllResultsArrive() async {
        let store = makeStore()
        let arrived = Log<String>()
        let subscription = store.subscribe(to: \.results) { if let first = $0.first { arrived.append(first) } }
        let gate = Gate()
        store.dispatch(Search(query: "a", gate: gate))
        store.dispatch(Search(query: "b", gate: gate))
        await gate.open()
        await store.effects.waitForAll()
        #expect(arrived.items.sorted() == ["a", "b"])
        subscription.cancel()
    }

    @Test func thrownErrorBecomesTheActionsFailureAction() async {
        let store = makeStore()
        store.dispatch(Search(query: "x", fails: true))
        await store.effects.waitForAll()
        #expect(store.error == "server error")
        #expect(!store.isLoading)
    }

    @Test func thrownErrorWithoutFailureActionGoesToTheErrorHandler() async {
        let reported = Log<String>()
        let store = makeStore(onError: { error, action in reported.append("\(type(of: action)): \(error)") })
        store.dispatch(Search(query: "x", fails: true, reportsFailureAsAction: false))
        await store.effects.waitForAll()
        #expect(reported.items == ["Search: server error"])
        #expect(store.error == nil)
    }

    @Test func cancellationIsNotReportedToTheErrorHandler() async {
        let reported = Log<String>()
        let store = makeStore(onError: { error, _ in reported.append("\(error)") })
        let gate = Gate()
        store.dispatch(Search(query: "x", gate: gate, reportsFailureAsAction: false))
        store.dispatch(CancelAsyncAction(id: "search"))
        await gate.open()
        await store.effects.waitForAll()
        #expect(reported.items.isEmpty)
    }

    @Test func releasingTheStoreCancelsWorkAndNothingReachesIt() async {
        let gate = Gate()
        let reported = Log<String>()
        weak var weakStore: Store<SearchState>?
        var effects: Effects?
        do {
            let store = makeStore(onError: { error, _ in reported.append("\(error)") })
            weakStore = store
            effects = store.effects
            store.dispatch(Search(query: "late", gate: gate, reportsFailureAsAction: false))
        }
        #expect(weakStore == nil)
        await gate.open()
        await effects?.waitForAll()
        // The work was cancelled (it checks), nothing was reported, nothing crashed.
        #expect(reported.items.isEmpty)
        #expect(effects?.isEmpty == true)
    }

    @Test func workThatIgnoresCancellationCannotDispatchIntoAReleasedStore() async {
        struct Stubborn: AsyncAction {
            let gate: Gate
            let finished: Log<Bool>
            @MainActor
            func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> SearchState) async throws {
                await gate.wait()
                dispatch(SearchResults(results: ["too late"]))
                finished.append(true)
            }
        }
        let gate = Gate()
        let finished = Log<Bool>()
        var effects: Effects?
        var getStateAfter: SearchState?
        do {
            let store = makeStore()
            effects = store.effects
            store.dispatch(Stubborn(gate: gate, finished: finished))
            getStateAfter = store.state
        }
        await gate.open()
        await effects?.waitForAll()
        #expect(finished.items == [true])
        #expect(getStateAfter?.results.isEmpty == true)
    }

    @Test func middlewareOutsideAStoreStillRunsWork() async {
        let middleware: Middleware<SearchState> = asyncActionMiddleware()
        let dispatched = Log<String>()
        let stage = middleware({ action in dispatched.append("\(type(of: action))") }, { SearchState() })
        let dispatch = stage { _ in }
        dispatch(Search(query: "q"))
        // Its work runs in a private registry; wait for the result through the dispatch log.
        for _ in 0..<1_000 where dispatched.items.isEmpty {
            await Task.yield()
        }
        #expect(dispatched.items == ["SearchResults"])
    }
}
