import Foundation
import Redux
import ReduxPersistence
import ReduxTesting
import Testing

/// Issue 63 §3: persisted shared keys a feature declares — a file, user defaults — load when the store
/// starts (every copy shows the stored value from the first read), save when they change, and a
/// test store starts from fresh storage.
@MainActor
@Suite(.serialized)
struct SharedMemberPersistenceTests {
    struct Stats: Codable, Equatable, Sendable { var count = 0 }
    enum Tap: Action, Equatable { case plus, minus }

    nonisolated static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("swift-redux-shared-\(UUID().uuidString)", isDirectory: true)
    nonisolated static let statsFile = directory.appendingPathComponent("stats.json")

    struct StatsTab: Equatable, SharedState {
        var stats = Stats()
        static let shared: [SharedMember<Self>] = [.fileStorage(statsFile, \.stats)]
    }

    struct Tabs: Equatable {
        var counter = StatsTab()
        var profile = StatsTab()
    }

    static let tab = Reducer<StatsTab>.on(Tap.self) { state, tap in state.stats.count += tap == .plus ? 1 : -1 }
    static let tabs = Reducer<Tabs>.combine(.scope(\.counter, tab), .scope(\.profile, tab))

    @Test func aFileKeyLoadsWhenTheStoreStartsAndSavesWhenItChanges() async throws {
        try? FileManager.default.removeItem(at: Self.directory)
        let first = Store(initialState: Tabs(), reducer: Self.tabs)
        first.scope(\.counter).dispatch(Tap.plus)
        first.scope(\.profile).dispatch(Tap.plus)
        first.scope(\.profile).dispatch(Tap.plus)
        #expect(first.counter.stats.count == 3)
        await FileStorage.flushSharedValues()
        let saved = try JSONDecoder().decode(Stats.self, from: Data(contentsOf: Self.statsFile))
        #expect(saved.count == 3, "the last value, written atomically")

        // A new store: every copy shows the stored value from the first read, before any action.
        let second = Store(initialState: Tabs(), reducer: Self.tabs)
        #expect(second.counter.stats.count == 3)
        #expect(second.profile.stats.count == 3)

        // A test store starts from fresh storage and saves nothing.
        let test = TestStore(initialState: Tabs(), reducer: Self.tabs)
        #expect(test.state.counter.stats.count == 0)
        await test.root.counter.dispatch(Tap.minus) {
            $0.counter.stats.count = -1  // asserted once: the profile's copy follows
        }
        await FileStorage.flushSharedValues()
        #expect(try JSONDecoder().decode(Stats.self, from: Data(contentsOf: Self.statsFile)).count == 3)
        try? FileManager.default.removeItem(at: Self.directory)
    }

    @Test func aFileThatDoesNotDecodeIsLeftAndTheStatesOwnValueUsed() throws {
        try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: Self.statsFile)
        let store = Store(initialState: Tabs(counter: StatsTab(stats: Stats(count: 7))), reducer: Self.tabs)
        #expect(store.counter.stats.count == 7)
        #expect(store.profile.stats.count == 7, "the copies agree from the first read")
        #expect(try Data(contentsOf: Self.statsFile) == Data("{not json".utf8), "nothing lost")
        try? FileManager.default.removeItem(at: Self.directory)
    }

    // User defaults: a plain property-list value where the type is one.

    nonisolated static let suite = "swift-redux-tests-\(UUID().uuidString)"

    struct Settings: Equatable, SharedState {
        var launches = 0
        var theme = Theme()
        static let shared: [SharedMember<Self>] = [
            .appStorage("launches", \.launches, suiteName: suite),
            .appStorage("theme", \.theme, suiteName: suite),
        ]
    }

    struct Theme: Codable, Equatable, Sendable { var name = "light" }
    struct Launched: Action {}
    struct Dark: Action {}

    static let settings = Reducer<Settings> { state, action in
        if action is Launched { state.launches += 1 }
        if action is Dark { state.theme.name = "dark" }
    }

    @Test func aUserDefaultsKeyStoresAPlainIntAsAppStorageReadsIt() throws {
        let defaults = try #require(UserDefaults(suiteName: Self.suite))
        defer { defaults.removePersistentDomain(forName: Self.suite) }
        defaults.set(41, forKey: "launches")  // what @AppStorage("launches") wrote
        let store = Store(initialState: Settings(), reducer: Self.settings)
        #expect(store.launches == 41)
        store.dispatch(Launched())
        #expect(defaults.integer(forKey: "launches") == 42)
        #expect(defaults.object(forKey: "launches") is NSNumber, "a plain number, not data")
        store.dispatch(Dark())
        let theme = try #require(defaults.data(forKey: "theme"))
        #expect(try JSONDecoder().decode(Theme.self, from: theme).name == "dark", "a value of another type: JSON")
        let again = Store(initialState: Settings(), reducer: Self.settings)
        #expect(again.launches == 42)
        #expect(again.theme.name == "dark")
    }
}
