import AppCore
import AuthenticationClient
import LoginCore
import NewGameCore
import Redux
import ReduxTesting
import Testing
import TwoFactorCore

/// Upstream's AppCoreTests, one for one: `send(\.login.view.loginButtonTapped)` is
/// `root[case: TicTacToeState.login].dispatch(LoginAction.loginButtonTapped)`, `receive(\.login
/// .loginResponse.success)` is that path's `receive(case: { LoginAction.loginResponse(.success($0)) })`,
/// and `$0.modify(\.login) { … }` is `$0.modify(case: TicTacToeState.login) { … }`.
@MainActor
struct AppCoreTests {
    @Test func integration() async {
        let store = TestStore(
            initialState: TicTacToeState.login(LoginState()), reducer: ticTacToeReducer,
            dependencies: AppDependencies(authenticationClient: .unimplemented)
        ) {
            $0.authenticationClient.login = { _, _ in
                AuthenticationResponse(token: "deadbeef", twoFactorRequired: false)
            }
        }
        let login = store.root[case: TicTacToeState.login]
        await login.set(\.email, to: "blob@pointfree.co") {
            $0.modify(case: TicTacToeState.login) { $0.email = "blob@pointfree.co" }
        }
        await login.set(\.password, to: "bl0bbl0b") {
            $0.modify(case: TicTacToeState.login) {
                $0.password = "bl0bbl0b"
                $0.isFormValid = true
            }
        }
        await login.dispatch(LoginAction.loginButtonTapped) {
            $0.modify(case: TicTacToeState.login) { $0.isLoginRequestInFlight = true }
        }
        await login.receive(case: { LoginAction.loginResponse(.success($0)) }) {
            $0 = .newGame(NewGameState())
        }
        let newGame = store.root[case: TicTacToeState.newGame]
        await newGame.set(\.oPlayerName, to: "Blob Sr.") {
            $0.modify(case: TicTacToeState.newGame) { $0.oPlayerName = "Blob Sr." }
        }
        await newGame.dispatch(NewGameAction.logoutButtonTapped) {
            $0 = .login(LoginState())
        }
    }

    @Test func twoFactor() async {
        let store = TestStore(
            initialState: TicTacToeState.login(LoginState()), reducer: ticTacToeReducer,
            dependencies: AppDependencies(authenticationClient: .unimplemented)
        ) {
            $0.authenticationClient.login = { _, _ in AuthenticationResponse(token: "deadbeef", twoFactorRequired: true)
            }
            $0.authenticationClient.twoFactor = { _, _ in
                AuthenticationResponse(token: "deadbeef", twoFactorRequired: false)
            }
        }
        let login = store.root[case: TicTacToeState.login]
        await login.set(\.email, to: "blob@pointfree.co") {
            $0.modify(case: TicTacToeState.login) { $0.email = "blob@pointfree.co" }
        }
        await login.set(\.password, to: "bl0bbl0b") {
            $0.modify(case: TicTacToeState.login) {
                $0.password = "bl0bbl0b"
                $0.isFormValid = true
            }
        }
        await login.dispatch(LoginAction.loginButtonTapped) {
            $0.modify(case: TicTacToeState.login) { $0.isLoginRequestInFlight = true }
        }
        await login.receive(case: { LoginAction.loginResponse(.success($0)) }) {
            $0.modify(case: TicTacToeState.login) {
                $0.isLoginRequestInFlight = false
                $0.twoFactor = TwoFactorState(token: "deadbeef")
            }
        }
        await login.twoFactor.set(\.code, to: "1234") {
            $0.modify(case: TicTacToeState.login) {
                $0.twoFactor?.code = "1234"
                $0.twoFactor?.isFormValid = true
            }
        }
        await login.twoFactor.dispatch(TwoFactorAction.submitButtonTapped) {
            $0.modify(case: TicTacToeState.login) { $0.twoFactor?.isTwoFactorRequestInFlight = true }
        }
        .finish()
        await login.twoFactor.receive(case: { TwoFactorAction.twoFactorResponse(.success($0)) }) {
            $0 = .newGame(NewGameState())
        }
    }
}
