import Redux
import ReduxAsync
import ReduxEffects
import ReduxHistory
import ReduxThunk
import Testing

@testable import PokeMaster

/// A recorded PokeMaster session replays: every recorded state is reproduced by the reducers alone
/// (SPEC §14) — the login, the list loaded by a command, favourites, abilities from an async action.
@MainActor
struct ReplayTests {
    @Test func aRecordedSessionReplaysWithoutItsSideEffects() async throws {
        let dependencies = PokeMasterDependencies.doubles()
        let recorder = HistoryRecorder<AppState>(snapshotEvery: 1)
        let store = Store(
            initialState: AppState(), reducer: appReducer(persister: nil),
            middleware: [
                thunkMiddleware(),
                asyncActionMiddleware(),
                recorder.middleware,
            ],
            dependencies: dependencies)
        store.dispatch(SettingsAction.login(email: "ash@poke.dex", password: "nope"))
        await store.effects.waitForAll()
        store.dispatch(PokemonListAction.load)
        await store.effects.waitForAll()
        store.dispatch(FavoritesAction.toggle(pokemonID: 4))
        store.dispatch(LoadAbilities(pokemonID: 1))
        await store.effects.waitForAll()

        let recording = try #require(recorder.recording)
        #expect(recording.steps.count >= 6)
        #expect(recording.steps.contains { $0.typeName == "AbilitiesLoaded" })
        let report = recording.replay(with: appReducer(persister: nil))
        #expect(report.isFaithful, "\(report)")
        #expect(report.finalState == store.state)
    }
}
