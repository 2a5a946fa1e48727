import Observation
import ReduxTestSupport
import Testing

@testable import Redux

/// SPEC §11: scoped stores — fine-grained observation through the composed key path, one protocol
/// for stores and scopes, and the lifetime of a scope.
@MainActor
struct ScopeTests {
    struct Profile: Equatable {
        var name = "Ada"
        var age = 36
    }

    struct Settings: Equatable {
        var theme = "light"
        var email = ""
        var profile = Profile()
        /// Computed: no stored offset, so it is compared through the key path.
        var loudTheme: String { theme.uppercased() }
    }

    struct AppState: Equatable {
        var settings = Settings()
        var count = 0
    }

    struct SetTheme: Action { let theme: String }
    struct SetEmail: Action { let email: String }
    struct Rename: Action { let name: String }
    struct Increment: Action {}

    static let reducer = Reducer<AppState>.combine(
        .on(SetTheme.self) { state, action in state.settings.theme = action.theme },
        .on(SetEmail.self) { state, action in state.settings.email = action.email },
        .on(Rename.self) { state, action in state.settings.profile.name = action.name },
        .on(Increment.self) { state, _ in state.count += 1 }
    )

    func makeStore() -> Store<AppState> {
        Store(initialState: AppState(), reducer: Self.reducer)
    }

    func track(_ read: @escaping @MainActor () -> Void) -> ObservationProbe {
        ObservationProbe.track(read)
    }

    /// A feature written against its own state only.
    func label(_ store: some StoreProtocol<Settings>) -> String {
        "\(store.theme) \(store.profile.name)"
    }

    @Test func aScopeReadsAndDispatchesIntoItsStore() {
        let store = makeStore()
        let settings = store.scope(\.settings)
        settings.dispatch(SetTheme(theme: "dark"))
        #expect(store.state.settings.theme == "dark")
        #expect(settings.state.theme == "dark")
        #expect(settings.theme == "dark")
        #expect(label(settings) == "dark Ada")
        #expect(settings.effects === store.effects)
    }

    @Test func theSameKeyPathGivesTheSameScope() {
        let store = makeStore()
        #expect(store.scope(\.settings) === store.scope(\.settings))
        let settings = store.scope(\.settings)
        #expect(settings.scope(\.profile) === settings.scope(\.profile))
        // A scope of a scope is the scope at the composed key path.
        #expect(settings.scope(\.profile) === store.scope(\.settings.profile))
    }

    @Test func aMemberReadThroughAScopeIsInvalidatedOnlyByThatMember() {
        let store = makeStore()
        let settings = store.scope(\.settings)
        let theme = track { _ = settings.theme }
        store.dispatch(SetEmail(email: "ada@example.com"))
        store.dispatch(Increment())
        store.dispatch(Rename(name: "Grace"))
        #expect(theme.changes == 0)
        store.dispatch(SetTheme(theme: "dark"))
        #expect(theme.changes == 1)
    }

    @Test func aComputedMemberThroughAScopeIsObservedToo() {
        let store = makeStore()
        let settings = store.scope(\.settings)
        let loud = track { _ = settings.loudTheme }
        store.dispatch(SetEmail(email: "a@b.c"))
        #expect(loud.changes == 0)
        store.dispatch(SetTheme(theme: "dark"))
        #expect(loud.changes == 1)
        #expect(settings.loudTheme == "DARK")
    }

    @Test func aNestedScopeObservesTheComposedKeyPath() {
        let store = makeStore()
        let profile = store.scope(\.settings).scope(\.profile)
        let name = track { _ = profile.name }
        let age = track { _ = profile.age }
        store.dispatch(SetTheme(theme: "dark"))
        #expect(name.changes == 0)
        store.dispatch(Rename(name: "Grace"))
        #expect(name.changes == 1)
        #expect(age.changes == 0)
        #expect(profile.name == "Grace")
    }

    @Test func readingAScopesStateDependsOnThatPartOnly() {
        let store = makeStore()
        let settings = store.scope(\.settings)
        let probe = track { _ = settings.state }
        store.dispatch(Increment())
        #expect(probe.changes == 0)
        store.dispatch(SetEmail(email: "a@b.c"))
        #expect(probe.changes == 1)
    }

    @Test func subscriptionsThroughAScope() {
        let store = makeStore()
        let settings = store.scope(\.settings)
        var themes: [String] = []
        var states = 0
        var selected: [Int] = []
        let a = settings.subscribe(to: \.theme) { themes.append($0) }
        let b = settings.subscribe { _ in states += 1 }
        let c = settings.subscribe(select: { $0.email.count }) { selected.append($0) }
        store.dispatch(Increment())
        store.dispatch(SetTheme(theme: "dark"))
        store.dispatch(SetEmail(email: "abc"))
        #expect(themes == ["light", "dark"])
        #expect(states == 4)
        #expect(selected == [0, 3])
        a.cancel()
        b.cancel()
        c.cancel()
        store.dispatch(SetTheme(theme: "blue"))
        #expect(themes == ["light", "dark"])
    }

    @Test func aScopeHeldAloneKeepsItsStoreWorking() {
        weak var weakStore: Store<AppState>?
        var settings: ScopedStore<Settings>? = {
            let store = makeStore()
            weakStore = store
            return store.scope(\.settings)
        }()
        // The shape of a SwiftUI preview: `FeatureView(store: Store(…).scope(\.feature))`.
        #expect(weakStore != nil)
        settings?.dispatch(SetTheme(theme: "blue"))
        #expect(settings?.theme == "blue")
        var profile = settings?.scope(\.profile)
        settings = nil
        #expect(weakStore != nil, "a scope of a scope keeps the store too")
        #expect(profile?.name == "Ada")
        profile = nil
        #expect(weakStore == nil, "released with its last scope: the store's cache holds scopes weakly")
    }

    @Test func aStoreAndItsScopesAreFreedTogether() {
        weak var weakStore: Store<AppState>?
        weak var weakScope: ScopedStore<Settings>?
        do {
            let store = makeStore()
            weakStore = store
            let settings = store.scope(\.settings)
            weakScope = settings
            #expect(store.scope(\.settings) === settings)
            let probe = ObservationProbe.track { _ = settings.theme }
            store.dispatch(SetTheme(theme: "dark"))
            #expect(probe.changes == 1)
        }
        #expect(weakStore == nil)
        #expect(weakScope == nil)
    }

    @Test func aKeyPathMadeAtRunTimeOnEveryReadKeepsTheTrackerBounded() {
        let store = makeStore()
        for _ in 0..<50 {
            let path = (\AppState.settings).appending(path: \Settings.theme)
            _ = track { _ = store[dynamicMember: path] }
        }
        #expect(store.core.machine.members.byIdentity.count <= 4)
    }
}
