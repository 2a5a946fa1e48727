import AuthenticationClient
import Foundation
import Redux
import ReduxEffects

/// What the two-factor feature reads: this module's own type, which it compiles and tests with alone.
/// The app gives it from its own dependencies (`DependencyParts`).
public struct TwoFactorDependencies: Sendable {
    /// The server.
    public var authenticationClient: AuthenticationClient

    /// The feature's dependencies.
    public init(authenticationClient: AuthenticationClient) {
        self.authenticationClient = authenticationClient
    }
}

/// The second factor's form, for an intermediate token.
public struct TwoFactorState: Equatable, Sendable {
    /// An error's alert.
    public var alert: AlertState<TwoFactorAction.Alert>?
    /// The code typed.
    public var code = ""
    /// Whether the code is long enough to submit.
    public var isFormValid = false
    /// Whether a request is on its way.
    public var isTwoFactorRequestInFlight = false
    /// The intermediate token the login returned.
    public let token: String

    /// The form, for `token`.
    public init(token: String) {
        self.token = token
    }
}

/// What the two-factor form sends (its text field sends a binding: `set(\.code, to:)`).
public enum TwoFactorAction: Action {
    case submitButtonTapped
    case twoFactorResponse(Result<AuthenticationResponse, any Error>)

    /// The alert's buttons: only OK, which closes it.
    public enum Alert: Action, Equatable {}
}

/// Submits the code; a failure shows an alert. What a success leads to is the app's to decide.
public let twoFactorReducer = Reducer<TwoFactorState>.combine(
    .binding(only: [\.code]),
    .on(BindingAction<TwoFactorState>.self) { state, _ in state.isFormValid = state.code.count >= 4 },
    .commands(on: TwoFactorAction.self, using: TwoFactorDependencies.self) { state, action, dependencies in
        switch action {
        case .submitButtonTapped:
            state.isTwoFactorRequestInFlight = true
            return .run { [code = state.code, token = state.token] send in
                let response = await Result(awaiting: {
                    try await dependencies.authenticationClient.twoFactor(code, token)
                })
                send(TwoFactorAction.twoFactorResponse(response))
            }
        case .twoFactorResponse(.failure(let error)):
            state.alert = AlertState(title: error.localizedDescription)
            state.isTwoFactorRequestInFlight = false
        case .twoFactorResponse(.success):
            state.isTwoFactorRequestInFlight = false
        }
        return .none
    }
)
.alert(\.alert)
