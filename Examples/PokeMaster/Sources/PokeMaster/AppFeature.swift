import Redux
import ReduxAsync
import ReduxEffects
import ReduxPersistence
import ReduxThunk

/// The whole app's state: one store, a part per feature (seed 000's `AppState`).
struct AppState: Equatable, Sendable {
    var settings = SettingsState()
    var pokemonList = PokemonListState()
}

/// Favourites need the signed-in user (in settings) and report errors in the list: an app-level
/// action, reduced on the whole state.
enum FavoritesAction: Action, Equatable {
    case toggle(pokemonID: Int)
}

/// Reported by the clear-cache thunk once the caches are empty.
struct CacheCleared: Action, Equatable {
    let removedEntries: Int
}

/// Loads a Pokémon's abilities when its row expands — an async action (`ReduxAsync`), with the
/// app's dependencies from its middleware.
struct LoadAbilities: AsyncAction, Equatable {
    let pokemonID: Int

    var cancellationID: (any Hashable & Sendable)? { "abilities-\(pokemonID)" }

    @MainActor
    func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor @Sendable () -> AppState) async throws {
        guard getState().pokemonList.abilities[pokemonID] == nil else { return }  // loaded once
        let abilities = try await dependencies(PokeMasterDependencies.self).loadAbilities(pokemonID)
        dispatch(AbilitiesLoaded(pokemonID: pokemonID, abilities: abilities))
    }

    func failureAction(for error: any Error) -> (any Action)? {
        AbilitiesFailed(pokemonID: pokemonID, error: AppError(error))
    }
}

struct AbilitiesLoaded: Action, Equatable {
    let pokemonID: Int
    let abilities: [String]
}

struct AbilitiesFailed: Action, Equatable {
    let pokemonID: Int
    let error: AppError
}

/// Empties the caches and the loaded list — a thunk (`ReduxThunk`) that returns how many entries it
/// removed, for the settings screen's confirmation.
let clearCache = AsyncThunk<AppState, PokeMasterDependencies, Int>(id: "clear-cache") { context in
    let removed = try await context.extra.clearCache()
    context.dispatch(CacheCleared(removedEntries: removed))
    return removed
}

/// The app reducer: each feature's reducer pulled back to its part, the cross-feature actions, and
/// the persister's reducer (it applies the restored account).
@MainActor
func appReducer(persister: Persister<AppState, PersistedAccount>?) -> Reducer<AppState> {
    var reducers: [Reducer<AppState>] = [
        settingsReducer.pullback(\AppState.settings),
        pokemonListReducer.pullback(\AppState.pokemonList),
        .on(FavoritesAction.self) { state, action in
            switch action {
            case .toggle(let id):
                guard state.settings.loginUser != nil else {
                    state.pokemonList.favoriteError = .requiresLogin
                    return
                }
                state.pokemonList.favoriteError = nil
                if state.settings.loginUser?.favoritePokemonIDs.remove(id) == nil {
                    state.settings.loginUser?.favoritePokemonIDs.insert(id)
                }
            }
        },
        .on(AbilitiesLoaded.self) { state, action in state.pokemonList.abilities[action.pokemonID] = action.abilities },
        .on(AbilitiesFailed.self) { state, action in state.pokemonList.loadingError = action.error },
        .on(CacheCleared.self) { state, _ in
            state.pokemonList.pokemons = []
            state.pokemonList.abilities = [:]
        },
    ]
    if let persister {
        reducers.append(persister.reducer)
    }
    return .combine(reducers)
}

/// What is saved: the signed-in user with their favourites. Never the password.
struct PersistedAccount: Codable, Equatable, Sendable {
    var user: User?
}

/// Where the restored account goes. The store is live before the restore finishes, so a user who
/// logged in meanwhile wins over the saved one.
@Sendable
func restoreAccount(_ state: inout AppState, _ saved: PersistedAccount) {
    if state.settings.loginUser == nil {
        state.settings.loginUser = saved.user
    }
}
