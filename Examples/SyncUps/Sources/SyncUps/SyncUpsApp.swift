import Foundation
import Redux
import ReduxEffects
import ReduxPersistence

/// The app, assembled: one store with the commands' middleware and the persister of the sync-ups.
@MainActor
final class SyncUpsApp {
    let store: Store<AppState>
    let persister: Persister<AppState, IdentifiedArrayOf<SyncUp>>

    /// - Parameters:
    ///   - dependencies: The clock, identifiers, date, speech recognizer and settings (live, or test doubles).
    ///   - storage: Where the sync-ups are saved (`FileStorage` in the app).
    ///   - interval: At most one write per interval.
    init(
        dependencies: SyncUpsDependencies, storage: any PersistenceStorage, interval: Duration = .seconds(1),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        let persister = Persister<AppState, IdentifiedArrayOf<SyncUp>>(
            key: "sync-ups", storage: storage, interval: interval, sleep: sleep,
            project: { $0.syncUpsList.syncUps },
            restore: { state, saved in state.syncUpsList.syncUps = saved })
        self.persister = persister
        store = Store(
            initialState: AppState(),
            reducer: .combine(appReducer, persister.reducer),
            middleware: [persister.middleware], dependencies: dependencies)
    }

    /// Restores the saved sync-ups into the live store.
    func launch() async {
        await persister.restore(into: store)
    }

    /// The list screen's store.
    var list: ScopedStore<SyncUpsListState> { store.scope(\.syncUpsList) }
}
