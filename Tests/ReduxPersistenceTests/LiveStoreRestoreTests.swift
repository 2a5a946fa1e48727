import Foundation
import Redux
import ReduxTesting
import Testing

@testable import ReduxPersistence

/// A store created before restoring: the restore goes into the live store through `Rehydrate`, and
/// nothing is written until it has — the store's initial state never overwrites the saved data.
@MainActor
struct LiveStoreRestoreTests {
    let storage = InMemoryStorage()
    let errors = Errors()
    let saved = Settings(theme: "saved", fontSize: 41)

    init() throws {
        try storage.write(try envelope(saved), for: "settings")
    }

    func makePersister(
        restore: @escaping @Sendable (inout AppState, Settings) -> Void = { state, settings in
            state.settings = settings
        }
    ) -> Persister<AppState, Settings> {
        Persister(
            key: "settings", storage: storage, sleep: { _ in await Task.yield() }, project: \.settings,
            restore: restore, onError: { [errors] in errors.append($0) })
    }

    func stored() throws -> Settings {
        try JSONPersistenceCoder().decode(
            PersistedEnvelope<Settings>.self, from: try #require(storage.contents["settings"])
        ).state
    }

    @Test func loadAfterTheStoreExistsRestoresIntoItAndNeverOverwritesTheSavedData() async throws {
        let persister = makePersister()
        let store = Store(
            initialState: AppState(), reducer: .combine(persister.reducer, appReducer),
            middleware: [persister.middleware])
        store.dispatch(GoOnline())
        await eventually { false }
        #expect(try stored() == saved)  // nothing written before the restore

        let returned = persister.load(into: AppState())
        #expect(returned.settings == saved)
        #expect(store.settings == saved)  // restored into the live store
        #expect(store.isOnline)  // what was dispatched before, outside the persisted part, is kept
        try await persister.flush()
        #expect(try stored() == saved)
        store.dispatch(Bump())
        try await persister.flush()
        #expect(try stored().fontSize == 42)
        #expect(errors.all.isEmpty)
    }

    @Test func restoreIntoAStoreMergesWithWhatWasDispatchedBefore() async throws {
        // The merge is the persister's `restore`: this one keeps a theme chosen before the restore.
        let persister = makePersister { state, settings in
            let chosen = state.settings.theme
            state.settings = settings
            if chosen != Settings().theme { state.settings.theme = chosen }
        }
        let store = Store(
            initialState: AppState(), reducer: .combine(persister.reducer, appReducer),
            middleware: [persister.middleware])
        store.dispatch(SetTheme(theme: "chosen before the restore"))
        await eventually { false }
        #expect(try stored() == saved)

        await persister.restore(into: store)

        #expect(store.settings == Settings(theme: "chosen before the restore", fontSize: 41))
        await eventually { persister.writeCount == 1 }  // the merged state is saved
        #expect(try stored() == Settings(theme: "chosen before the restore", fontSize: 41))
    }

    @Test func restoredStateIsNotRewrittenWhenNothingChangedBeforeIt() async throws {
        let persister = makePersister()
        let store = Store(
            initialState: AppState(), reducer: .combine(persister.reducer, appReducer),
            middleware: [persister.middleware])
        await persister.restore(into: store)
        await eventually { false }
        #expect(store.settings == saved)
        #expect(persister.writeCount == 0)
    }

    @Test func aStoreWhoseReducerCannotApplyTheRestoreIsReportedAndNothingIsOverwritten() async throws {
        let persister = makePersister()
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [persister.middleware])
        store.dispatch(Bump())
        await persister.restore(into: store)
        #expect(store.settings.fontSize == 13)  // not restored: no reducer applied it
        guard case .rehydrationNotApplied("settings")? = errors.all.first else {
            Issue.record("expected rehydrationNotApplied, got \(errors.descriptions)")
            return
        }
        #expect(errors.descriptions[0].contains("persister.reducer"))
        store.dispatch(Bump())
        await #expect(throws: PersistenceError.self) { try await persister.flush() }
        await eventually { false }
        #expect(try stored() == saved)
    }

    @Test func restoringIntoAStoreWithoutTheMiddlewareIsReported() async throws {
        let persister = makePersister()
        let store = Store(initialState: AppState(), reducer: .combine(persister.reducer, appReducer))
        await persister.restore(into: store)
        guard case .middlewareMissing("settings")? = errors.all.first else {
            Issue.record("expected middlewareMissing, got \(errors.descriptions)")
            return
        }
        #expect(errors.descriptions[0].contains("persister.middleware"))
    }

    @Test func flushBeforeLoadingSaysWhyInsteadOfReturning() async throws {
        let persister = makePersister()
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [persister.middleware])
        store.dispatch(Bump())
        await #expect(throws: PersistenceError.self) { try await persister.flush() }
        do {
            try await persister.flush()
        } catch {
            #expect("\(error)".contains("load(into:)"))
        }
        #expect(!persister.isLoaded)
        #expect(try stored() == saved)
    }

    @Test func flushWithoutAStoreSaysTheMiddlewareIsMissing() async throws {
        let persister = makePersister()
        _ = persister.load(into: AppState())
        let error = await #expect(throws: PersistenceError.self) { try await persister.flush() }
        guard case .middlewareMissing? = error else {
            Issue.record("expected middlewareMissing, got \(String(describing: error))")
            return
        }
    }

    @Test func nothingStoredStillRehydratesWithNoValueAndSavingStarts() async throws {
        try storage.remove("settings")
        let persister = makePersister()
        var rehydrations: [Settings?] = []
        let store = Store(
            initialState: AppState(),
            reducer: .combine(persister.reducer, appReducer),
            middleware: [
                persister.middleware,
                { _, _ in
                    { next in
                        { action in
                            if let rehydrate = action as? Rehydrate<Settings> { rehydrations.append(rehydrate.value) }
                            next(action)
                        }
                    }
                },
            ])
        store.dispatch(Bump())
        await persister.restore(into: store)
        #expect(rehydrations == [nil])
        await eventually { persister.writeCount == 1 }
        #expect(try stored().fontSize == 13)
    }

    @Test func twoPersistersOfTheSameTypeApplyOnlyTheirOwnRestore() async throws {
        struct Both: Equatable { var first = Settings(); var second = Settings() }
        try storage.write(try envelope(Settings(theme: "second")), for: "second")
        let first = Persister<Both, Settings>(
            key: "settings", storage: storage, project: \.first, restore: { state, value in state.first = value })
        let second = Persister<Both, Settings>(
            key: "second", storage: storage, project: \.second, restore: { state, value in state.second = value })
        let store = Store(
            initialState: Both(), reducer: .combine(first.reducer, second.reducer),
            middleware: [first.middleware, second.middleware])
        await first.restore(into: store)
        #expect(store.state == Both(first: saved, second: Settings()))
        await second.restore(into: store)
        #expect(store.state == Both(first: saved, second: Settings(theme: "second")))
    }

    @Test func testStoreReceivesTheRehydration() async throws {
        let persister = makePersister()
        let store = TestStore(
            initialState: AppState(), reducer: .combine(persister.reducer, appReducer),
            middleware: [persister.middleware])
        await store.dispatch(GoOnline()) { $0.isOnline = true }
        await persister.restore(into: store.store)
        await store.receive(Rehydrate<Settings>.self) { $0.settings = saved }
        await store.finish()
    }
}
