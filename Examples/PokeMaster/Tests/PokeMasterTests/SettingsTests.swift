import Redux
import ReduxEffects
import ReduxTesting
import Testing

@testable import PokeMaster

/// The settings feature, tested on its own state (it never sees `AppState`).
@MainActor
struct SettingsTests {
    func makeStore(_ dependencies: PokeMasterDependencies = .doubles()) -> TestStore<SettingsState> {
        TestStore(
            initialState: SettingsState(), reducer: settingsReducer,
            dependencies: dependencies)
    }

    @Test func theFormIsEditedThroughBindingsAndLogsIn() async {
        let store = makeStore()
        await store.dispatch(BindingAction(\SettingsState.email, "ash@poke.dex")) { $0.email = "ash@poke.dex" }
        await store.dispatch(BindingAction(\SettingsState.password, "pikachu")) { $0.password = "pikachu" }
        await store.dispatch(SettingsAction.login(email: "ash@poke.dex", password: "pikachu")) {
            $0.loginRequesting = true
        }
        await store.receive(SettingsAction.loginDone(.success(ash))) {
            $0.loginRequesting = false
            $0.loginUser = ash
            $0.password = ""
        }
        await store.finish()
    }

    @Test func aWrongPasswordShowsTheError() async {
        let store = makeStore()
        await store.dispatch(SettingsAction.login(email: "ash@poke.dex", password: "raichu")) {
            $0.loginRequesting = true
        }
        await store.receive(SettingsAction.loginDone(.failure(.passwordWrong))) {
            $0.loginRequesting = false
            $0.loginError = .passwordWrong
        }
        #expect(store.state.loginError?.message == "Wrong password")
        await store.finish()
    }

    @Test func aNetworkFailureIsAnAppError() async {
        struct Offline: Error {}
        let store = makeStore(.doubles(logIn: { _, _ in throw Offline() }))
        await store.dispatch(SettingsAction.login(email: "ash@poke.dex", password: "pikachu")) {
            $0.loginRequesting = true
        }
        await store.receive(SettingsAction.self) {
            $0.loginRequesting = false
            $0.loginError = .networkingFailed("Offline()")
        }
        await store.finish()
    }

    @Test func aSecondLoginWhileOneIsInFlightIsSkipped() async {
        let hold = Hold()
        let store = makeStore(
            .doubles(logIn: { email, _ in
                await hold.wait()
                return User(email: email)
            }))
        await store.dispatch(SettingsAction.login(email: "ash@poke.dex", password: "pikachu")) {
            $0.loginRequesting = true
        }
        await store.dispatch(SettingsAction.login(email: "misty@poke.dex", password: "pikachu"))  // no change
        hold.release()
        await store.receive(SettingsAction.loginDone(.success(ash))) {
            $0.loginRequesting = false
            $0.loginUser = ash
        }
        await store.finish()
    }

    @Test func loggingOutForgetsTheUser() async {
        var state = SettingsState()
        state.loginUser = ash
        let store = TestStore(initialState: state, reducer: settingsReducer)
        await store.dispatch(SettingsAction.logout) { $0.loginUser = nil }
    }

    @Test func theViewMayNotSetTheUser() async {
        let store = makeStore()
        await store.dispatch(BindingAction(\SettingsState.loginUser, ash))  // not allowed: no change
        #expect(store.state.loginUser == nil)
    }

    @Test func theLoginButtonFollowsTheScopedState() async {
        let app = Store(
            initialState: AppState(), reducer: appReducer(persister: nil),
            dependencies: PokeMasterDependencies.doubles())
        let settings = app.scope(\.settings)
        #expect(loginButton(settings) == .disabled)
        settings.set(\.email, to: "ash@poke.dex")
        settings.set(\.password, to: "pikachu")
        #expect(loginButton(settings) == .enabled)
        tapLogin(settings)
        #expect(loginButton(settings) == .requesting)
        await app.effects.waitForAll()
        #expect(loginButton(settings) == .loggedIn(as: "ash@poke.dex"))
    }
}
