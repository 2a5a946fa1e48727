import Redux

/// A signed-in user; the favourites belong to the account (seed 000's `User`).
struct User: Codable, Equatable, Sendable {
    var email: String
    var favoritePokemonIDs: Set<Int> = []
}

/// One Pokémon of the list.
struct Pokemon: Identifiable, Codable, Equatable, Sendable {
    let id: Int
    var name: String
    var types: [String] = []
}

/// What the app shows when something fails.
enum AppError: Error, Equatable, Sendable {
    case passwordWrong
    case requiresLogin
    case networkingFailed(String)

    /// Any error, as the app shows it: its own errors as they are, anything else as a network failure.
    init(_ error: any Error) {
        self = error as? AppError ?? .networkingFailed("\(error)")
    }

    /// The message a view shows.
    var message: String {
        switch self {
        case .passwordWrong: "Wrong password"
        case .requiresLogin: "Log in to keep favourites"
        case .networkingFailed(let reason): "Network error: \(reason)"
        }
    }
}

/// What the app needs from the outside world: one value, live in the app, doubles in tests.
/// Reducers' commands read it with `.run(using: PokeMasterDependencies.self)`; the thunk and the
/// async action get it from their middleware.
struct PokeMasterDependencies: Sendable {
    var logIn: @Sendable (_ email: String, _ password: String) async throws -> User
    var loadPokemons: @Sendable () async throws -> [Pokemon]
    var loadAbilities: @Sendable (_ pokemonID: Int) async throws -> [String]
    /// Empties the image and response caches; returns how many entries it removed.
    var clearCache: @Sendable () async throws -> Int
}
