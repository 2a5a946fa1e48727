import Redux
import ReduxEffects

/// The settings screen: the account form, the signed-in user and the login request. Knows nothing
/// of the rest of the app.
struct SettingsState: Equatable, Sendable {
    /// Edited by the form through bindings.
    var email = ""
    /// Edited by the form through bindings; redacted in logs, never persisted.
    var password = ""
    var loginUser: User?
    var loginRequesting = false
    var loginError: AppError?

    var isEmailValid: Bool { email.contains("@") && email.contains(".") }
}

/// The settings feature's actions: one enum, reduced with one exhaustive `switch`.
enum SettingsAction: Action, Equatable {
    case login(email: String, password: String)
    case loginDone(Result<User, AppError>)
    case logout
}

/// The settings reducer. The form's fields are bindings (only `email` and `password` may be set by
/// views); logging in is a command that the reducer returns (seed 000's `LoginAppCommand`).
let settingsReducer = Reducer<SettingsState>.combine(
    .binding(only: [\.email, \.password]),
    .commands(on: SettingsAction.self) { state, action in
        switch action {
        case .login(let email, let password):
            guard !state.loginRequesting else { return .none }  // one request at a time
            state.loginRequesting = true
            state.loginError = nil
            return .run(using: PokeMasterDependencies.self) { send, dependencies in
                let user = try await dependencies.logIn(email, password)
                send(SettingsAction.loginDone(.success(user)))
            } catch: { error, send in
                send(SettingsAction.loginDone(.failure(AppError(error))))
            }
            .cancellable(id: "login", cancelInFlight: true)
        case .loginDone(.success(let user)):
            state.loginRequesting = false
            state.loginUser = user
            state.password = ""
        case .loginDone(.failure(let error)):
            state.loginRequesting = false
            state.loginError = error
        case .logout:
            state.loginUser = nil
        }
        return .none
    }
)

/// What the settings screen's login button shows — the screen's logic, written against the
/// feature's own store (the app passes `store.scope(\.settings)`).
enum LoginButton: Equatable {
    case loggedIn(as: String)
    case disabled
    case enabled
    case requesting
}

@MainActor
func loginButton(_ store: some StoreProtocol<SettingsState>) -> LoginButton {
    if let user = store.loginUser { return .loggedIn(as: user.email) }
    if store.loginRequesting { return .requesting }
    return store.state.isEmailValid && !store.password.isEmpty ? .enabled : .disabled
}

/// The button's action: logs in with what the form holds.
@MainActor
func tapLogin(_ store: some StoreProtocol<SettingsState>) {
    store.dispatch(SettingsAction.login(email: store.email, password: store.password))
}
