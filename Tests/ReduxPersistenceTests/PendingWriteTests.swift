import Foundation
import Redux
import ReduxTesting
import Testing

@testable import ReduxPersistence

/// A change held back by the write interval is never lost with the store, and waiting for the
/// store's work waits for it (issue 21).
@MainActor
struct PendingWriteTests {
    func stored(_ storage: InMemoryStorage) throws -> Settings? {
        guard let data = storage.contents["settings"] else { return nil }
        return try JSONPersistenceCoder().decode(PersistedEnvelope<Settings>.self, from: data).state
    }

    func makePersister(_ storage: InMemoryStorage, _ sleeper: ManualSleeper) -> Persister<AppState, Settings> {
        Persister(
            key: "settings", storage: storage, sleep: { try await sleeper.sleep($0) }, project: \.settings,
            restore: { state, settings in state.settings = settings })
    }

    @Test func aPendingWriteIsWrittenWhenTheStoreAndPersisterAreReleased() async throws {
        let storage = InMemoryStorage()
        let sleeper = ManualSleeper()
        var persister: Persister<AppState, Settings>? = makePersister(storage, sleeper)
        var store: Store<AppState>? = Store(
            initialState: persister!.load(into: AppState()), reducer: appReducer, middleware: [persister!.middleware])
        store?.dispatch(Bump())
        await eventually { (try? stored(storage))?.fontSize == 13 && sleeper.pending == 1 }
        store?.dispatch(Bump())  // held back: the write loop waits out its interval, which never ends here
        store = nil
        persister = nil
        await eventually { (try? stored(storage))?.fontSize == 14 }
        #expect(try stored(storage)?.fontSize == 14)
        sleeper.finish()
    }

    @Test func waitingForTheStoresWorkWritesThePendingChange() async throws {
        let storage = InMemoryStorage()
        let sleeper = ManualSleeper()
        let persister = makePersister(storage, sleeper)
        let store = Store(
            initialState: persister.load(into: AppState()), reducer: appReducer, middleware: [persister.middleware])
        store.dispatch(Bump())
        await eventually { sleeper.pending == 1 }
        store.dispatch(Bump())
        store.dispatch(Bump())
        await store.effects.waitForAll()
        #expect(try stored(storage)?.fontSize == 15)
        sleeper.finish()
    }

    @Test func waitingForTheStoresWorkWaitsForTheWriteOnItsWay() async throws {
        // A slow disk: the write loop's write of the last change is still on its way when the
        // test waits (SyncUps' relaunch test read the storage before it landed).
        let storage = HeldStorage()
        let persister = Persister<AppState, Settings>(
            key: "settings", storage: storage, interval: .zero, project: \.settings,
            restore: { state, settings in state.settings = settings })
        let store = Store(
            initialState: persister.load(into: AppState()), reducer: appReducer, middleware: [persister.middleware])
        store.dispatch(Bump())
        // The loop took the change and its write is on its way (on another thread: yields are not enough).
        for _ in 0..<5_000 where !storage.isHolding { try await Task.sleep(for: .milliseconds(1)) }
        try #require(storage.isHolding)
        // Alone this returns within a millisecond unless it waits for the write (0.1 s); run among
        // other suites it may be slower, and then passes either way.
        await store.effects.waitForAll()
        let data = try #require(storage.inner.contents["settings"])
        #expect(try JSONPersistenceCoder().decode(PersistedEnvelope<Settings>.self, from: data).state.fontSize == 13)
    }

    @Test func aTestStoreFinishesWithThePendingChangeWritten() async throws {
        let storage = InMemoryStorage()
        let sleeper = ManualSleeper()
        let persister = makePersister(storage, sleeper)
        let store = TestStore(
            initialState: persister.load(into: AppState()), reducer: appReducer, middleware: [persister.middleware])
        await store.dispatch(Bump()) { $0.settings.fontSize = 13 }
        await store.dispatch(Bump()) { $0.settings.fontSize = 14 }
        await store.finish()
        #expect(try stored(storage)?.fontSize == 14)
        sleeper.finish()
    }
}

/// Storage whose writes take a tenth of a second, as a slow disk's (it blocks the writing thread,
/// briefly: a semaphore held until the test released it stalled other suites' writes).
final class HeldStorage: PersistenceStorage, @unchecked Sendable {
    let inner = InMemoryStorage()
    private let lock = NSLock()
    private var holding = false
    var isHolding: Bool { lock.withLock { holding } }
    func read(_ key: String) throws -> Data? { try inner.read(key) }
    func write(_ data: Data, for key: String) throws {
        lock.withLock { holding = true }
        Thread.sleep(forTimeInterval: 0.1)
        try inner.write(data, for: key)
    }
    func remove(_ key: String) throws { try inner.remove(key) }
    func move(_ key: String, to newKey: String) throws { try inner.move(key, to: newKey) }
}
