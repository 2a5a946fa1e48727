// The code of docs/thunks.md, kept compiling and checked.
import Redux
import ReduxTestSupport
import ReduxThunk
import Testing

private struct Dependencies: Sendable {
    var fetchCount: @Sendable () async throws -> Int
}

private struct CounterState: Equatable { var count = 0 }
private struct SetCount: Action { var value: Int }
private struct Increment: Action {}

private let counterReducer = Reducer<CounterState>.combine(
    .on(SetCount.self) { state, action in state.count = action.value },
    .on(Increment.self) { state, _ in state.count += 1 }
)

// Runs synchronously at dispatch: a dispatch inside it is reduced before the next line.
private let incrementIfOdd = Thunk<CounterState, Dependencies> { context in
    if context.state.count % 2 == 1 {
        context.dispatch(Increment())
    }
}

// Runs in a task tracked by the store's Effects, and returns a value.
private let syncWithServer = AsyncThunk<CounterState, Dependencies, Int> { context in
    let count = try await context.extra.fetchCount()
    context.dispatch(SetCount(value: count))
    return count
}

private struct Session: Equatable, Sendable { var token: String }
private struct LoginFailed: Error {}

private struct AuthClient: Sendable {
    var logIn: @Sendable (_ user: String, _ password: String) async throws -> Session
}

private struct LoginState: Equatable {
    var user = "ada"
    var isLoggingIn = false
    var session: Session?
    var error: String?
}

private enum LogIn {}

private let loginReducer = Reducer<LoginState>.combine(
    .on(ThunkLifecycle.Pending<LogIn>.self) { state, _ in
        state.isLoggingIn = true
        state.error = nil
    },
    .on(ThunkLifecycle.Fulfilled<LogIn, Session>.self) { state, action in
        state.isLoggingIn = false
        state.session = action.value
    },
    .on(ThunkLifecycle.Rejected<LogIn>.self) { state, action in
        state.isLoggingIn = false
        state.error = action.isCancellation ? nil : "Login failed"
    }
)

private func logIn(password: String) -> AsyncThunk<LoginState, AuthClient, Session> {
    .lifecycle(LogIn.self, id: "login", condition: { state, _ in !state.isLoggingIn }) { context in
        try await context.extra.logIn(context.state.user, password)
    }
}

private let printed = Printed()
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.record(items, separator: separator)
}

@MainActor
private func counter() async throws {
    let store = Store(
        initialState: CounterState(), reducer: counterReducer,
        middleware: [thunkMiddleware()], dependencies: Dependencies(fetchCount: { 41 })
    )
    let fetched = try await store.run(syncWithServer)  // 41, and the state says so
    store.dispatch(incrementIfOdd)  // 42
    print(fetched, store.count)
}

@MainActor
private func loginFlow() async {
    let auth = AuthClient(logIn: { user, password in
        guard password == "secret" else { throw LoginFailed() }
        return Session(token: "token-for-\(user)")
    })
    let store = Store(
        initialState: LoginState(), reducer: loginReducer, middleware: [thunkMiddleware()], dependencies: auth)

    _ = try? await store.run(logIn(password: "wrong"))
    print(store.error ?? "")  // "Login failed"
    _ = try? await store.run(logIn(password: "secret"))
    print(store.session?.token ?? "")  // "token-for-ada"
}

@MainActor
struct ThunksGuideTests {
    @Test func thunksGuide() async throws {
        try await counter()
        await loginFlow()
        #expect(printed.lines == ["41 42", "Login failed", "token-for-ada"])

        let store = Store(
            initialState: CounterState(), reducer: counterReducer,
            middleware: [thunkMiddleware()], dependencies: Dependencies(fetchCount: { 41 })
        )
        _ = try await store.run(syncWithServer)
        store.dispatch(incrementIfOdd)  // 42
        store.dispatch(incrementIfOdd)  // even: unchanged
        #expect(store.count == 42)
    }
}
