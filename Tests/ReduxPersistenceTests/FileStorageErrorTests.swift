import Foundation
import Testing

@testable import ReduxPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is left behind by crashes, and what is found where a file should be.
struct FileStorageErrorTests {
    func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("redux-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func leftoversOfInterruptedWritesOfTheKeyAreRemovedAndNothingElse() throws {
        let directory = try makeDirectory()
        let manager = FileManager.default
        func plant(_ name: String) {
            #expect(manager.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data("x".utf8)))
        }
        let stale = (0..<3).map { _ in ".settings.\(UUID().uuidString).tmp" }
        stale.forEach(plant)
        let kept = [
            "settings",  // the data itself
            "settings.corrupt-1700000000",  // kept-aside corrupt data
            ".settings.other.\(UUID().uuidString).tmp",  // belongs to the key "settings.other"
            ".settings.not-a-uuid.tmp",
            ".settingsx.\(UUID().uuidString).tmp",
            "notes.txt",
        ]
        kept.forEach(plant)
        // A directory with a temporary file's name is not a file this storage wrote.
        let directoryNamedLikeATemporary = ".settings.\(UUID().uuidString).tmp"
        try manager.createDirectory(
            at: directory.appendingPathComponent(directoryNamedLikeATemporary), withIntermediateDirectories: false)

        let removed = try FileStorage(directory: directory).removeLeftovers(of: "settings")

        #expect(Set(removed) == Set(stale))
        let remaining = Set(try manager.contentsOfDirectory(atPath: directory.path))
        #expect(remaining == Set(kept + [directoryNamedLikeATemporary]))
    }

    @Test @MainActor func loadingRemovesTheLeftoversOfItsKey() throws {
        let directory = try makeDirectory()
        let storage = FileStorage(directory: directory)
        try storage.write(try envelope(Settings(theme: "saved")), for: "settings")
        let stale = directory.appendingPathComponent(".settings.\(UUID().uuidString).tmp")
        #expect(FileManager.default.createFile(atPath: stale.path, contents: Data(repeating: 7, count: 1024)))

        let persister = Persister<AppState, Settings>(
            key: "settings", storage: storage, project: \.settings,
            restore: { state, settings in state.settings = settings })
        #expect(persister.load(into: AppState()).settings.theme == "saved")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["settings"])
    }

    @Test func aDirectoryWhereTheFileShouldBeIsNamed() throws {
        let directory = try makeDirectory()
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("settings"), withIntermediateDirectories: false)
        let error = try #require(throws: PersistenceError.self) {
            try FileStorage(directory: directory).read("settings")
        }
        guard case .notARegularFile(let path, let found) = error else {
            Issue.record("expected notARegularFile, got \(error)")
            return
        }
        #expect(path.hasSuffix("/settings"))
        #expect(found == "a directory")
        #expect("\(error)".contains("found a directory"))
    }

    @Test func aNamedPipeIsReportedWithoutBlocking() throws {
        let directory = try makeDirectory()
        let path = directory.appendingPathComponent("settings").path
        #expect(mkfifo(path, 0o600) == 0)
        // Opening a FIFO for reading without a writer would block forever; this must return.
        let error = try #require(throws: PersistenceError.self) {
            try FileStorage(directory: directory).read("settings")
        }
        #expect("\(error)" == "expected a file at \(path), found a named pipe (FIFO); left untouched, saving paused")
    }

    @Test @MainActor func aReadErrorNamesTheKeyThePathAndTheCause() throws {
        let directory = try makeDirectory()
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("settings"), withIntermediateDirectories: false)
        var reported: [PersistenceError] = []
        let persister = Persister<AppState, Settings>(
            key: "settings", storage: FileStorage(directory: directory), project: \.settings,
            restore: { state, settings in state.settings = settings }, onError: { reported.append($0) })
        #expect(persister.load(into: AppState()) == AppState())
        #expect(persister.isBlocked)
        let message = "\(try #require(reported.first))"
        #expect(message.hasPrefix("reading persisted data for \"settings\" failed: expected a file at "))
        #expect(message.contains("found a directory"))
        #expect(!message.contains("NSError") && !message.contains("Domain="))
    }

    @Test func permissionErrorsSayPermissionDenied() throws {
        #expect(
            "\(PersistenceError.io(operation: "read /data/settings", errno: EACCES))"
                == "read /data/settings: Permission denied")
        guard getuid() != 0 else { return }  // root reads anything; the message is checked above
        let directory = try makeDirectory()
        let storage = FileStorage(directory: directory)
        try storage.write(Data("x".utf8), for: "settings")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0], ofItemAtPath: directory.appendingPathComponent("settings").path)
        let error = try #require(throws: PersistenceError.self) { try storage.read("settings") }
        #expect("\(error)".hasSuffix("Permission denied"))
    }
}
