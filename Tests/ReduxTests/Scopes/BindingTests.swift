import Testing

@testable import Redux

/// SPEC §11: a generic binding action, the reducer that applies it, and what it allows.
@MainActor
struct BindingTests {
    struct Settings: Equatable {
        var email = ""
        var password = ""
        var loggedInUser: String?
    }

    struct AppState: Equatable {
        var settings = Settings()
    }

    static let settingsReducer = Reducer<Settings>.binding(only: [\.email, \.password])

    @Test func setDispatchesABindingThatTheReducerApplies() {
        let store = Store(initialState: Settings(), reducer: Self.settingsReducer)
        store.set(\.email, to: "ada@example.com")
        #expect(store.email == "ada@example.com")
    }

    @Test func aMemberNotAllowedIsNotSetAndTheWarningNamesIt() {
        var warnings: [String] = []
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { warnings.append($0) }
        defer { Diagnostics.sink = previous }

        let store = Store(initialState: Settings(), reducer: Self.settingsReducer)
        store.set(\.loggedInUser, to: "mallory")
        #expect(store.loggedInUser == nil)
        #if DEBUG
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("loggedInUser was not set") == true)
            #expect(warnings.first?.contains("Reducer<Settings>.binding(only:)") == true)
        #endif
    }

    @Test func throughAScopeTheBindingNamesThePathFromTheStoresState() {
        final class Seen { var lines: [String] = [] }
        let seen = Seen()
        let recorder: Middleware<AppState> = { _, _ in
            { next in
                { action in
                    seen.lines.append("\(action)")
                    next(action)
                }
            }
        }
        let store = Store(
            initialState: AppState(), reducer: Self.settingsReducer.pullback(\AppState.settings),
            middleware: [recorder])
        store.scope(\.settings).set(\.email, to: "ada@example.com")
        #expect(store.state.settings.email == "ada@example.com")
        #expect(seen.lines == [#"settings.email = "ada@example.com""#])
    }

    @Test func aRedactedBindingHidesItsValueAndStillSetsIt() {
        let action = BindingAction(\Settings.password, "secret").redacted()
        #expect("\(action)" == "password = <redacted>")
        var state = Settings()
        action.apply(to: &state)
        #expect(state.password == "secret")
        #expect(action.keyPath == \Settings.password)
    }
}
