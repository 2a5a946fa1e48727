import Redux
import ReduxTestSupport
import Testing

@testable import ReduxThunk

@MainActor
struct ThunkMiddlewareTests {
    let dependencies = Dependencies(greeting: "hello", userName: { id in "user-\(id)" })

    func makeStore() -> Store<AppState> {
        Store(
            initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()], dependencies: dependencies)
    }

    @Test func thunkRunsAtDispatchWithDispatchGetStateAndExtra() {
        let store = makeStore()
        let seen = Log<String>()
        store.dispatch(
            Thunk<AppState, Dependencies> { context in
                seen.append(context.extra.greeting)
                context.dispatch(Increment())
                seen.append("count \(context.state.count)")
                context.dispatch(Increment())
                seen.append("count \(context.getState().count)")
            })
        #expect(seen.items == ["hello", "count 1", "count 2"])
        #expect(store.count == 2)
    }

    @Test(arguments: [false, true])
    func thunksNeverReachTheReducerAndOtherActionsDo(listed: Bool) async throws {
        // A store whose middleware are listed with a `MiddlewareBuilder` runs thunks as an array's does.
        let store =
            listed
            ? Store(initialState: AppState(), reducer: appReducer, dependencies: dependencies) { thunkMiddleware() }
            : makeStore()
        store.dispatch(Thunk<AppState, Dependencies> { _ in })
        store.dispatch(Increment())
        _ = try await store.run(AsyncThunk<AppState, Dependencies, Int> { _ in 1 })
        store.dispatch(SetUser(name: "a"))
        #expect(store.reduced == ["Increment", "SetUser"])
    }

    @Test func asyncThunkReturnsItsValueToTheCaller() async throws {
        let store = makeStore()
        let loadUser = AsyncThunk<AppState, Dependencies, String> { context in
            try await context.extra.userName(7)
        }
        let name = try await store.run(loadUser)
        #expect(name == "user-7")
    }

    @Test func dispatchedAsyncThunkRunsInATrackedTask() async {
        let store = makeStore()
        let gate = Gate()
        store.dispatch(
            AsyncThunk<AppState, Dependencies, Void> { context in
                await gate.wait()
                context.dispatch(SetUser(name: "fired and forgotten"))
            })
        #expect(store.effects.count == 1)
        await gate.open()
        await store.effects.waitForAll()
        #expect(store.user == "fired and forgotten")
    }

    @Test func asyncThunkCanRunAndAwaitAnotherThunk() async throws {
        let store = makeStore()
        let inner = AsyncThunk<AppState, Dependencies, String> { context in
            try await context.extra.userName(1)
        }
        let outer = AsyncThunk<AppState, Dependencies, String> { context in
            let first = try await context.run(inner)
            context.dispatch(SetUser(name: first))
            return "\(first) and \(try await context.extra.userName(2))"
        }
        let result = try await store.run(outer)
        #expect(result == "user-1 and user-2")
        #expect(store.user == "user-1")
    }

    @Test func syncThunkCanDispatchAnAsyncThunk() async {
        let store = makeStore()
        store.dispatch(
            Thunk<AppState, Dependencies> { context in
                context.dispatch(Increment())
                context.dispatch(
                    AsyncThunk<AppState, Dependencies, Void> { context in
                        context.dispatch(SetUser(name: try await context.extra.userName(3)))
                    })
            })
        await store.effects.waitForAll()
        #expect(store.count == 1)
        #expect(store.user == "user-3")
    }

    @Test func errorsAreThrownToTheCaller() async {
        let store = makeStore()
        let failing = AsyncThunk<AppState, Dependencies, Int> { _ in throw LookupFailed() }
        await #expect(throws: LookupFailed.self) { try await store.run(failing) }
    }

    @Test func cancellingTheCallerCancelsTheThunk() async {
        let store = makeStore()
        let gate = Gate()
        let sawCancellation = Log<Bool>()
        let slow = AsyncThunk<AppState, Dependencies, Int> { _ in
            await gate.wait()
            sawCancellation.append(Task.isCancelled)
            return 1
        }
        let caller = Task { try await store.run(slow) }
        while store.effects.isEmpty { await Task.yield() }
        caller.cancel()
        await gate.open()
        let result = await caller.result
        #expect(throws: CancellationError.self) { try result.get() }
        await store.effects.waitForAll()
        await eventually { !sawCancellation.items.isEmpty }  // the body resumes on its own
        #expect(sawCancellation.items == [true])
    }

    @Test func thunkWithIdCanBeCancelledThroughEffects() async {
        let store = makeStore()
        let gate = Gate()
        let slow = AsyncThunk<AppState, Dependencies, Int>(id: "slow") { _ in
            await gate.wait()
            try Task.checkCancellation()
            return 1
        }
        let caller = Task { try await store.run(slow) }
        while store.effects.isEmpty { await Task.yield() }
        store.effects.cancel(id: "slow")
        await gate.open()
        let result = await caller.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func releasingTheStoreCancelsThunksInFlight() async {
        let gate = Gate()
        let sawCancellation = Log<Bool>()
        weak var weakStore: Store<AppState>?
        var effects: Effects?
        do {
            let store = makeStore()
            weakStore = store
            effects = store.effects
            store.dispatch(
                AsyncThunk<AppState, Dependencies, Void> { context in
                    await gate.wait()
                    sawCancellation.append(Task.isCancelled)
                    context.dispatch(Increment())  // into a released store: nothing happens
                })
        }
        #expect(weakStore == nil)
        await gate.open()
        await effects?.waitForAll()
        // The store's work ended at the cancellation (as Redux Toolkit's does on abort); the body,
        // which ignored it, resumes on its own after the gate opens.
        await eventually { !sawCancellation.items.isEmpty }
        #expect(sawCancellation.items == [true])
    }

    @Test func thunkWithoutExtraUsesTheVoidMiddleware() {
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()])
        store.dispatch(Thunk<AppState, Void> { context in context.dispatch(Increment()) })
        #expect(store.count == 1)
        #expect(store.reduced == ["Increment"])
    }
}
