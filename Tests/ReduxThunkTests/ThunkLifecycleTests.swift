import Redux
import ReduxTestSupport
import Testing

@testable import ReduxThunk

@MainActor
struct ThunkLifecycleTests {
    let dependencies = Dependencies(
        greeting: "hi",
        userName: { id in
            if id < 0 { throw LookupFailed() }
            return "user-\(id)"
        })

    func makeStore() -> Store<AppState> {
        Store(
            initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()], dependencies: dependencies)
    }

    func loadUser(
        _ id: Int, gate: Gate? = nil, condition: (@MainActor @Sendable (AppState, Dependencies) -> Bool)? = nil
    ) -> AsyncThunk<AppState, Dependencies, String> {
        .lifecycle(LoadUser.self, id: "load-user", condition: condition) { context in
            await gate?.wait()
            return try await context.extra.userName(id)
        }
    }

    @Test func pendingThenFulfilled() async throws {
        let store = makeStore()
        let gate = Gate()
        let caller = Task { try await store.run(loadUser(5, gate: gate)) }
        while store.reduced.isEmpty { await Task.yield() }
        #expect(store.reduced == ["Pending<LoadUser>"])
        #expect(store.isLoading)
        await gate.open()
        #expect(try await caller.value == "user-5")
        #expect(store.reduced == ["Pending<LoadUser>", "Fulfilled<LoadUser, String>"])
        #expect(store.user == "user-5")
        #expect(!store.isLoading)
    }

    @Test func pendingIsDispatchedSynchronouslyAtDispatch() async {
        let store = makeStore()
        store.dispatch(loadUser(1))
        #expect(store.reduced == ["Pending<LoadUser>"])
        await store.effects.waitForAll()
        #expect(store.reduced == ["Pending<LoadUser>", "Fulfilled<LoadUser, String>"])
    }

    @Test func pendingThenRejectedWithTheError() async {
        let store = makeStore()
        await #expect(throws: LookupFailed.self) { try await store.run(loadUser(-1)) }
        #expect(store.reduced == ["Pending<LoadUser>", "Rejected<LoadUser>"])
        #expect(store.error == "LookupFailed()")
    }

    @Test func falseConditionSkipsEverything() async {
        let store = makeStore()
        await #expect(throws: ThunkError.skippedByCondition) {
            try await store.run(loadUser(1, condition: { state, _ in state.user == nil && state.count > 0 }))
        }
        #expect(store.reduced.isEmpty)
        #expect(store.effects.isEmpty)
    }

    @Test func conditionSeesStateAndExtra() async throws {
        let store = makeStore()
        let value = try await store.run(
            loadUser(2, condition: { state, extra in !state.isLoading && extra.greeting == "hi" }))
        #expect(value == "user-2")
    }

    @Test func cancellationEndsInRejectedNeverFulfilledEvenIfIgnored() async {
        let store = makeStore()
        let gate = Gate()
        // The operation ignores cancellation and returns a value anyway.
        let caller = Task { try await store.run(loadUser(9, gate: gate)) }
        while store.reduced.isEmpty { await Task.yield() }
        caller.cancel()
        await gate.open()
        let result = await caller.result
        #expect(throws: CancellationError.self) { try result.get() }
        await store.effects.waitForAll()
        #expect(store.reduced == ["Pending<LoadUser>", "Rejected<LoadUser>"])
        #expect(store.error == "cancelled")
        #expect(store.user == nil)
    }

    @Test func rejectedActionTellsCancellationApart() {
        let cancelled = ThunkLifecycle.Rejected<LoadUser>(
            requestID: ThunkLifecycle.RequestID(rawValue: 1), reason: .cancelled)
        let failed = ThunkLifecycle.Rejected<LoadUser>(
            requestID: ThunkLifecycle.RequestID(rawValue: 2), reason: .failed(LookupFailed()))
        #expect(cancelled.isCancellation)
        #expect(!failed.isCancellation)
    }

    @Test func eachRunHasItsOwnRequestId() async {
        let store = makeStore()
        let ids = Log<ThunkLifecycle.RequestID>()
        let recorder: Middleware<AppState> = { _, _ in
            { next in
                { action in
                    if let pending = action as? ThunkLifecycle.Pending<LoadUser> { ids.append(pending.requestID) }
                    if let fulfilled = action as? ThunkLifecycle.Fulfilled<LoadUser, String> {
                        ids.append(fulfilled.requestID)
                    }
                    next(action)
                }
            }
        }
        let store2 = Store(
            initialState: AppState(), reducer: appReducer,
            middleware: [thunkMiddleware(), recorder], dependencies: dependencies)
        _ = try? await store2.run(loadUser(1))
        _ = try? await store2.run(loadUser(2))
        #expect(ids.items.count == 4)
        #expect(ids.items[0] == ids.items[1])
        #expect(ids.items[2] == ids.items[3])
        #expect(ids.items[0] != ids.items[2])
        _ = store
    }
}
