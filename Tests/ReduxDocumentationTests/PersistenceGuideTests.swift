// The code of docs/persistence.md, kept compiling and checked.
import Foundation
import Redux
import ReduxPersistence
import Testing

private struct Settings: Codable, Equatable, Sendable {
    var theme = "light"
    var fontSize = 12
}

private struct AppState: Equatable {
    var settings = Settings()
    var isOnline = false  // not persisted
}

private struct SetTheme: Action { var theme: String }

private let appReducer = Reducer<AppState>.on(SetTheme.self) { state, action in state.settings.theme = action.theme }

@MainActor
private func launch(storage: any PersistenceStorage) async throws -> Store<AppState> {
    let persister = Persister<AppState, Settings>(
        key: "settings",
        version: 1,
        storage: storage,  // try FileStorage(applicationName: "com.example.app")
        project: \.settings,  // what to save
        restore: { state, settings in state.settings = settings }  // where it goes back
    )
    // 1. Restore before creating the store (or `await persister.loadInBackground(into:)`).
    let initial = persister.load(into: AppState())
    // 2. Create the store with the persister's middleware.
    let store = Store(initialState: initial, reducer: appReducer, middleware: [persister.middleware])
    store.dispatch(SetTheme(theme: "dark"))  // saved within a second, off the main actor
    // 3. At background or termination, make sure the latest state is on disk.
    try await persister.flush()
    return store
}

private struct Favourites: Codable, Equatable, Sendable { var ids: Set<Int> = [] }
private struct AppModel: Equatable { var favourites = Favourites(); var isRestoring = true }
private struct AddFavourite: Action { var id: Int }

@MainActor
private func launchShowingUIFirst(storage: any PersistenceStorage) async -> Store<AppModel> {
    let persister = Persister<AppModel, Favourites>(
        key: "favourites", storage: storage, project: \.favourites,
        // The merge: the restored ids, plus any added before the restore finished.
        restore: { state, restored in state.favourites.ids.formUnion(restored.ids) })
    let store = Store(
        initialState: AppModel(),
        reducer: .combine(
            persister.reducer,  // applies Rehydrate<Favourites> with `restore`
            .on(Rehydrate<Favourites>.self) { state, _ in state.isRestoring = false },
            .on(AddFavourite.self) { state, action in state.favourites.ids.insert(action.id) }
        ),
        middleware: [persister.middleware])
    store.dispatch(AddFavourite(id: 7))  // the UI is live; nothing is written yet
    await persister.restore(into: store)  // reads off the main actor, then dispatches Rehydrate
    return store
}

private struct SettingsV1: Codable, Sendable { var dark: Bool }
private struct SettingsV2: Codable, Sendable { var theme: String }

@MainActor
struct PersistenceGuideTests {
    @Test func persistenceGuide() async throws {
        let launches = InMemoryStorage()
        _ = try await launch(storage: launches)
        let relaunched = try await launch(storage: launches)
        #expect(relaunched.settings.theme == "dark")

        let storage = InMemoryStorage()
        try storage.write(
            try JSONPersistenceCoder().encode(PersistedEnvelope(version: 1, state: SettingsV1(dark: true))),
            for: "settings")
        let persister = Persister<AppState, Settings>(
            key: "settings", version: 3, storage: storage,
            migrations: [
                .typed(from: 1, SettingsV1.self, to: SettingsV2.self) { v1 in
                    SettingsV2(theme: v1.dark ? "dark" : "light")
                },
                .typed(from: 2, SettingsV2.self, to: Settings.self) { v2 in Settings(theme: v2.theme, fontSize: 12) },
            ],
            project: \.settings, restore: { state, settings in state.settings = settings })
        #expect(persister.load(into: AppState()).settings == Settings(theme: "dark", fontSize: 12))

        let favourites = InMemoryStorage()
        try favourites.write(
            try JSONPersistenceCoder().encode(PersistedEnvelope(version: 1, state: Favourites(ids: [1, 2]))),
            for: "favourites")
        let store = await launchShowingUIFirst(storage: favourites)
        #expect(store.state == AppModel(favourites: Favourites(ids: [1, 2, 7]), isRestoring: false))
    }
}

// MARK: Exact restores

@MainActor
private func launchRestoringExactly(storage: any PersistenceStorage) async -> Store<AppModel> {
    let persister = Persister<AppModel, Favourites>(
        key: "favourites", storage: storage, project: \.favourites,
        restore: { state, restored in state.favourites = restored })
    let appReducer = Reducer<AppModel>.on(AddFavourite.self) { state, action in state.favourites.ids.insert(action.id) }
    let store = Store(
        initialState: AppModel(), reducer: persister.reducer(replayingOnto: appReducer),
        middleware: [persister.middleware])
    store.dispatch(AddFavourite(id: 7))  // replayed onto the restored favourites
    await persister.restore(into: store)
    return store
}

@Test @MainActor func anExactRestoreReplaysTheEarlierActions() async throws {
    let storage = InMemoryStorage([
        "favourites": try JSONPersistenceCoder().encode(PersistedEnvelope(version: 1, state: Favourites(ids: [1])))
    ])
    let store = await launchRestoringExactly(storage: storage)
    #expect(store.favourites.ids == [1, 7])
}

// MARK: Documents in the app's own format

private struct Todo: Codable, Equatable, Sendable {
    var title: String
    var done = false
}

private struct NotATaskList: Error {}

/// `- title` lines, `@done` when done.
private let taskList = DocumentFormat<[Todo]>(
    encode: { todos in
        Data(todos.map { "- \($0.title)" + ($0.done ? " @done" : "") + "\n" }.joined().utf8)
    },
    decode: { data in
        try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            guard line.hasPrefix("- ") else { throw NotATaskList() }
            let done = line.hasSuffix(" @done")
            return Todo(title: String(line.dropFirst(2).dropLast(done ? 6 : 0)), done: done)
        }
    })

private struct Editor: Equatable { var todos: [Todo] = [] }

@MainActor
private func open(_ url: URL) -> Persister<Editor, [Todo]> {
    Persister(document: url, format: taskList, project: \.todos, restore: { state, todos in state.todos = todos })
}

@Test @MainActor func aTaskListDocumentRoundTrips() async throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tasks-\(UUID().uuidString).txt")
    try Data("- milk @done\n- eggs\n".utf8).write(to: url)
    let persister = open(url)
    #expect(persister.load(into: Editor()).todos == [Todo(title: "milk", done: true), Todo(title: "eggs")])
}

// MARK: Data saved before the library

/// What version 1 of the app wrote with a bare `JSONEncoder`.
private struct OldSettings: Codable { var darkMode: Bool }

@MainActor
private func upgradingPersister(storage: any PersistenceStorage) -> Persister<AppState, Settings> {
    Persister(
        key: "settings", storage: storage,
        unversioned: { data in
            let old = try JSONDecoder().decode(OldSettings.self, from: data)
            return Settings(theme: old.darkMode ? "dark" : "light")
        },
        project: \.settings, restore: { state, settings in state.settings = settings })
}

@Test @MainActor func dataSavedBeforeTheLibraryIsRead() throws {
    let storage = InMemoryStorage(["settings": try JSONEncoder().encode(OldSettings(darkMode: true))])
    #expect(upgradingPersister(storage: storage).load(into: AppState()).settings.theme == "dark")
}
