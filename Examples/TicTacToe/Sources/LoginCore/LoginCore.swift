import AuthenticationClient
import Foundation
import Redux
import ReduxEffects
import TwoFactorCore

/// What the login feature reads — its own type — and, as a part of it, what the two-factor form it
/// presents reads: a projection of the same client, so this module tests alone with this one value.
public struct LoginDependencies: DependencyParts {
    /// The server.
    public var authenticationClient: AuthenticationClient

    /// The two-factor form's part.
    public var twoFactor: TwoFactorDependencies { TwoFactorDependencies(authenticationClient: authenticationClient) }

    /// The feature's dependencies.
    public init(authenticationClient: AuthenticationClient) {
        self.authenticationClient = authenticationClient
    }

    /// The two-factor form's part.
    public static let parts: [PartialKeyPath<LoginDependencies> & Sendable] = [\.twoFactor]
}

/// The login form, and the two-factor form it presents when the server asks for one.
public struct LoginState: Equatable, Sendable {
    /// An error's alert.
    public var alert: AlertState<LoginAction.Alert>?
    /// The email typed.
    public var email = ""
    /// Whether both fields are filled.
    public var isFormValid = false
    /// Whether a request is on its way.
    public var isLoginRequestInFlight = false
    /// The password typed.
    public var password = ""
    /// The second factor's form, presented.
    public var twoFactor: TwoFactorState?

    /// The form, empty.
    public init() {}
}

/// What the login form sends (its text fields send bindings: `set(\.email, to:)`).
public enum LoginAction: Action {
    case loginButtonTapped
    case loginResponse(Result<AuthenticationResponse, any Error>)

    /// The alert's buttons: only OK, which closes it.
    public enum Alert: Action, Equatable {}
}

/// Logs in; a server asking for a second factor presents its form, a failure shows an alert. What
/// a login leads to is the app's to decide.
public let loginReducer = Reducer<LoginState>.combine(
    .binding(only: [\.email, \.password]),
    .on(BindingAction<LoginState>.self) { state, _ in
        state.isFormValid = !state.email.isEmpty && !state.password.isEmpty
    },
    .commands(on: LoginAction.self, using: LoginDependencies.self) { state, action, dependencies in
        switch action {
        case .loginButtonTapped:
            state.isLoginRequestInFlight = true
            return .run { [email = state.email, password = state.password] send in
                let response = await Result(awaiting: {
                    try await dependencies.authenticationClient.login(email, password)
                })
                send(LoginAction.loginResponse(response))
            }
        case .loginResponse(.success(let response)):
            state.isLoginRequestInFlight = false
            if response.twoFactorRequired { state.twoFactor = TwoFactorState(token: response.token) }
        case .loginResponse(.failure(let error)):
            state.alert = AlertState(title: error.localizedDescription)
            state.isLoginRequestInFlight = false
        }
        return .none
    }
)
.alert(\.alert)
.ifLet(\.twoFactor, then: twoFactorReducer)
