import Foundation
import Redux
import Testing

@testable import ReduxPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Documents in the app's own format at a path the app gives (issue 27), and data saved before the
/// app adopted the library (issue 21): the coder sees the app's value, no envelope.
@MainActor
struct DocumentTests {
    struct Todo: Codable, Equatable, Sendable {
        var title: String
        var done = false
    }

    struct TodoList: Codable, Equatable, Sendable {
        var project: String
        var items: [Todo]
    }

    struct Editor: Equatable, Sendable {
        var list = TodoList(project: "Inbox", items: [])
        var isEditing = false
    }

    struct Add: Action { var title: String }
    struct Complete: Action { var index: Int }

    static let reducer = Reducer<Editor>.combine(
        .on(Add.self) { state, action in state.list.items.append(Todo(title: action.title)) },
        .on(Complete.self) { state, action in state.list.items[action.index].done = true }
    )

    struct NotTaskPaper: Error, CustomStringConvertible {
        var line: String
        var description: String { "not a TaskPaper line: \(line)" }
    }

    /// A TaskPaper-like text format: `Project:` then `- title` lines, `@done` when done.
    static let taskPaper = DocumentFormat<TodoList>(
        encode: { list in
            let lines = ["\(list.project):"] + list.items.map { "\t- \($0.title)" + ($0.done ? " @done" : "") }
            return Data((lines.joined(separator: "\n") + "\n").utf8)
        },
        decode: { data in
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            guard let header = lines.first, header.hasSuffix(":") else { throw NotTaskPaper(line: lines.first ?? "") }
            let items = try lines.dropFirst().map { line -> Todo in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("- ") else { throw NotTaskPaper(line: line) }
                let body = trimmed.dropFirst(2)
                let done = body.hasSuffix(" @done")
                return Todo(title: String(done ? body.dropLast(6) : body), done: done)
            }
            return TodoList(project: String(header.dropLast()), items: items)
        })

    func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("redux-docs-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    func makePersister(
        _ url: URL, format: DocumentFormat<TodoList> = taskPaper, errors: Errors
    ) -> Persister<Editor, TodoList> {
        Persister(
            document: url, format: format, project: \.list, restore: { state, list in state.list = list },
            onError: { errors.append($0) })
    }

    func mode(of url: URL) -> mode_t {
        var info = stat()
        _ = stat(url.path, &info)
        return info.st_mode & 0o7777
    }

    @Test func aTextDocumentRoundTripsAndKeepsItsPermissions() async throws {
        let url = try makeDirectory().appendingPathComponent("Groceries.taskpaper")
        try Data("Groceries:\n\t- milk @done\n".utf8).write(to: url)
        #expect(chmod(url.path, 0o644) == 0)
        let errors = Errors()
        let persister = makePersister(url, errors: errors)
        let store = Store(
            initialState: persister.load(into: Editor()), reducer: Self.reducer, middleware: [persister.middleware])
        #expect(store.state.list == TodoList(project: "Groceries", items: [Todo(title: "milk", done: true)]))
        store.dispatch(Add(title: "eggs"))
        try await persister.flush()
        // The app's own format, byte for byte: no envelope, no version of the persister's.
        #expect(try String(contentsOf: url, encoding: .utf8) == "Groceries:\n\t- milk @done\n\t- eggs\n")
        #expect(mode(of: url) == 0o644)
        #expect(errors.all.isEmpty)

        let reopened = makePersister(url, errors: errors)
        #expect(reopened.load(into: Editor()).list.items.map(\.title) == ["milk", "eggs"])
    }

