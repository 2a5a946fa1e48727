import Foundation
import ReduxLogging

@testable import PokeMaster

let ash = User(email: "ash@poke.dex")
let kanto = [
    Pokemon(id: 1, name: "Bulbasaur", types: ["grass", "poison"]),
    Pokemon(id: 4, name: "Charmander", types: ["fire"]),
    Pokemon(id: 7, name: "Squirtle", types: ["water"]),
]

/// Test doubles of the outside world: answers at once, unless a test holds them.
extension PokeMasterDependencies {
    static func doubles(
        logIn: @escaping @Sendable (String, String) async throws -> User = { email, password in
            guard password == "pikachu" else { throw AppError.passwordWrong }
            return User(email: email)
        },
        loadPokemons: @escaping @Sendable () async throws -> [Pokemon] = { kanto },
        loadAbilities: @escaping @Sendable (Int) async throws -> [String] = { id in ["ability of \(id)"] },
        clearCache: @escaping @Sendable () async throws -> Int = { 3 }
    ) -> PokeMasterDependencies {
        PokeMasterDependencies(
            logIn: logIn, loadPokemons: loadPokemons, loadAbilities: loadAbilities, clearCache: clearCache)
    }
}

/// Collects what a `@Sendable` callback receives (analytics events, log entries).
final class Collected<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Element] = []

    var all: [Element] { lock.withLock { storage } }

    func append(_ element: Element) {
        lock.withLock { storage.append(element) }
    }
}

extension Collected where Element == String {
    var sink: LogSink { LogSink { [self] entry in append(entry) } }
    var text: String { all.joined(separator: "\n") }
}

/// Holds a request until the test lets it go: to see what happens while it is in flight.
final class Hold: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    func wait() async {
        for await _ in stream { return }
    }

    func release() {
        continuation.yield()
        continuation.finish()
    }
}
