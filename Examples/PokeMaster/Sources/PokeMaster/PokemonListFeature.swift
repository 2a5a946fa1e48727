import Redux
import ReduxEffects

/// The Pokémon list: the loaded Pokémon, the request and its error, what is expanded.
struct PokemonListState: Equatable, Sendable {
    var pokemons: [Pokemon] = []
    var isLoading = false
    var loadingError: AppError?
    var expandedID: Int?
    /// Loaded on demand, per Pokémon (the `LoadAbilities` async action).
    var abilities: [Int: [String]] = [:]
    /// Set when a favourite could not be toggled (not logged in).
    var favoriteError: AppError?
}

enum PokemonListAction: Action, Equatable {
    case load
    case loadDone(Result<[Pokemon], AppError>)
    case toggleExpanded(id: Int)
}

/// The list reducer. Loading is a command; a load while one is in flight is skipped (seed 000's
/// `loadingPokemons` guard).
let pokemonListReducer = Reducer<PokemonListState>.commands(on: PokemonListAction.self) { state, action in
    switch action {
    case .load:
        guard !state.isLoading else { return .none }
        state.isLoading = true
        state.loadingError = nil
        return .run(using: PokeMasterDependencies.self) { send, dependencies in
            send(PokemonListAction.loadDone(.success(try await dependencies.loadPokemons())))
        } catch: { error, send in
            send(PokemonListAction.loadDone(.failure(AppError(error))))
        }
    case .loadDone(.success(let pokemons)):
        state.isLoading = false
        state.pokemons = pokemons
    case .loadDone(.failure(let error)):
        state.isLoading = false
        state.loadingError = error
    case .toggleExpanded(let id):
        state.expandedID = state.expandedID == id ? nil : id
    }
    return .none
}

/// What a list row shows, from the row's own scope: it re-renders only when its Pokémon changes.
@MainActor
func rowTitle(_ row: some StoreProtocol<Pokemon>) -> String {
    "#\(row.id) \(row.name)"
}
