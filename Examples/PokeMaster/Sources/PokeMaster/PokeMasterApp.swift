import Redux
import ReduxAsync
import ReduxEffects
import ReduxLogging
import ReduxPersistence
import ReduxThunk

/// The app, assembled: the store with every module's middleware, and the persister of the account.
///
/// The store is created first — the UI shows at once — and the saved account is restored in the
/// background (``launch()``); nothing is written before the restore was applied.
@MainActor
final class PokeMasterApp {
    let store: Store<AppState>
    let persister: Persister<AppState, PersistedAccount>

    /// - Parameters:
    ///   - dependencies: The outside world (live, or test doubles).
    ///   - storage: Where the account is saved (`FileStorage` in the app).
    ///   - logSink: Where the debug log goes; `nil` for no log. Release builds never log.
    ///   - track: Receives analytics events.
    init(
        dependencies: PokeMasterDependencies, storage: any PersistenceStorage, logSink: LogSink? = .standardOutput,
        track: @escaping @Sendable (AnalyticsEvent) -> Void
    ) {
        let persister = Persister<AppState, PersistedAccount>(
            key: "account", storage: storage, project: { PersistedAccount(user: $0.settings.loginUser) },
            restore: restoreAccount)
        var middleware: [Middleware<AppState>] = [
            analyticsMiddleware(track: track),
            thunkMiddleware(),
            asyncActionMiddleware(),
            persister.middleware,
        ]
        #if DEBUG
            // Last, as docs/logging.md advises: it logs exactly what reaches the reducer.
            if let logSink {
                middleware.append(loggingMiddleware(redactingLogOptions(sink: logSink)))
            }
        #endif
        self.persister = persister
        store = Store(
            initialState: AppState(), reducer: appReducer(persister: persister), middleware: middleware,
            dependencies: dependencies)
    }

    /// Restores the saved account into the live store (read off the main actor), then loads the list.
    func launch() async {
        await persister.restore(into: store)
        store.dispatch(PokemonListAction.load)
    }

    /// The features' stores: each screen gets its part only.
    var settings: ScopedStore<SettingsState> { store.scope(\.settings) }
    var pokemonList: ScopedStore<PokemonListState> { store.scope(\.pokemonList) }
}
