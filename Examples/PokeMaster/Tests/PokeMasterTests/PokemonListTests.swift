import Observation
import Redux
import ReduxEffects
import ReduxPersistence
import ReduxTesting
import Testing

@testable import PokeMaster

/// The list feature, on its own state.
@MainActor
struct PokemonListTests {
    func makeStore(_ dependencies: PokeMasterDependencies = .doubles()) -> TestStore<PokemonListState> {
        TestStore(
            initialState: PokemonListState(), reducer: pokemonListReducer,
            dependencies: dependencies)
    }

    @Test func loadingShowsTheList() async {
        let store = makeStore()
        await store.dispatch(PokemonListAction.load) { $0.isLoading = true }
        await store.receive(PokemonListAction.loadDone(.success(kanto))) {
            $0.isLoading = false
            $0.pokemons = kanto
        }
        await store.finish()
    }

    @Test func aFailedLoadShowsTheErrorAndLoadingAgainRetries() async {
        struct Timeout: Error {}
        let store = makeStore(.doubles(loadPokemons: { throw Timeout() }))
        await store.dispatch(PokemonListAction.load) { $0.isLoading = true }
        await store.receive(PokemonListAction.loadDone(.failure(.networkingFailed("Timeout()")))) {
            $0.isLoading = false
            $0.loadingError = .networkingFailed("Timeout()")
        }
        await store.dispatch(PokemonListAction.load) {
            $0.isLoading = true
            $0.loadingError = nil
        }
        await store.receive(PokemonListAction.self) {  // still offline
            $0.isLoading = false
            $0.loadingError = .networkingFailed("Timeout()")
        }
        await store.finish()
    }

    @Test func loadingTwiceIsSkipped() async {
        let hold = Hold()
        let store = makeStore(
            .doubles(loadPokemons: {
                await hold.wait()
                return kanto
            }))
        await store.dispatch(PokemonListAction.load) { $0.isLoading = true }
        await store.dispatch(PokemonListAction.load)  // in flight: nothing changes, nothing starts
        hold.release()
        await store.receive(PokemonListAction.loadDone(.success(kanto))) {
            $0.isLoading = false
            $0.pokemons = kanto
        }
        await store.finish()
    }

    @Test func aRowExpandsAndCollapses() async {
        let store = makeStore()
        await store.dispatch(PokemonListAction.toggleExpanded(id: 4)) { $0.expandedID = 4 }
        await store.dispatch(PokemonListAction.toggleExpanded(id: 4)) { $0.expandedID = nil }
    }

    @Test func aRowIsRenderedFromItsOwnScopeAndOnlyItsChangesInvalidateIt() async throws {
        let app = PokeMasterApp(dependencies: .doubles(), storage: InMemoryStorage(), logSink: nil) { _ in }
        app.store.dispatch(PokemonListAction.load)
        await app.store.effects.waitForAll()
        let rows = app.pokemonList.scopes(\.pokemons)
        #expect(rows.map(rowTitle) == ["#1 Bulbasaur", "#4 Charmander", "#7 Squirtle"])
        final class Invalidated: @unchecked Sendable { var count = 0 }
        let invalidated = Invalidated()
        withObservationTracking {
            _ = rowTitle(rows[1])
        } onChange: {
            invalidated.count += 1
        }
        app.store.dispatch(PokemonListAction.toggleExpanded(id: 4))  // the list's state, not the row
        app.store.dispatch(FavoritesAction.toggle(pokemonID: 4))  // not logged in: an error, not the row
        #expect(invalidated.count == 0)
        app.store.dispatch(CacheCleared(removedEntries: 0))  // the row is gone
        #expect(invalidated.count == 1)
    }
}
