import Foundation
import Redux
import Testing

@testable import ReduxPersistence

struct FileStorageTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("redux-\(UUID().uuidString)", isDirectory: true)
    }

    @Test func writesReadsMovesAndRemoves() throws {
        let storage = FileStorage(directory: temporaryDirectory())
        #expect(try storage.read("state") == nil)
        try storage.write(Data("one".utf8), for: "state")
        try storage.write(Data("two".utf8), for: "state")
        #expect(try storage.read("state") == Data("two".utf8))
        try storage.move("state", to: "state.corrupt-1")
        #expect(try storage.read("state") == nil)
        #expect(try storage.read("state.corrupt-1") == Data("two".utf8))
        try storage.remove("state.corrupt-1")
        try storage.remove("state.corrupt-1")
        #expect(try storage.read("state.corrupt-1") == nil)
    }

    @Test func filesAreOwnerOnlyAndNoTemporaryFileRemains() throws {
        let directory = temporaryDirectory()
        let storage = FileStorage(directory: directory)
        try storage.write(Data("secret".utf8), for: "state")
        let attributes = try FileManager.default.attributesOfItem(
            atPath: directory.appendingPathComponent("state").path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["state"])
    }

    @Test(arguments: ["..", "../escape", "a/b", ".hidden", "", "tab\there", "back\\slash"])
    func keysThatCouldEscapeAreRejected(key: String) {
        let storage = FileStorage(directory: temporaryDirectory())
        #expect(throws: PersistenceError.self) { try storage.write(Data(), for: key) }
        #expect(throws: PersistenceError.self) { try storage.read(key) }
    }

    @Test func applicationNameIsValidatedAndPlacedInTheDataDirectory() throws {
        #expect(throws: PersistenceError.self) { try FileStorage(applicationName: "../elsewhere") }
        let storage = try FileStorage(applicationName: "com.example.app")
        #expect(storage.directory.lastPathComponent == "com.example.app")
        #if os(Linux)
            let base = ProcessInfo.processInfo.environment["XDG_DATA_HOME"] ?? (NSHomeDirectory() + "/.local/share")
            #expect(
                storage.directory.deletingLastPathComponent().standardizedFileURL.path
                    == URL(fileURLWithPath: base).standardizedFileURL.path)
        #endif
    }

    @Test func unwritableDirectoryIsAClearError() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path) }
        guard getuid() != 0 else { return }  // root writes anywhere; nothing to check
        #expect(throws: PersistenceError.self) {
            try FileStorage(directory: directory).write(Data("x".utf8), for: "state")
        }
    }
}

/// The crash test of issue 5: a child process writing continuously is killed with SIGKILL; after
/// each kill the file still loads and holds a state the child actually committed.
struct CrashSafetyTests {
    struct Payload: Codable { var counter: Int; var check: String }

    static var childExecutable: URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("PersistenceCrashChild")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    @Test func fileSurvivesSIGKILLMidWrite() throws {
        let child = try #require(Self.childExecutable, "PersistenceCrashChild was not built next to the tests")
        let rounds = ProcessInfo.processInfo.environment["REDUX_CRASH_ROUNDS"].flatMap(Int.init) ?? 200
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "redux-crash-\(UUID().uuidString)")
        let storage = FileStorage(directory: directory)
        let coder = JSONPersistenceCoder()
        var highest = 0
        for round in 0..<rounds {
            let process = Process()
            process.executableURL = child
            process.arguments = [directory.path, "state"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Let it commit a few writes (a different number each round), then kill it mid-stream.
            let target = 1 + round % 7
            var committed = 0
            var buffer = ""
            while committed < target {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer += String(decoding: chunk, as: UTF8.self)
                while let newline = buffer.firstIndex(of: "\n") {
                    let line = buffer[..<newline]
                    buffer = String(buffer[buffer.index(after: newline)...])
                    if line.hasPrefix("committed "), let value = Int(line.dropFirst("committed ".count)) {
                        committed += 1
                        highest = value
                    }
                }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(committed >= target, "round \(round): the child stopped early")

            let data = try #require(try storage.read("state"), "round \(round): no file")
            let stored = try coder.decode(PersistedEnvelope<Payload>.self, from: data).state
            #expect(
                stored.check == String(repeating: String(stored.counter), count: 2_000), "round \(round): torn write")
            // A write that was reported committed is never lost; one more may have completed.
            #expect(stored.counter >= highest, "round \(round): lost committed state \(highest)")
            try storage.remove("state")
        }
        try? FileManager.default.removeItem(at: directory)
    }
}
