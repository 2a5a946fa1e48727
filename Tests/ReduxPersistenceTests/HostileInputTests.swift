import Foundation
import Redux
import Testing

@testable import ReduxPersistence

/// Data that used to crash the app, come back after a purge, or never get written (issue 23).
@MainActor
struct HostileInputTests {
    func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("redux-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    // MARK: 1. A file larger than the limit is not read, and is kept aside

    @Test func aFileOverTheLimitIsReportedAndKeptAsideWithoutBeingRead() async throws {
        let directory = try makeDirectory()
        // Sparse: 4 GiB of address, no disk. Reading it whole would exhaust the memory.
        let path = directory.appendingPathComponent("settings").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 4 << 30)
        try handle.close()

        let storage = FileStorage(directory: directory, maximumFileSize: 1 << 20)
        #expect {
            _ = try storage.read("settings")
        } throws: { error in
            guard case .fileTooLarge(_, let size, let limit)? = error as? PersistenceError else { return false }
            return size == 4 << 30 && limit == 1 << 20
        }

        var reported: [PersistenceError] = []
        let persister = Persister<Settings, Settings>(
            key: "settings", storage: storage, onError: { reported.append($0) })
        let state = persister.load(into: Settings())
        #expect(state == Settings())
        let description = reported.map { "\($0)" }.joined()
        #expect(description.contains("over the 1048576-byte limit"))
        #expect(description.contains("kept aside as \"settings.corrupt-"))
        // Kept aside, not deleted; the key is free for new data.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.contains { $0.hasPrefix("settings.corrupt-") })
        #expect(!names.contains("settings"))
    }

    // MARK: 2. A state nested too deep for the encoder is reported, never a crash

    final class Node: Codable, @unchecked Sendable {
        var next: Node?
        init(next: Node?) { self.next = next }
    }

    struct Chain: Codable, Sendable, Equatable {
        var head: Node?
        var length: Int
        static func == (lhs: Chain, rhs: Chain) -> Bool { lhs.length == rhs.length }

        init(length: Int) {
            self.length = length
            var node: Node?
            for _ in 0..<length { node = Node(next: node) }
            head = node
        }
    }

    struct SetChain: Action { var length: Int }

    @Test func aStateNestedDeeperThanTheLimitIsReportedNotACrash() async throws {
        let storage = InMemoryStorage()
        var reported: [PersistenceError] = []
        let persister = Persister<Chain, Chain>(key: "chain", storage: storage, onError: { reported.append($0) })
        let store = Store(
            initialState: persister.load(into: Chain(length: 0)),
            reducer: .on(SetChain.self) { state, action in state = Chain(length: action.length) },
            middleware: [persister.middleware])
        // Deeper than Foundation's encoder survives on an ordinary thread's stack.
        store.dispatch(SetChain(length: 20_000))
        await #expect {
            try await persister.flush()
        } throws: { error in
            "\(error)".contains("nested more than 10000 levels deep")
        }
        #expect(storage.contents["chain"] == nil)
        // The depth that crashed the writer thread (~6,000+): reported as a failed write, whatever
        // the coder says of it (Foundation's encoder refuses it), never a crash.
        store.dispatch(SetChain(length: 7_000))
        await #expect(throws: PersistenceError.self) { try await persister.flush() }
        #expect(reported.count == 2)
        // Shallow enough: written.
        store.dispatch(SetChain(length: 100))
        try await persister.flush()
        #expect(storage.contents["chain"] != nil)
    }

    // MARK: 4. A purge is not undone by a change pending when it was called

    final class SlowRemoveStorage: PersistenceStorage, @unchecked Sendable {
        let inner = InMemoryStorage()
        private let lock = NSLock()
        private var started = false
        var removeStarted: Bool { lock.withLock { started } }
        func read(_ key: String) throws -> Data? { try inner.read(key) }
        func write(_ data: Data, for key: String) throws { try inner.write(data, for: key) }
        func remove(_ key: String) throws {
            lock.withLock { started = true }
            usleep(5_000)
            try inner.remove(key)
        }
        func move(_ key: String, to newKey: String) throws { try inner.move(key, to: newKey) }
    }

    @Test(arguments: 0..<5) func aPurgedKeyIsNotWrittenBackByAPendingChange(round: Int) async throws {
        let storage = SlowRemoveStorage()
        let sleeper = ManualSleeper()
        let persister = Persister<AppState, Settings>(
            key: "settings", storage: storage, sleep: { try await sleeper.sleep($0) },
            project: \.settings, restore: { state, settings in state.settings = settings })
        let store = Store(
            initialState: persister.load(into: AppState()), reducer: appReducer, middleware: [persister.middleware])
        store.dispatch(Bump())
        await eventually { storage.inner.contents["settings"] != nil && sleeper.pending == 1 }
        store.dispatch(Bump())  // pending: the write loop waits out its interval
        let purge = Task { try await persister.purge() }
        await eventually { storage.removeStarted }
        sleeper.releaseAll()  // the loop wakes while the removal runs
        try await purge.value
        await eventually { sleeper.pending > 0 }
        sleeper.releaseAll()
        for _ in 0..<100 { await Task.yield() }
        #expect(storage.inner.contents["settings"] == nil)
        // A change made after the purge is saved again.
        store.dispatch(Bump())
        await eventually { storage.inner.contents["settings"] != nil }
        #expect(storage.inner.contents["settings"] != nil)
        sleeper.finish()
    }

    // MARK: 5. A key too long to write is rejected up front

    @Test func aKeyTooLongToWriteIsRejectedBeforeAnythingIsWritten() throws {
        let directory = try makeDirectory()
        let storage = FileStorage(directory: directory)
        let longest = String(repeating: "k", count: FileStorage.maximumKeyLength)
        try storage.write(Data("x".utf8), for: longest)
        #expect(try storage.read(longest) == Data("x".utf8))
        for length in [FileStorage.maximumKeyLength + 1, 214, 255] {
            let key = String(repeating: "k", count: length)
            #expect {
                try storage.write(Data("x".utf8), for: key)
            } throws: { error in
                guard case .keyTooLong(_, let found, let limit)? = error as? PersistenceError else { return false }
                return found == length && limit == 190 && "\(error)".contains("at most 190 can be written")
            }
        }
    }
}
