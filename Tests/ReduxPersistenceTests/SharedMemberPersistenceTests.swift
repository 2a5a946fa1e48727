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

    // A key held by every row of a list: saved after the action that changed it — told without
    // reading every row when few changed (10 rows), by the whole walk when the list's log cannot
    // tell (40 rows: the edit and the 39 copies that follow it) — and not after an action that
    // touched no copy.

    struct Row: Identifiable, Equatable, SharedState {
        var id: Int
        var launches = 0
        static let shared: [SharedMember<Self>] = [.appStorage("rowLaunches", \.launches, suiteName: suite)]
    }

    struct Rows: Equatable {
        var count = 0
        var rows: IdentifiedArrayOf<Row> = []
    }

    struct Tick: Action {}
    struct AddRow: Action { var id: Int }

    static let rows = Reducer<Rows> { state, action in
        if action is Tick { state.count += 1 }
        if let add = action as? AddRow { state.rows.append(Row(id: add.id)) }
    }
    .forEach(\.rows, element: .on(Launched.self) { row, _ in row.launches += 1 })

    @Test(arguments: [10, 40])
    func aKeyInEveryRowIsSavedAfterTheActionsThatChangeItOnly(count: Int) throws {
        let defaults = try #require(UserDefaults(suiteName: Self.suite))
        defer { defaults.removePersistentDomain(forName: Self.suite) }
        defaults.set(5, forKey: "rowLaunches")
        let store = Store(
            initialState: Rows(rows: IdentifiedArrayOf(uniqueElements: (0..<count).map { Row(id: $0) })),
            reducer: Self.rows)
        #expect(store.rows.allSatisfy { $0.launches == 5 }, "loaded into every copy")
        store.scope(\.rows, id: 3)?.dispatch(Launched())
        #expect(defaults.integer(forKey: "rowLaunches") == 6)
        #expect(store.rows.allSatisfy { $0.launches == 6 })
        defaults.set(100, forKey: "rowLaunches")  // written behind the store's back
        store.dispatch(Tick())
        #expect(defaults.integer(forKey: "rowLaunches") == 100, "an action that touched no copy saves nothing")
        store.scope(\.rows, id: count - 1)?.dispatch(Launched())
        #expect(defaults.integer(forKey: "rowLaunches") == 7)
        store.dispatch(AddRow(id: count))  // a row appears: it shows the value, nothing new to save
        #expect(store.rows[id: count]?.launches == 7)
        #expect(defaults.integer(forKey: "rowLaunches") == 7)
    }

    struct RemoveRow: Action { var id: Int }
    struct RemoveAll: Action {}

    static let comingAndGoing = Reducer<Rows> { state, action in
        if let add = action as? AddRow { state.rows.append(Row(id: add.id)) }
        if let remove = action as? RemoveRow { state.rows.remove(id: remove.id) }
        if action is RemoveAll { state.rows.removeAll() }
    }
    .forEach(\.rows, element: .on(Launched.self) { row, _ in row.launches += 1 })

    /// Rows that come and go, a key every row holds: a row added shows the key's value and saves
    /// nothing; when the last row goes and one comes again, it shows the value last saved — the
    /// key appeared again, not the new row's default, which would be saved over the stored value.
    @Test func rowsThatComeAndGoLoseNothing() throws {
        let defaults = try #require(UserDefaults(suiteName: Self.suite))
        defer { defaults.removePersistentDomain(forName: Self.suite) }
        defaults.set(5, forKey: "rowLaunches")
        let store = Store(initialState: Rows(rows: [Row(id: 0), Row(id: 1)]), reducer: Self.comingAndGoing)
        store.dispatch(AddRow(id: 2))
        #expect(store.rows[id: 2]?.launches == 5, "a new row shows the rows' value")
        store.dispatch(RemoveRow(id: 0))
        #expect(defaults.integer(forKey: "rowLaunches") == 5, "nothing saved")
        store.scope(\.rows, id: 1)?.dispatch(Launched())
        #expect(defaults.integer(forKey: "rowLaunches") == 6)
        #expect(store.rows.map(\.launches) == [6, 6])

        store.dispatch(RemoveAll())  // the key's last copies go
        defaults.set(100, forKey: "rowLaunches")  // behind the store's back: it shows what it saved
        store.dispatch(AddRow(id: 3))
        #expect(store.rows[id: 3]?.launches == 6, "the value last saved, not the new row's 0")
        #expect(defaults.integer(forKey: "rowLaunches") == 100, "and nothing saved over the stored value")
        store.dispatch(AddRow(id: 4))
        #expect(store.rows[id: 4]?.launches == 6)
        store.scope(\.rows, id: 4)?.dispatch(Launched())
        #expect(defaults.integer(forKey: "rowLaunches") == 7)
        #expect(store.rows.map(\.launches) == [7, 7])
    }
}

