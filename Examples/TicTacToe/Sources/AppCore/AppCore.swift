import AuthenticationClient
import LoginCore
import NewGameCore
import Redux
import TwoFactorCore

/// The app: logged out (the login flow) or logged in (a new game). An enum root: a test's expected
/// change reaches a case with `$0.modify(case: TicTacToeState.login) { … }`.
public enum TicTacToeState: Equatable, Sendable, EnumState {
    case login(LoginState)
    case newGame(NewGameState)
}

/// The app's dependencies: one client, given to each feature module as the part it reads.
public struct AppDependencies: DependencyParts {
    /// The server.
    public var authenticationClient: AuthenticationClient

    /// The login module's part (and, through it, the two-factor module's).
    public var login: LoginDependencies { LoginDependencies(authenticationClient: authenticationClient) }

    /// The app's dependencies.
    public init(authenticationClient: AuthenticationClient) {
        self.authenticationClient = authenticationClient
    }

    /// The modules' parts.
    public static let parts: [PartialKeyPath<AppDependencies> & Sendable] = [\.login]

    /// The app as shipped.
    public static let live = AppDependencies(authenticationClient: .live)
}

/// A login that needs no second factor, or a second factor accepted, starts a new game; logging
/// out goes back to the login form.
public let ticTacToeReducer = Reducer<TicTacToeState> { state, action in
    if let login = state.sent(action, by: TicTacToeState.login) {
        if case .loginResponse(.success(let response))? = login as? LoginAction, !response.twoFactorRequired {
            state = .newGame(NewGameState())
        } else if case .twoFactorResponse(.success)? =
            ElementAction.presented(login, at: \LoginState.twoFactor) as? TwoFactorAction
        {
            state = .newGame(NewGameState())
        }
    } else if case .logoutButtonTapped? = state.sent(action, by: TicTacToeState.newGame) as? NewGameAction {
        state = .login(LoginState())
    }
}
.ifLet(case: TicTacToeState.login, then: loginReducer)
.ifLet(case: TicTacToeState.newGame, then: newGameReducer)
