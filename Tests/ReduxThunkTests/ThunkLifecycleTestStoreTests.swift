import Redux
import ReduxTestSupport
import ReduxTesting
import Testing

@testable import ReduxThunk

/// The thunk lifecycle, tested exhaustively with TestStore: every action and every state change.
@MainActor
struct ThunkLifecycleTestStoreTests {
    let dependencies = Dependencies(
        greeting: "hi",
        userName: { id in
            if id < 0 { throw LookupFailed() }
            return "user-\(id)"
        })

    @Test func fulfilledLifecycleStepByStep() async {
        let store = TestStore(
            initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()], dependencies: dependencies)
        let load = AsyncThunk<AppState, Dependencies, String>.lifecycle(LoadUser.self) { context in
            try await context.extra.userName(4)
        }
        // The thunk itself never reaches the reducer: no change for it.
        await store.dispatch(load)
        await store.receive(ThunkLifecycle.Pending<LoadUser>.self) {
            $0.isLoading = true
            $0.reduced = ["Pending<LoadUser>"]
        }
        await store.receive(ThunkLifecycle.Fulfilled<LoadUser, String>.self) {
            $0.isLoading = false
            $0.user = "user-4"
            $0.reduced.append("Fulfilled<LoadUser, String>")
        }
        await store.finish()
    }

    @Test func rejectedLifecycleStepByStep() async {
        let store = TestStore(
            initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()], dependencies: dependencies)
        await store.dispatch(
            AsyncThunk<AppState, Dependencies, String>.lifecycle(LoadUser.self) { context in
                try await context.extra.userName(-1)
            })
        await store.receive(ThunkLifecycle.Pending<LoadUser>.self) {
            $0.isLoading = true
            $0.reduced = ["Pending<LoadUser>"]
        }
        await store.receive(ThunkLifecycle.Rejected<LoadUser>.self) {
            $0.isLoading = false
            $0.error = "LookupFailed()"
            $0.reduced.append("Rejected<LoadUser>")
        }
        await store.finish()
    }
}
