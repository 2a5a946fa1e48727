import Foundation
import Redux

extension SharedMember {
    /// The member at `keyPath` is the value stored as JSON in the file at `url` — the Composable
    /// Architecture's `@Shared(.fileStorage(url))`: loaded when a store starts (every copy shows it
    /// from the first read), saved when it changes — atomically (a temporary file renamed over the
    /// old one, as ``FileStorage`` writes), off the main actor, a burst of changes coalesced into
    /// the last value. A file that cannot be read or decoded is left as it is, the state's own value
    /// used, and the cause written to standard error; a failed save is said the same way.
    ///
    /// ```swift
    /// struct StatsTab: Equatable, SharedState {
    ///     var stats = Stats()
    ///     static let shared: [SharedMember<Self>] = [.fileStorage(statsURL, \.stats)]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - keyPath: The member.
    /// - Returns: The declaration.
    public static func fileStorage<Value: Codable & Equatable & Sendable>(
        _ url: URL, _ keyPath: WritableKeyPath<State, Value> & Sendable
    ) -> SharedMember {
        let storage = FileStorage(directory: url.deletingLastPathComponent())
        let name = url.lastPathComponent
        let writer = SharedFileWriter.writer(for: url.path)
        return SharedMember(
            key: "file:\(url.standardizedFileURL.path):\(Value.self)", keyPath,
            persistence: SharedPersistence(
                load: {
                    do {
                        guard let data = try storage.read(name) else { return nil }
                        return try JSONDecoder().decode(Value.self, from: data)
                    } catch {
                        SharedFileWriter.report("could not read \(url.path) (\(error)); the state's own value is used")
                        return nil
                    }
                },
                save: { value in
                    guard let value = value as? Value else { return }
                    do {
                        let data = try JSONEncoder().encode(value)
                        writer.write { try storage.write(data, for: name) }
                    } catch {
                        SharedFileWriter.report("could not encode the value for \(url.path): \(error)")
                    }
                },
                encode: { SharedValueJSON.encode($0, as: Value.self) },
                decode: { SharedValueJSON.decode($0, as: Value.self) }))
    }

    /// The member at `keyPath` is the user defaults value under `key` — the Composable
    /// Architecture's `@Shared(.appStorage("key"))`, SwiftUI's `@AppStorage("key")`: Foundation's
    /// `UserDefaults` (on Linux too), read when a store starts and set when the value changes. A
    /// value of a property-list type (`Bool`, `Int`, `Double`, `String`, `Data`, `Date`, `URL`) is
    /// stored as that type, so `@AppStorage` reads the same key; any other `Codable` value as JSON
    /// data.
    ///
    /// - Parameters:
    ///   - key: The user defaults key.
    ///   - keyPath: The member.
    ///   - suiteName: The defaults' suite (`UserDefaults(suiteName:)`); `nil` for `.standard`.
    /// - Returns: The declaration.
    public static func appStorage<Value: Codable & Equatable & Sendable>(
        _ key: String, _ keyPath: WritableKeyPath<State, Value> & Sendable, suiteName: String? = nil
    ) -> SharedMember {
        @Sendable func defaults() -> UserDefaults {
            suiteName.flatMap { UserDefaults(suiteName: $0) } ?? .standard
        }
        return SharedMember(
            key: "defaults:\(suiteName ?? ""):\(key):\(Value.self)", keyPath,
            persistence: SharedPersistence(
                load: {
                    guard let object = defaults().object(forKey: key) else { return nil }
                    if let value = AppStorageValue.read(object, as: Value.self) { return value }
                    SharedFileWriter.report(
                        "the user defaults value \(key) is not a \(Value.self); the state's own value is used")
                    return nil
                },
                save: { value in
                    guard let value = value as? Value else { return }
                    guard let object = AppStorageValue.object(for: value) else {
                        return SharedFileWriter.report("could not encode the value for user defaults \(key)")
                    }
                    defaults().set(object, forKey: key)
                },
                encode: { SharedValueJSON.encode($0, as: Value.self) },
                decode: { SharedValueJSON.decode($0, as: Value.self) }))
    }
}

/// A persisted value as the JSON text a ``SharedValuesLoaded`` carries.
enum SharedValueJSON {
    static func encode<Value: Encodable>(_ value: any Sendable, as _: Value.Type) -> String? {
        guard let value = value as? Value, let data = try? JSONEncoder().encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode<Value: Decodable & Sendable>(_ text: String, as _: Value.Type) -> (any Sendable)? {
        try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }
}

/// A value as user defaults store it: a property-list type as itself, anything else as JSON data.
enum AppStorageValue {
    static func object<Value: Encodable>(for value: Value) -> Any? {
        switch value {
        case let value as Bool: return value
        case let value as Int: return value
        case let value as Double: return value
        case let value as String: return value
        case let value as Data: return value
        case let value as Date: return value
        case let value as URL: return value.absoluteString
        default: return try? JSONEncoder().encode(value)
        }
    }

    static func read<Value: Decodable>(_ object: Any, as _: Value.Type) -> Value? {
        if let value = object as? Value { return value }
        if Value.self == URL.self, let text = object as? String { return URL(string: text) as? Value }
        if Value.self == Int.self, let number = object as? NSNumber { return number.intValue as? Value }
        if Value.self == Double.self, let number = object as? NSNumber { return number.doubleValue as? Value }
        if Value.self == Bool.self, let number = object as? NSNumber { return number.boolValue as? Value }
        if let data = object as? Data { return try? JSONDecoder().decode(Value.self, from: data) }
        return nil
    }
}

/// The writes of one file, off the main actor: one at a time, a burst of saves coalesced into the
/// last (each save replaces the one waiting).
final class SharedFileWriter: Sendable {
    private struct Queue {
        var waiting: (@Sendable () throws -> Void)?
        var isWriting = false
    }

    private let queue = Locked(Queue())
    private static let writers = Locked<[String: SharedFileWriter]>([:])

    /// The writer of the file at `path` (one per file in the process, so two stores' saves queue).
    static func writer(for path: String) -> SharedFileWriter {
        writers.withLock { writers in
            if let writer = writers[path] { return writer }
            let writer = SharedFileWriter()
            writers[path] = writer
            return writer
        }
    }

    /// Writes with `write` after the write in progress, if any; a write still waiting is dropped.
    func write(_ write: @escaping @Sendable () throws -> Void) {
        let start = queue.withLock { queue -> Bool in
            queue.waiting = write
            if queue.isWriting { return false }
            queue.isWriting = true
            return true
        }
        guard start else { return }
        Task.detached(priority: .utility) { self.drain() }
    }

    private func drain() {
        while let next = queue.withLock({ queue -> (@Sendable () throws -> Void)? in
            let next = queue.waiting
            queue.waiting = nil
            if next == nil { queue.isWriting = false }
            return next
        }) {
            do { try next() } catch { Self.report("a save failed: \(error)") }
        }
    }

    /// Waits until every file's writes in progress or waiting are done (tests, an app about to quit).
    static func flushAll() async {
        while writers.withLock({ $0.values.contains { $0.queue.withLock { $0.isWriting } } }) {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    static func report(_ message: String) {
        FileHandle.standardError.write(Data("swift-redux: warning: shared value: \(message)\n".utf8))
    }
}

extension FileStorage {
    /// Waits until the saves of every shared value stored in a file (`SharedMember.fileStorage`) in
    /// progress or waiting are written: before an app quits, or before a test reads the file.
    public static func flushSharedValues() async {
        await SharedFileWriter.flushAll()
    }
}
