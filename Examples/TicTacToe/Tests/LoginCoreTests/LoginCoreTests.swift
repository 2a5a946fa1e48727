import AuthenticationClient
import LoginCore
import Redux
import ReduxTesting
import Testing
import TwoFactorCore

/// Upstream's LoginCoreTests, one for one. The login module tests alone with its own dependencies
/// type, which gives the two-factor form it presents that form's part.
@MainActor
struct LoginCoreTests {
    @Test func twoFactorSuccess() async {
        let store = TestStore(
            initialState: LoginState(), reducer: loginReducer,
            dependencies: LoginDependencies(authenticationClient: .unimplemented)
        ) {
            $0.authenticationClient.login = { _, _ in
                AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: true)
            }
            $0.authenticationClient.twoFactor = { _, _ in
                AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
            }
        }
        await store.root.set(\.email, to: "2fa@pointfree.co") {
            $0.email = "2fa@pointfree.co"
        }
        await store.root.set(\.password, to: "password") {
            $0.password = "password"
            $0.isFormValid = true
        }
        let twoFactorPresentationTask = await store.dispatch(LoginAction.loginButtonTapped) {
            $0.isLoginRequestInFlight = true
        }
        await store.receive(case: { LoginAction.loginResponse(.success($0)) }) {
            $0.isLoginRequestInFlight = false
            $0.twoFactor = TwoFactorState(token: "deadbeefdeadbeef")
        }
        await store.root.twoFactor.set(\.code, to: "1234") {
            $0.twoFactor?.code = "1234"
            $0.twoFactor?.isFormValid = true
        }
        await store.root.twoFactor.dispatch(TwoFactorAction.submitButtonTapped) {
            $0.twoFactor?.isTwoFactorRequestInFlight = true
        }
        await store.root.twoFactor.receive(case: { TwoFactorAction.twoFactorResponse(.success($0)) }) {
            $0.twoFactor?.isTwoFactorRequestInFlight = false
        }
        twoFactorPresentationTask.cancel()
    }

    @Test func twoFactorDismissInFlight() async {
        // Upstream sleeps a real second; on a loaded machine that second can pass before the test
        // dismisses the form. A test clock nobody advances keeps the request in flight until then.
        let clock = TestClock()
        let store = TestStore(
            initialState: LoginState(), reducer: loginReducer,
            dependencies: LoginDependencies(authenticationClient: .unimplemented)
        ) {
            $0.authenticationClient.login = { _, _ in
                AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: true)
            }
            $0.authenticationClient.twoFactor = { _, _ in
                try await clock.sleep(for: .seconds(1))
                return AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
            }
        }
        await store.root.set(\.email, to: "2fa@pointfree.co") {
            $0.email = "2fa@pointfree.co"
        }
        await store.root.set(\.password, to: "password") {
            $0.password = "password"
            $0.isFormValid = true
        }
        await store.dispatch(LoginAction.loginButtonTapped) {
            $0.isLoginRequestInFlight = true
        }
        await store.receive(case: { LoginAction.loginResponse(.success($0)) }) {
            $0.isLoginRequestInFlight = false
            $0.twoFactor = TwoFactorState(token: "deadbeefdeadbeef")
        }
        await store.root.twoFactor.set(\.code, to: "1234") {
            $0.twoFactor?.code = "1234"
            $0.twoFactor?.isFormValid = true
        }
        await store.root.twoFactor.dispatch(TwoFactorAction.submitButtonTapped) {
            $0.twoFactor?.isTwoFactorRequestInFlight = true
        }
        // Closing the form cancels its request: nothing more is received.
        await store.root.twoFactor.dispatch(Dismiss()) {
            $0.twoFactor = nil
        }
        await store.finish()
    }
}
