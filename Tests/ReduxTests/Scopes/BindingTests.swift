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

    struct Profile: Equatable {
        var address = Address()
        var addresses = [Address()]
        var backup: Address?
        var addressLine: String  // a name that starts like another member's
        struct Address: Equatable { var city = "" }
    }

    /// Issue 38: a member in `only:` opens the members inside it, and nothing else.
    @Test func aMemberAllowedOpensItsNestedMembers() {
        let previous = Diagnostics.sink
        Diagnostics.sink = { _ in }
        defer { Diagnostics.sink = previous }
        let store = Store(
            initialState: Profile(backup: .init(), addressLine: ""),
            reducer: .binding(only: [\Profile.address, \Profile.addresses, \Profile.backup]))
        store.set(\.address.city, to: "Lyon")
        store.set(\.addresses[0].city, to: "Nice")
        store.set(\.backup!.city, to: "Metz")
        store.set(\.addressLine, to: "not allowed")
        #expect(store.address.city == "Lyon")
        #expect(store.addresses[0].city == "Nice")
        #expect(store.backup?.city == "Metz")
        #expect(store.addressLine == "")
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
