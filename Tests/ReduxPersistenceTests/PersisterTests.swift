import Foundation
import Redux
import Testing

@testable import ReduxPersistence

@MainActor
struct PersisterTests {
    let storage = InMemoryStorage()
    let errors = Errors()

    func makePersister(
        version: Int = 1, migrations: [Migration] = [], sleeper: ManualSleeper? = nil,
        storage: (any PersistenceStorage)? = nil
    ) -> Persister<AppState, Settings> {
        Persister(
            key: "settings", version: version, storage: storage ?? self.storage, migrations: migrations,
            sleep: { duration in
                if let sleeper { try await sleeper.sleep(duration) } else { await Task.yield() }
            },
            project: \.settings, restore: { state, settings in state.settings = settings },
            onError: { [errors] in errors.append($0) })
    }

    @Test func missingDataGivesTheInitialState() {
        let persister = makePersister()
        #expect(persister.load(into: AppState()) == AppState())
        #expect(errors.all.isEmpty)
    }

    @Test func savedStateIsRestoredAtTheNextLaunch() async throws {
        let first = makePersister()
        let store = Store(
            initialState: first.load(into: AppState()), reducer: appReducer, middleware: [first.middleware])
        store.dispatch(SetTheme(theme: "dark"))
        store.dispatch(GoOnline())
        try await first.flush()

        let second = makePersister()
        let restored = second.load(into: AppState())
        #expect(restored.settings.theme == "dark")
        #expect(restored.isOnline == false)  // only the projection is persisted
        let asyncRestored = await makePersister().loadInBackground(into: AppState())
        #expect(asyncRestored == restored)
    }