    @Test func writesToADocumentAreCoalescedAndAtomic() async throws {
        let url = try makeDirectory().appendingPathComponent("Inbox.taskpaper")
        let errors = Errors()
        let sleeper = ManualSleeper()
        let persister = Persister<Editor, TodoList>(
            document: url, format: Self.taskPaper, sleep: { try await sleeper.sleep($0) }, project: \.list,
            restore: { state, list in state.list = list }, onError: { errors.append($0) })
        let store = Store(
            initialState: persister.load(into: Editor()), reducer: Self.reducer, middleware: [persister.middleware])
        store.dispatch(Add(title: "a"))
        await eventually { persister.writeCount == 1 && sleeper.pending == 1 }
        store.dispatch(Add(title: "b"))
        store.dispatch(Add(title: "c"))
        sleeper.releaseAll()
        await eventually { persister.writeCount == 2 }
        #expect(persister.writeCount == 2)  // two changes in one interval: one write of the latest
        #expect(try String(contentsOf: url, encoding: .utf8) == "Inbox:\n\t- a\n\t- b\n\t- c\n")
        // No temporary file is left beside the document.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == [
                "Inbox.taskpaper"
            ])
        sleeper.finish()
    }

    @Test func anUnreadableDocumentIsReportedAndLeftWhereItIs() async throws {
        let url = try makeDirectory().appendingPathComponent("Notes.taskpaper")
        let original = Data("this is not\na task list\n".utf8)
        try original.write(to: url)
        let errors = Errors()
        let persister = makePersister(url, errors: errors)
        let store = Store(
            initialState: persister.load(into: Editor()), reducer: Self.reducer, middleware: [persister.middleware])
        #expect(errors.descriptions.contains { $0.contains("the document \"Notes.taskpaper\" could not be read") })
        #expect(persister.isBlocked)
        store.dispatch(Add(title: "overwrite?"))
        await #expect(throws: PersistenceError.self) { try await persister.flush() }
        // Untouched, not renamed: the user's file is where it was, as it was.
        #expect(try Data(contentsOf: url) == original)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == [
                "Notes.taskpaper"
            ])
    }

    /// Issue 35 §4: a document another program changed after it was loaded is never overwritten
    /// silently — rewritten in place with the same size, replaced, or removed.
    @Test(arguments: ["rewritten in place, same size", "replaced", "removed"])
    func anotherProgramsChangeIsNeverOverwrittenSilently(change: String) async throws {
        let url = try makeDirectory().appendingPathComponent("Shared.taskpaper")
        try Data("Shared:\n\t- milk\n".utf8).write(to: url)
        let errors = Errors()
        let persister = makePersister(url, errors: errors)
        let store = Store(
            initialState: persister.load(into: Editor()), reducer: Self.reducer, middleware: [persister.middleware])
        store.dispatch(Add(title: "eggs"))
        try await persister.flush()  // our own write is no conflict

        let theirs = Data("Shared:\n\t- milk\n\t- tea!\n".utf8)
        switch change {
        case "rewritten in place, same size":
            let handle = try FileHandle(forWritingTo: url)
            try handle.write(contentsOf: theirs)  // "- eggs\n" and "- tea!\n" have the same length
            try handle.close()
        case "replaced":
            try theirs.write(to: url, options: .atomic)
        default:
            try FileManager.default.removeItem(at: url)
        }
        store.dispatch(Add(title: "bread"))
        await #expect(throws: PersistenceError.self) { try await persister.flush() }
        #expect(persister.isBlocked)
        #expect(errors.descriptions.contains { $0.contains("was changed on disk by another program") })
        if change == "removed" {
            #expect(!FileManager.default.fileExists(atPath: url.path))
        } else {
            #expect(try Data(contentsOf: url) == theirs, "the other program's content is kept")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).count
                == (change == "removed" ? 0 : 1), "no temporary file left")

        // The app keeps its own content: written over the other program's, and saving resumes.
        try await persister.overwrite()
        #expect(!persister.isBlocked)
        #expect(try String(contentsOf: url, encoding: .utf8) == "Shared:\n\t- milk\n\t- eggs\n\t- bread\n")
        store.dispatch(Add(title: "jam"))
        try await persister.flush()
        #expect(try String(contentsOf: url, encoding: .utf8).hasSuffix("\t- jam\n"))
    }

    /// Issue 35 §4: any name the file system takes is a document's; only what escapes is refused.
    @Test(arguments: [
        "notes..v2.txt", ".todo", String(repeating: "n", count: 200) + ".txt", String(repeating: "é", count: 127),
    ])
    func legalFileNamesAreDocuments(name: String) async throws {
        let url = try makeDirectory().appendingPathComponent(name)
        let errors = Errors()
        let persister = makePersister(url, errors: errors)
        let store = Store(
            initialState: persister.load(into: Editor()), reducer: Self.reducer, middleware: [persister.middleware])
        store.dispatch(Add(title: "a"))
        try await persister.flush()
        #expect(errors.all.isEmpty, "\(errors.descriptions)")
        #expect(try String(contentsOf: url, encoding: .utf8) == "Inbox:\n\t- a\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == [name])
    }

    @Test func namesThatEscapeOrTheFileSystemRefusesAreStillRefused() {
        for name in ["", ".", "..", "a/b", "a\u{0}b", String(repeating: "n", count: 256)] {
            #expect(throws: PersistenceError.self, "\(name.debugDescription)") {
                try FileStorage.validateDocumentName(name)
            }
        }
    }

    @Test func aJSONDocumentWrittenByABareEncoderIsRead() async throws {
        let url = try makeDirectory().appendingPathComponent("list.json")
        try JSONEncoder().encode(TodoList(project: "Work", items: [Todo(title: "report")])).write(to: url)
        let errors = Errors()
        let persister = makePersister(url, format: .json(), errors: errors)
        let store = Store(
            initialState: persister.load(into: Editor()), reducer: Self.reducer, middleware: [persister.middleware])
        #expect(store.state.list.items == [Todo(title: "report")])
        store.dispatch(Complete(index: 0))
        try await persister.flush()
        let written = try JSONDecoder().decode(TodoList.self, from: Data(contentsOf: url))
        #expect(written.items == [Todo(title: "report", done: true)])
        #expect(errors.all.isEmpty)
    }

    // MARK: Data saved before the library

    /// What the app saved with a bare `JSONEncoder` before it adopted the library.
    struct LegacySettings: Codable {
        var darkMode: Bool
        var size: Int
    }

    @Test func dataSavedBeforeTheLibraryIsReadAndUpgraded() async throws {
        let storage = InMemoryStorage(["settings": try JSONEncoder().encode(LegacySettings(darkMode: true, size: 14))])
        let errors = Errors()
        let persister = Persister<AppState, Settings>(
            key: "settings", storage: storage,
            unversioned: { data in
                let old = try JSONDecoder().decode(LegacySettings.self, from: data)
                return Settings(theme: old.darkMode ? "dark" : "light", fontSize: old.size)
            },
            project: \.settings, restore: { state, settings in state.settings = settings },
            onError: { errors.append($0) })
        let store = Store(
            initialState: persister.load(into: AppState()), reducer: appReducer, middleware: [persister.middleware])
        #expect(store.state.settings == Settings(theme: "dark", fontSize: 14))
        #expect(errors.all.isEmpty)
        store.dispatch(Bump())
        try await persister.flush()
        // Now in the envelope, at the current version: read as any other data from here on.
        let stored = try JSONPersistenceCoder().decode(
            PersistedEnvelope<Settings>.self, from: try #require(storage.contents["settings"]))
        #expect(stored.version == 1)
        #expect(stored.state == Settings(theme: "dark", fontSize: 15))
    }

    @Test func withoutAnUnversionedReaderSuchDataIsCorruptAndKeptAside() throws {
        let storage = InMemoryStorage(["settings": try JSONEncoder().encode(LegacySettings(darkMode: true, size: 14))])
        let errors = Errors()
        let persister = Persister<AppState, Settings>(
            key: "settings", storage: storage, project: \.settings,
            restore: { state, settings in state.settings = settings }, onError: { errors.append($0) })
        #expect(persister.load(into: AppState()).settings == Settings())
        #expect(errors.descriptions.contains { $0.contains("is corrupt") && $0.contains("kept aside") })
    }
}
