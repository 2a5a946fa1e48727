import Redux
import ReduxDiff
import ReduxTesting
import Testing

/// Enum actions are first class: received by equality, described by case and payload.
@MainActor
struct EnumActionTests {
    struct User: Equatable, Sendable { var name: String }
    struct LoginError: Error, Equatable { var reason: String }

    enum AppAction: Action, Equatable {
        case login(email: String)
        case loginDone(Result<User, LoginError>)
    }

    struct State: Equatable { var user: User?; var error: String? }

    let reducer = Reducer<State> { state, action in
        switch action as? AppAction {
        case .loginDone(.success(let user))?: state.user = user
        case .loginDone(.failure(let error))?: state.error = error.reason
        case .login?, nil: break
        }
    }

    /// Answers every login with its result, after `next`.
    func answering(_ result: Result<User, LoginError>) -> Middleware<State> {
        { dispatch, _ in
            { next in
                { action in
                    next(action)
                    if case .login? = action as? AppAction { dispatch(AppAction.loginDone(result)) }
                }
            }
        }
    }

    @Test func anEquatableActionIsReceivedByEquality() async {
        let store = TestStore(
            initialState: State(), reducer: reducer, middleware: [answering(.success(User(name: "ada")))])
        await store.dispatch(AppAction.login(email: "ada@example.com"))
        await store.receive(AppAction.loginDone(.success(User(name: "ada")))) { $0.user = User(name: "ada") }
        await store.finish()
    }

    /// An app that lists its middleware with a `MiddlewareBuilder` hands the same list to a test store.
    @Test func aListOfMiddlewareIsGivenToATestStoreAsAnArray() async {
        let passThrough: Middleware<State> = { _, _ in { next in { action in next(action) } } }
        @MiddlewareBuilder<State> var appMiddleware: MiddlewareList<State> {
            passThrough
            answering(.success(User(name: "ada")))
        }
        #expect(appMiddleware.middleware.count == 2)
        let store = TestStore(initialState: State(), reducer: reducer, middleware: appMiddleware.middleware)
        await store.dispatch(AppAction.login(email: "ada@example.com"))
        await store.receive(AppAction.loginDone(.success(User(name: "ada")))) { $0.user = User(name: "ada") }
        await store.finish()
    }

    @Test func anotherCaseFailsAtOnceShowingBoth() async {
        let store = TestStore(
            initialState: State(), reducer: reducer,
            middleware: [answering(.failure(LoginError(reason: "wrong password")))])
        await store.dispatch(AppAction.login(email: "ada@example.com"))
        await withKnownIssue {
            await store.receive(AppAction.loginDone(.success(User(name: "ada"))))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Expected to receive AppAction.loginDone(.success(User(name: \"ada\")))")
                && text.contains("but received AppAction.loginDone(.failure(LoginError(reason: \"wrong password\")))")
        }
        #expect(store.state.error == "wrong password")
        await store.finish()
    }

    @Test func descriptionsNameTheEnumTypeCaseAndPayloadAndEmptyStructsWithoutModule() {
        struct Refresh: Action {}
        #expect(ValueDiff.describe(AppAction.login(email: "a@b")) == #"AppAction.login(email: "a@b")"#)
        #expect(ValueDiff.describe(Refresh()) == "Refresh()")
    }

    enum Form: Action, Equatable { case submit, rejected }
    struct FormState: Equatable { var rejected = false }

    /// A dispatched enum case swallowed by a middleware that dispatches another case of the same
    /// enum: the other case is not the dispatch's result, it must be received.
    @Test func aSwallowedCaseIsNotTakenForTheCaseDispatchedInstead() async {
        let rejecting: Middleware<FormState> = { dispatch, _ in
            { next in
                { action in
                    if case .submit? = action as? Form {
                        dispatch(Form.rejected)
                        return
                    }
                    next(action)
                }
            }
        }
        let store = TestStore(
            initialState: FormState(),
            reducer: Reducer { state, action in if case .rejected? = action as? Form { state.rejected = true } },
            middleware: [rejecting])
        await withKnownIssue {
            await store.dispatch(Form.submit) { $0.rejected = true }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("State after dispatching Form.submit is not as expected")
        }
        await store.receive(Form.rejected) { $0.rejected = true }
        await store.finish()
    }
}

/// Receiving one action type while another arrived names the one that arrived, in both modes
/// (issue 27): never the "middleware missing?" guess.
@MainActor
struct ReceivedInsteadTests {
    @Test func aDifferentActionIsNamedNotAMissingMiddleware() async {
        let store = TestStore(
            initialState: Counter(), reducer: counterReducer, middleware: [renameAfterIncrement],
            exhaustivity: .off, timeout: .milliseconds(50))
        await store.dispatch(Increment())
        await withKnownIssue {
            await store.receive(Loaded.self)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("received instead:") && text.contains("Rename(name: \"incremented\")")
                && !text.contains("likely causes")
        }
        store.skipReceivedActions()
        await store.finish()
    }
}