    @Test(arguments: [
        ("empty", Data()),
        ("truncated", Data(#"{"state":{"theme":"da"#.utf8)),
        ("not JSON", Data("hello".utf8)),
        ("wrong shape", Data(#"{"version":1,"state":{"colour":3}}"#.utf8)),
    ])
    func corruptDataIsReportedKeptAsideAndNeverOverwritten(kind: String, bytes: Data) async throws {
        try storage.write(bytes, for: "settings")
        let persister = makePersister()
        let state = persister.load(into: AppState())
        #expect(state == AppState())
        let error = try #require(errors.all.first)
        guard case .corruptData(let key, let movedTo, _) = error else {
            Issue.record("expected corruptData for \(kind), got \(error)")
            return
        }
        #expect(key == "settings")
        let aside = try #require(movedTo)
        #expect(aside.hasPrefix("settings.corrupt-"))
        #expect(storage.contents[aside] == bytes)
        #expect(storage.contents["settings"] == nil)
        // Saving goes on, into a fresh file; the corrupt copy stays.
        let store = Store(initialState: state, reducer: appReducer, middleware: [persister.middleware])
        store.dispatch(Bump())
        try await persister.flush()
        #expect(storage.contents[aside] == bytes)
        #expect(storage.contents["settings"] != nil)
    }

    @Test func newerVersionIsReportedLeftUntouchedAndNeverOverwritten() async throws {
        let newer = try envelope(Settings(theme: "from the future"), version: 9)
        try storage.write(newer, for: "settings")
        let persister = makePersister(version: 2)
        let state = persister.load(into: AppState())
        #expect(state == AppState())
        guard case .newerVersion(_, 9, 2)? = errors.all.first else {
            Issue.record("expected newerVersion, got \(errors.descriptions)")
            return
        }
        #expect(persister.isBlocked)
        let store = Store(initialState: state, reducer: appReducer, middleware: [persister.middleware])
        store.dispatch(Bump())
        await #expect(throws: PersistenceError.self) { try await persister.flush() }
        #expect(storage.contents["settings"] == newer)
        #expect(storage.contents.count == 1)
    }

    @Test func migrationsRunInOrderFromTheStoredVersion() throws {
        struct V1: Codable, Sendable { var dark: Bool }
        struct V2: Codable, Sendable { var theme: String }
        try storage.write(
            try JSONPersistenceCoder().encode(PersistedEnvelope(version: 1, state: V1(dark: true))), for: "settings")
        let order = Log()
        let migrations = [
            Migration.typed(from: 2, V2.self, to: Settings.self) { v2 in
                order.append("2→3")
                return Settings(theme: v2.theme, fontSize: 16)
            },
            Migration.typed(from: 1, V1.self, to: V2.self) { v1 in
                order.append("1→2")
                return V2(theme: v1.dark ? "dark" : "light")
            },
        ]
        let restored = makePersister(version: 3, migrations: migrations).load(into: AppState())
        #expect(order.items == ["1→2", "2→3"])
        #expect(restored.settings == Settings(theme: "dark", fontSize: 16))
        #expect(errors.all.isEmpty)
    }

    @Test func missingMigrationLeavesTheDataUntouched() throws {
        let old = try envelope(Settings(), version: 1)
        try storage.write(old, for: "settings")
        _ = makePersister(version: 3).load(into: AppState())
        guard case .missingMigration(_, 1)? = errors.all.first else {
            Issue.record("expected missingMigration, got \(errors.descriptions)")
            return
        }
        #expect(storage.contents["settings"] == old)
    }

    @Test func changesInOneIntervalAreMergedIntoOneWriteOfTheLatestState() async throws {
        let sleeper = ManualSleeper()
        let persister = makePersister(sleeper: sleeper)
        let store = Store(
            initialState: persister.load(into: AppState()), reducer: appReducer, middleware: [persister.middleware])
        store.dispatch(SetTheme(theme: "first"))
        await eventually { persister.writeCount == 1 && sleeper.pending == 1 }
        #expect(persister.writeCount == 1)  // the first change is written at once
        for _ in 0..<50 { store.dispatch(Bump()) }
        store.dispatch(SetTheme(theme: "last"))
        await eventually { false }  // let anything that could run, run
        #expect(persister.writeCount == 1)  // still inside the interval
        sleeper.releaseAll()
        await eventually { persister.writeCount == 2 }
        #expect(persister.writeCount == 2)
        let stored = try JSONPersistenceCoder().decode(
            PersistedEnvelope<Settings>.self, from: try #require(storage.contents["settings"]))
        #expect(stored.state == Settings(theme: "last", fontSize: 62))
        await eventually { sleeper.pending == 1 }  // the loop waits out its interval after the write
        sleeper.releaseAll()
        await eventually { sleeper.pending == 0 }
        #expect(persister.writeCount == 2)  // nothing changed since: no third write
        sleeper.finish()
    }

    @Test func nothingIsWrittenBeforeTheInitialLoad() async throws {
        let persister = makePersister()
        let store = Store(
            initialState: AppState(), reducer: .combine(persister.reducer, appReducer),
            middleware: [persister.middleware])
        store.dispatch(Bump())
        await eventually { false }
        #expect(storage.contents.isEmpty)
        _ = persister.load(into: AppState())
        await eventually { persister.writeCount == 1 }
        #expect(storage.contents["settings"] != nil)
    }

    @Test func failingWritesAreReportedAndRetriedOnTheNextChange() async throws {
        let flaky = FlakyStorage()
        let persister = makePersister(storage: flaky)
        let store = Store(
            initialState: persister.load(into: AppState()), reducer: appReducer, middleware: [persister.middleware])
        store.dispatch(Bump())
        await #expect(throws: PersistenceError.self) { try await persister.flush() }
        #expect(errors.all.contains { if case .writeFailed = $0 { true } else { false } })
        #expect(store.settings.fontSize == 13)  // the store keeps working
        #expect(persister.lastError != nil)
        flaky.failing = false
        store.dispatch(Bump())
        try await persister.flush()
        #expect(flaky.inner.contents["settings"] != nil)
        // Issue 46: the current health — a good write clears the last failure.
        #expect(persister.lastError == nil)
    }

    @Test func flushWritesTheLatestStateNow() async throws {
        let sleeper = ManualSleeper()
        let persister = makePersister(sleeper: sleeper)
        let store = Store(
            initialState: persister.load(into: AppState()), reducer: appReducer, middleware: [persister.middleware])
        store.dispatch(SetTheme(theme: "a"))
        await eventually { sleeper.pending == 1 }
        store.dispatch(SetTheme(theme: "b"))  // waiting for the interval
        try await persister.flush()
        let stored = try JSONPersistenceCoder().decode(
            PersistedEnvelope<Settings>.self, from: try #require(storage.contents["settings"]))
        #expect(stored.state.theme == "b")
        sleeper.finish()
    }

    @Test func purgeRemovesAndPauseStopsSaving() async throws {
        let persister = makePersister()
        let store = Store(
            initialState: persister.load(into: AppState()), reducer: appReducer, middleware: [persister.middleware])
        store.dispatch(Bump())
        try await persister.flush()
        persister.pause()
        try await persister.purge()
        #expect(storage.contents["settings"] == nil)
        store.dispatch(Bump())
        await eventually { false }
        #expect(storage.contents["settings"] == nil)
        persister.resume()
        await eventually { storage.contents["settings"] != nil }
        #expect(storage.contents["settings"] != nil)
    }
}

/// Records from `@Sendable` closures.
final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    var items: [String] { lock.withLock { storage } }
    func append(_ item: String) { lock.withLock { storage.append(item) } }
}
