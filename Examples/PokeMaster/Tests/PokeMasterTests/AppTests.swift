import Foundation
import Redux
import ReduxAsync
import ReduxEffects
import ReduxPersistence
import ReduxTesting
import ReduxThunk
import Testing

@testable import PokeMaster

/// The app-level flows: favourites (need a login), abilities (an async action), clearing the cache
/// (a thunk), analytics (the custom middleware).
@MainActor
struct AppTests {
    let events = Collected<AnalyticsEvent>()

    func makeStore(
        _ state: AppState = AppState(), _ dependencies: PokeMasterDependencies = .doubles()
    ) -> TestStore<AppState> {
        let events = events
        return TestStore(
            initialState: state, reducer: appReducer(persister: nil),
            middleware: [
                analyticsMiddleware(track: { events.append($0) }),
                thunkMiddleware(),
                asyncActionMiddleware(),
            ],
            dependencies: dependencies)
    }

    var loggedIn: AppState {
        var state = AppState()
        state.settings.loginUser = ash
        state.pokemonList.pokemons = kanto
        return state
    }

    @Test func aFavouriteNeedsALogin() async {
        let store = makeStore()
        await store.dispatch(FavoritesAction.toggle(pokemonID: 4)) {
            $0.pokemonList.favoriteError = .requiresLogin
        }
        #expect(events.all.isEmpty)
    }

    @Test func aFavouriteIsToggledOnTheUserAndReported() async {
        let store = makeStore(loggedIn)
        await store.dispatch(FavoritesAction.toggle(pokemonID: 4)) {
            $0.settings.loginUser?.favoritePokemonIDs = [4]
        }
        await store.dispatch(FavoritesAction.toggle(pokemonID: 4)) {
            $0.settings.loginUser?.favoritePokemonIDs = []
        }
        #expect(
            events.all == [
                .favoriteToggled(pokemonID: 4, isFavorite: true), .favoriteToggled(pokemonID: 4, isFavorite: false),
            ])
    }

    @Test func loggingInAndLoadingAreReported() async {
        let store = makeStore()
        await store.dispatch(SettingsAction.login(email: "ash@poke.dex", password: "nope")) {
            $0.settings.loginRequesting = true
        }
        await store.receive(SettingsAction.loginDone(.failure(.passwordWrong))) {
            $0.settings.loginRequesting = false
            $0.settings.loginError = .passwordWrong
        }
        await store.dispatch(PokemonListAction.load) { $0.pokemonList.isLoading = true }
        await store.receive(PokemonListAction.loadDone(.success(kanto))) {
            $0.pokemonList.isLoading = false
            $0.pokemonList.pokemons = kanto
        }
        await store.finish()
        #expect(events.all == [.loginFailed, .pokemonsLoaded(count: 3)])
    }

    @Test func abilitiesLoadOnceThroughTheAsyncAction() async {
        let store = makeStore(loggedIn)
        await store.dispatch(LoadAbilities(pokemonID: 1))
        await store.receive(AbilitiesLoaded(pokemonID: 1, abilities: ["ability of 1"])) {
            $0.pokemonList.abilities[1] = ["ability of 1"]
        }
        await store.dispatch(LoadAbilities(pokemonID: 1))  // loaded: no request
        await store.finish()
    }

    @Test func aFailedAbilitiesRequestIsShown() async {
        let store = makeStore(loggedIn, .doubles(loadAbilities: { _ in throw AppError.networkingFailed("503") }))
        await store.dispatch(LoadAbilities(pokemonID: 7))
        await store.receive(AbilitiesFailed(pokemonID: 7, error: .networkingFailed("503"))) {
            $0.pokemonList.loadingError = .networkingFailed("503")
        }
        await store.finish()
    }

    @Test func clearingTheCacheEmptiesTheListAndReturnsWhatWasRemoved() async throws {
        let store = makeStore(loggedIn)
        await store.dispatch(clearCache)
        await store.receive(CacheCleared(removedEntries: 3)) {
            $0.pokemonList.pokemons = []
        }
        await store.finish()
        #expect(events.all == [.cacheCleared])
        // From a screen: the thunk's value, for the confirmation.
        let removed = try await store.store.run(clearCache)
        #expect(removed == 3)
        await store.receive(CacheCleared(removedEntries: 3))
    }
}

/// The assembled app: the store created first, the account restored in the background, saved
/// without the password, and a debug log that never shows it.
@MainActor
struct LaunchTests {
    @Test func theAccountIsRestoredInTheBackgroundAndTheListLoads() async throws {
        let storage = InMemoryStorage()
        do {
            let first = PokeMasterApp(dependencies: .doubles(), storage: storage, logSink: nil) { _ in }
            await first.launch()
            first.store.dispatch(SettingsAction.login(email: "ash@poke.dex", password: "pikachu"))
            await first.store.effects.waitForAll()
            first.store.dispatch(FavoritesAction.toggle(pokemonID: 7))
            try await first.persister.flush()
        }
        let saved = String(decoding: try #require(storage.contents["account"]), as: UTF8.self)
        #expect(saved.contains("ash@poke.dex"))
        #expect(!saved.contains("pikachu"))

        let second = PokeMasterApp(dependencies: .doubles(), storage: storage, logSink: nil) { _ in }
        #expect(second.store.state.settings.loginUser == nil)  // live at once, before the restore
        await second.launch()
        #expect(second.store.state.settings.loginUser == User(email: "ash@poke.dex", favoritePokemonIDs: [7]))
        await second.store.effects.waitForAll()
        #expect(second.store.state.pokemonList.pokemons == kanto)
    }

    @Test func aLoginBeforeTheRestoreFinishedWinsAndIsSaved() async throws {
        let storage = InMemoryStorage()
        do {
            let first = PokeMasterApp(dependencies: .doubles(), storage: storage, logSink: nil) { _ in }
            await first.launch()
            first.store.dispatch(SettingsAction.loginDone(.success(User(email: "old@poke.dex"))))
            // The list launch() loads changes the state too: wait for it, or the write it leaves
            // pending is done when this store is released — in a task that may land after the
            // second app's write (both apps share one storage here, as two launches never do).
            await first.store.effects.waitForAll()
            try await first.persister.flush()
        }
        let second = PokeMasterApp(dependencies: .doubles(), storage: storage, logSink: nil) { _ in }
        second.store.dispatch(SettingsAction.loginDone(.success(ash)))  // before the restore
        await second.launch()
        #expect(second.store.state.settings.loginUser == ash)
        try await second.persister.flush()
        let saved = String(decoding: try #require(storage.contents["account"]), as: UTF8.self)
        #expect(saved.contains("ash@poke.dex"))
    }

    @Test func theDebugLogNeverShowsThePassword() async throws {
        #if DEBUG
            let log = Collected<String>()
            let app = PokeMasterApp(dependencies: .doubles(), storage: InMemoryStorage(), logSink: log.sink) { _ in }
            app.settings.set(\.email, to: "ash@poke.dex")
            app.settings.set(\.password, to: "pikachu")
            tapLogin(app.settings)
            await app.store.effects.waitForAll()
            #expect(log.text.contains(#"settings.email = "ash@poke.dex""#))
            #expect(log.text.contains("settings.password = <redacted>"))
            #expect(log.text.contains("SettingsAction.login"))
            #expect(!log.text.contains("pikachu"))
            #expect(app.store.state.settings.loginUser == ash)
        #endif
    }
}
