import AuthenticationClient
import Redux
import ReduxTesting
import Testing
import TwoFactorCore

/// Upstream's TwoFactorCoreTests, one for one. The module tests alone, with its own dependencies
/// type; every endpoint the test does not set fails it if called.
@MainActor
struct TwoFactorCoreTests {
    @Test func happyPath() async {
        let store = TestStore(
            initialState: TwoFactorState(token: "deadbeefdeadbeef"), reducer: twoFactorReducer,
            dependencies: TwoFactorDependencies(authenticationClient: .unimplemented)
        ) {
            $0.authenticationClient.twoFactor = { _, _ in
                AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
            }
        }
        await store.root.set(\.code, to: "1") {
            $0.code = "1"
        }
        await store.root.set(\.code, to: "12") {
            $0.code = "12"
        }
        await store.root.set(\.code, to: "123") {
            $0.code = "123"
        }
        await store.root.set(\.code, to: "1234") {
            $0.code = "1234"
            $0.isFormValid = true
        }
        await store.dispatch(TwoFactorAction.submitButtonTapped) {
            $0.isTwoFactorRequestInFlight = true
        }
        await store.receive(case: { TwoFactorAction.twoFactorResponse(.success($0)) }) {
            $0.isTwoFactorRequestInFlight = false
        }
    }

    @Test func unhappyPath() async {
        let store = TestStore(
            initialState: TwoFactorState(token: "deadbeefdeadbeef"), reducer: twoFactorReducer,
            dependencies: TwoFactorDependencies(authenticationClient: .unimplemented)
        ) {
            $0.authenticationClient.twoFactor = { _, _ in throw AuthenticationError.invalidTwoFactor }
        }
        await store.root.set(\.code, to: "1234") {
            $0.code = "1234"
            $0.isFormValid = true
        }
        await store.dispatch(TwoFactorAction.submitButtonTapped) {
            $0.isTwoFactorRequestInFlight = true
        }
        await store.receive(case: { TwoFactorAction.twoFactorResponse(.failure($0)) }) {
            $0.alert = AlertState(title: AuthenticationError.invalidTwoFactor.localizedDescription)
            $0.isTwoFactorRequestInFlight = false
        }
        await store.root.alert.dispatch(Dismiss()) {
            $0.alert = nil
        }
        await store.finish()
    }
}
