import Foundation
import Redux
import ReduxTesting
import Testing

@testable import ReduxPersistence

/// Rehydration tested exhaustively with TestStore: the store starts from the restored state, and
/// what it saves is what the next launch restores.
@MainActor
struct RehydrationTestStoreTests {
    @Test func restoredStateIsTheStartingPointAndChangesAreSaved() async throws {
        let storage = InMemoryStorage()
        try storage.write(try envelope(Settings(theme: "dark", fontSize: 14)), for: "settings")
        let persister = Persister<AppState, Settings>(
            key: "settings", storage: storage, sleep: { _ in await Task.yield() }, project: \.settings,
            restore: { state, settings in state.settings = settings })

        let store = TestStore(
            initialState: persister.load(into: AppState()), reducer: appReducer, middleware: [persister.middleware])
        #expect(store.state.settings == Settings(theme: "dark", fontSize: 14))
        await store.dispatch(Bump()) { $0.settings.fontSize = 15 }
        await store.dispatch(GoOnline()) { $0.isOnline = true }
        try await persister.flush()
        await store.finish()

        let nextLaunch = Persister<AppState, Settings>(
            key: "settings", storage: storage, project: \.settings,
            restore: { state, settings in state.settings = settings })
        #expect(nextLaunch.load(into: AppState()) == AppState(settings: Settings(theme: "dark", fontSize: 15)))
    }
}
