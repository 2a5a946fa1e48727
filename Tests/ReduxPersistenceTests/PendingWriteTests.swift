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