// A persisted key whose copies appear after the store started (a sheet presented): they show the
// stored value — as the initial state's copies do, and as the Composable Architecture's `@Shared`
// uses its default only when nothing is stored — and nothing stored is overwritten by the new
// state's default (it was: the sheet showed 0 and 0 was saved over 7).
extension SharedMemberPersistenceTests {
    struct Prefs: Equatable, SharedState {
        var volume = 0
        static let shared: [SharedMember<Self>] = [.appStorage("volume", \.volume, suiteName: suite)]
    }

    struct WithSheet: Equatable {
        var settings = Settings()
        var prefs: Prefs?
    }

    /// No persisted copy at the start at all: only the sheet will hold one.
    struct OnlySheet: Equatable {
        var prefs: Prefs?
    }

    enum Sheet: Action { case show, hide }
    struct Louder: Action {}

    static let prefs = Reducer<Prefs>.on(Louder.self) { prefs, _ in prefs.volume += 1 }

    static let withSheet = Reducer<WithSheet>.combine(
        Reducer<WithSheet>.on(Sheet.self) { state, sheet in state.prefs = sheet == .show ? Prefs() : nil }
            .ifLet(\.prefs, then: prefs),
        .scope(\.settings, Self.settings))

    static let onlySheet = Reducer<OnlySheet>.on(Sheet.self) { state, sheet in
        state.prefs = sheet == .show ? Prefs() : nil
    }
    .ifLet(\.prefs, then: prefs)

    @Test func aPersistedKeyThatAppearsLaterShowsTheStoredValueAndLosesNothing() async throws {
        let defaults = try #require(UserDefaults(suiteName: Self.suite))
        defer { defaults.removePersistentDomain(forName: Self.suite) }
        defaults.set(7, forKey: "volume")
        let store = Store(initialState: WithSheet(), reducer: Self.withSheet)
        store.dispatch(Sheet.show)
        #expect(store.prefs?.volume == 7, "the stored value, not the new state's default")
        #expect(defaults.integer(forKey: "volume") == 7, "nothing stored overwritten")
        store.scope(ifPresent: \.prefs)?.dispatch(Louder())
        #expect(defaults.integer(forKey: "volume") == 8)
        store.dispatch(Sheet.hide)
        store.dispatch(Sheet.show)
        #expect(store.prefs?.volume == 8, "shown again: the value last saved")
        #expect(defaults.integer(forKey: "volume") == 8)

        // A state that holds no persisted copy when the store starts: the key is still loaded and saved.
        let later = Store(initialState: OnlySheet(), reducer: Self.onlySheet)
        later.dispatch(Sheet.show)
        #expect(later.prefs?.volume == 8)
        later.scope(ifPresent: \.prefs)?.dispatch(Louder())
        #expect(defaults.integer(forKey: "volume") == 9)

        // A test store neither loads nor saves: the sheet shows its state's value (fresh storage).
        let test = TestStore(initialState: OnlySheet(), reducer: Self.onlySheet)
        await test.dispatch(Sheet.show) { $0.prefs = Prefs() }
        #expect(defaults.integer(forKey: "volume") == 9)
    }
}
