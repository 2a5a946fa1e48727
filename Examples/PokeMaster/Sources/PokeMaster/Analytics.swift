import Redux

/// An analytics event, as the app reports it.
enum AnalyticsEvent: Equatable, Sendable {
    case loggedIn
    case loginFailed
    case pokemonsLoaded(count: Int)
    case favoriteToggled(pokemonID: Int, isFavorite: Bool)
    case cacheCleared
}

/// The app's own middleware: turns what happened into analytics events, after the reducer ran (so
/// it reports the outcome, such as whether a favourite is now set). It never changes an action.
func analyticsMiddleware(track: @escaping @Sendable (AnalyticsEvent) -> Void) -> Middleware<AppState> {
    { _, getState in
        { next in
            { action in
                next(action)
                switch action {
                case SettingsAction.loginDone(.success):
                    track(.loggedIn)
                case SettingsAction.loginDone(.failure):
                    track(.loginFailed)
                case PokemonListAction.loadDone(.success(let pokemons)):
                    track(.pokemonsLoaded(count: pokemons.count))
                case FavoritesAction.toggle(let id):
                    guard let user = getState().settings.loginUser else { return }
                    track(.favoriteToggled(pokemonID: id, isFavorite: user.favoritePokemonIDs.contains(id)))
                case is CacheCleared:
                    track(.cacheCleared)
                default:
                    break
                }
            }
        }
    }
}
