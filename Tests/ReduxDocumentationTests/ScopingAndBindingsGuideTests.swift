import Foundation
// The code of docs/scoping-and-bindings.md, kept compiling and checked.
import Observation
import Redux
import ReduxLogging
import ReduxTestSupport
import Testing

private let printed = Printed()
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.record(items, separator: separator)
}

private struct SettingsState: Equatable {
    var theme = "light"
    var email = ""
    var password = ""
    var user: String?
}

private struct ChooseTheme: Action { let theme: String }

@MainActor
private func themeTitle(_ store: some StoreProtocol<SettingsState>) -> String {
    "Theme: \(store.theme)"
}

private let settingsReducer = Reducer<SettingsState>.on(ChooseTheme.self) { state, action in
    state.theme = action.theme
}

private struct AppState: Equatable {
    var settings = SettingsState()
    var launches = 0
}

private let appReducer = settingsReducer.pullback(\AppState.settings)

/// Counts invalidations. `onChange` is a `@Sendable` closure, so the count is behind a lock.
private final class Renders: @unchecked Sendable {  // `count` is only touched under `lock`
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}

@MainActor
@Suite(.serialized)
struct ScopingAndBindingsGuideTests {
    @Test func aFeatureWrittenAgainstItsOwnState() {
        printed.reset()
        let store = Store(initialState: AppState(), reducer: appReducer)
        let settings = store.scope(\.settings)
        settings.dispatch(ChooseTheme(theme: "dark"))
        print(themeTitle(settings))  // Theme: dark
        print(store.settings.theme)  // dark — one store, one state

        let featureStore = Store(initialState: SettingsState(), reducer: settingsReducer)
        featureStore.dispatch(ChooseTheme(theme: "blue"))
        print(themeTitle(featureStore))  // Theme: blue

        let renders = Renders()
        withObservationTracking {
            _ = settings.theme
        } onChange: {
            renders.increment()
        }
        store.dispatch(ChooseTheme(theme: "dark"))  // the same value: no change
        print(renders.count)  // 0
        store.dispatch(ChooseTheme(theme: "light"))
        print(renders.count)  // 1
        #expect(printed.lines == ["Theme: dark", "dark", "Theme: blue", "0", "1"])
        #expect(store.scope(\.settings) === settings)
    }
}

private struct Pokemon: Identifiable, Equatable {
    let id: Int
    var name: String
    var isFavorite = false
}

private struct ListState: Equatable {
    var pokemons = [Pokemon(id: 1, name: "Bulbasaur"), Pokemon(id: 4, name: "Charmander")]
}

private struct Rename: Action {
    let id: Int
    let name: String
}

private let listReducer = Reducer<ListState>.combine(
    .on(Rename.self) { state, action in
        guard let index = state.pokemons.firstIndex(where: { $0.id == action.id }) else { return }
        state.pokemons[index].name = action.name
    },
    Reducer<Pokemon>.binding(only: [\.isFavorite]).forEach(\.pokemons)
)

@MainActor
@Suite(.serialized)
struct ScopingAndBindingsListGuideTests {
    @Test func rowsBindingsAndRedaction() {
        printed.reset()
        let list = Store(initialState: ListState(), reducer: listReducer)
        let rows = list.scopes(\.pokemons)  // depends on the identifiers: added, removed, moved
        let charmander = list.scope(\.pokemons, id: 4)!
        let rowRenders = Renders()
        withObservationTracking {
            _ = charmander.name
        } onChange: {
            rowRenders.increment()
        }
        list.dispatch(Rename(id: 1, name: "Ivysaur"))  // another row: not invalidated
        list.dispatch(Rename(id: 4, name: "Charmeleon"))
        print(rows.count, rowRenders.count, charmander.name)  // 2 1 Charmeleon
        rows[0].set(\.isFavorite, to: true)
        #expect(list.state.pokemons.map(\.isFavorite) == [true, false])

        let editableSettings = Reducer<SettingsState>.combine(
            .binding(only: [\.email, \.password, \.theme]),
            settingsReducer
        )
        let app = Store(initialState: AppState(), reducer: editableSettings.pullback(\AppState.settings))
        let form = app.scope(\.settings)
        form.set(\.email, to: "ash@example.com")
        form.set(\.user, to: "mallory")  // not in `only:` — not applied, and a debug warning names `user`
        print(app.settings.email, app.settings.user ?? "nobody")  // ash@example.com nobody

        var logOptions = LoggingOptions<AppState>()
        logOptions.actionTransformer = { action in
            guard let binding = action as? BindingAction<SettingsState>, binding.keyPath == \SettingsState.password
            else { return action }
            return binding.redacted()  // settings.password = <redacted>
        }
        let shown = logOptions.actionTransformer?(
            BindingAction(\SettingsState.password, "pikachu", path: "settings.password", elementID: nil))
        #expect("\(shown!)" == "settings.password = <redacted>")
        #expect(printed.lines == ["2 1 Charmeleon", "ash@example.com nobody"])
    }
}

private enum SettingsAction: Action, Equatable {
    case logOut
    case loggedIn(String)
}

private let sessionReducer = Reducer<SettingsState>.on(SettingsAction.self) { state, action in
    switch action {
    case .logOut:
        state.user = nil
    case .loggedIn(let user):
        state.user = user
    }
}

@MainActor
struct ScopingAndBindingsEnumGuideTests {
    @Test func anEnumActionReducedWithOneExhaustiveSwitch() {
        let store = Store(initialState: SettingsState(), reducer: sessionReducer)
        store.dispatch(SettingsAction.loggedIn("ash"))
        #expect(store.user == "ash")
        store.dispatch(SettingsAction.logOut)
        #expect(store.user == nil)
    }
}

private struct CounterState: Equatable { var count = 0 }
private enum CounterAction: Action, Equatable { case increment, decrement }

private let counterReducer = Reducer<CounterState>.on(CounterAction.self) { state, action in
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
}

private struct TwoCountersState: Equatable {
    var first = CounterState()
    var second = CounterState()
    var total = 0
}

private let twoCountersReducer = Reducer<TwoCountersState>.combine(
    .scope(\.first, counterReducer),
    .scope(\.second, counterReducer),
    // The parent sees which instance sent what, in one line:
    .on(\.second, CounterAction.self) { state, action in state.total += action == .increment ? 10 : -10 },
    Reducer { state, action in
        if action.sent(by: \TwoCountersState.first) == CounterAction.increment { state.total += 1 }
    }
)

@MainActor
@Suite(.serialized)
struct ScopingAndBindingsInstancesGuideTests {
    @Test func oneFeatureTwiceComposedByInstance() {
        printed.reset()
        let counters = Store(initialState: TwoCountersState(), reducer: twoCountersReducer)
        counters.scope(\.first).dispatch(CounterAction.increment)
        counters.scope(\.second).dispatch(CounterAction.increment)
        print(counters.first.count, counters.second.count, counters.total)  // 1 1 11
        counters.dispatch(CounterAction.decrement)
        print(counters.first.count, counters.second.count)  // 0 0
        #expect(printed.lines == ["1 1 11", "0 0"])
    }
}
