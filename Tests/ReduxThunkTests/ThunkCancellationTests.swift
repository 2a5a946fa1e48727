import Redux
import ReduxTestSupport
import Testing

@testable import ReduxThunk

/// Cancelling a lifecycle thunk ends it at once, as Redux Toolkit's abort does, even when its work
/// ignores cancellation: rejected(.cancelled) is reduced, the caller resumes, the work's later
/// result is ignored.
@MainActor
struct ThunkCancellationTests {
    let dependencies = Dependencies(greeting: "hi", userName: { "user-\($0)" })

    func makeStore() -> Store<AppState> {
        Store(
            initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()], dependencies: dependencies)
    }

    /// Work that waits on a gate that ignores cancellation, then returns 1.
    func slow(_ gate: Gate) -> AsyncThunk<AppState, Dependencies, String> {
        .lifecycle(LoadUser.self, id: "slow") { _ in
            await gate.wait()
            return "late"
        }
    }

    @Test func cancellingByIDRejectsAtOnceWithoutWaitingForTheWork() async {
        let store = makeStore()
        let gate = Gate()
        store.dispatch(slow(gate))
        #expect(store.isLoading)
        store.effects.cancel(id: "slow")
        await store.effects.waitForAll()  // returns although the work is still blocked
        #expect(store.reduced == ["Pending<LoadUser>", "Rejected<LoadUser>"])
        #expect(store.error == "cancelled")
        #expect(!store.isLoading)

        await gate.open()  // the work now returns; its result is ignored
        for _ in 0..<100 { await Task.yield() }
        #expect(store.reduced == ["Pending<LoadUser>", "Rejected<LoadUser>"])
        #expect(store.user == nil)
    }

    @Test func cancellingTheCallerResumesItAtOnce() async {
        let store = makeStore()
        let gate = Gate()
        let caller = Task { try await store.run(slow(gate)) }
        while store.reduced.isEmpty { await Task.yield() }
        caller.cancel()
        let result = await caller.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(store.reduced == ["Pending<LoadUser>", "Rejected<LoadUser>"])
        await gate.open()
        for _ in 0..<100 { await Task.yield() }
        #expect(store.reduced == ["Pending<LoadUser>", "Rejected<LoadUser>"])
    }

    @Test func workThatFinishesFirstIsStillFulfilled() async throws {
        let store = makeStore()
        let value = try await store.run(
            AsyncThunk<AppState, Dependencies, String>.lifecycle(LoadUser.self) { context in
                try await context.extra.userName(3)
            })
        #expect(value == "user-3")
        #expect(store.reduced == ["Pending<LoadUser>", "Fulfilled<LoadUser, String>"])
    }

    /// What a cancelled async thunk dispatches after its cancellation is dropped, even from work
    /// that does not check for it (issue 23, item 6).
    @Test func aCancelledThunksLaterDispatchesAreDropped() async {
        let store = makeStore()
        let gate = Gate()
        store.dispatch(
            AsyncThunk<AppState, Dependencies, Void>(id: "fetch") { context in
                await gate.wait()
                context.dispatch(SetUser(name: "stale"))
            })
        store.effects.cancel(id: "fetch")
        await gate.open()
        for _ in 0..<100 { await Task.yield() }
        #expect(store.user == nil)
        #expect(!store.reduced.contains("SetUser"))
    }
}
