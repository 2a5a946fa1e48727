import Foundation
import Redux
import ReduxPersistence

struct Settings: Codable, Equatable, Sendable {
    var theme = "light"
    var fontSize = 12
    var recent: [String] = []
}

struct AppState: Equatable, Sendable {
    var settings = Settings()
    var isOnline = false  // not persisted
}

struct SetTheme: Action { var theme: String }
struct Bump: Action {}
struct GoOnline: Action {}

let appReducer = Reducer<AppState>.combine(
    .on(SetTheme.self) { state, action in state.settings.theme = action.theme },
    .on(Bump.self) { state, _ in state.settings.fontSize += 1 },
    .on(GoOnline.self) { state, _ in state.isOnline = true }
)

/// Collects reported errors.
@MainActor
final class Errors {
    private(set) var all: [PersistenceError] = []
    func append(_ error: PersistenceError) { all.append(error) }
    var descriptions: [String] { all.map { "\($0)" } }
}

/// A `sleep` the test controls: each call waits until the test releases it.
final class ManualSleeper: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var calls = 0

    var sleepCount: Int { lock.withLock { calls } }
    var pending: Int { lock.withLock { waiting.count } }

    private var isFinished = false

    func sleep(_ duration: Duration) async throws {
        await withCheckedContinuation { continuation in
            let now: Bool = lock.withLock {
                calls += 1
                if isFinished { return true }
                waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Ends the test's control of time: every sleep waiting now and every later one returns at once,
    /// so a write loop still running ends by itself instead of staying suspended (a leak to the
    /// address sanitizer) — whether or not it had reached its sleep yet.
    func finish() {
        lock.withLock { isFinished = true }
        releaseAll()
    }

    func releaseAll() {
        let released = lock.withLock {
            let all = waiting
            waiting = []
            return all
        }
        for continuation in released { continuation.resume() }
    }
}

/// Storage whose writes fail while `failing` is set.
final class FlakyStorage: PersistenceStorage, @unchecked Sendable {
    struct DiskFull: Error {}
    let inner = InMemoryStorage()
    private let lock = NSLock()
    private var isFailing = true
    var failing: Bool {
        get { lock.withLock { isFailing } }
        set { lock.withLock { isFailing = newValue } }
    }

    func read(_ key: String) throws -> Data? { try inner.read(key) }
    func write(_ data: Data, for key: String) throws {
        if failing { throw DiskFull() }
        try inner.write(data, for: key)
    }
    func remove(_ key: String) throws { try inner.remove(key) }
    func move(_ key: String, to newKey: String) throws { try inner.move(key, to: newKey) }
}

/// Yields until `condition` holds (bounded); the persister's work runs in main-actor tasks.
@MainActor
func eventually(_ condition: @MainActor () -> Bool) async {
    for _ in 0..<10_000 where !condition() { await Task.yield() }
}

func envelope(_ settings: Settings, version: Int = 1) throws -> Data {
    try JSONPersistenceCoder().encode(PersistedEnvelope(version: version, state: settings))
}
