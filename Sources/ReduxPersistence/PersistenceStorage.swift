import Foundation
import Redux

/// Where persisted data lives: a small key–value store of byte blobs.
///
/// Implementations must make ``write(_:for:)`` atomic — after a crash, a key holds either the
/// previous data or the new data, never a mix — and must be safe to call from any thread.
public protocol PersistenceStorage: Sendable {
    /// The data stored under `key`, or `nil` when nothing is stored.
    ///
    /// - Parameter key: The name of the data.
    /// - Returns: The data, or `nil`.
    func read(_ key: String) throws -> Data?

    /// Replaces the data stored under `key`, atomically.
    ///
    /// - Parameters:
    ///   - data: The new data.
    ///   - key: The name of the data.
    func write(_ data: Data, for key: String) throws

    /// Removes the data stored under `key`; does nothing when there is none.
    ///
    /// - Parameter key: The name of the data.
    func remove(_ key: String) throws

    /// Moves the data stored under `key` to `newKey`, replacing nothing that exists there.
    ///
    /// Used to keep corrupt data aside instead of overwriting it.
    ///
    /// - Parameters:
    ///   - key: The name of the data.
    ///   - newKey: The name to move it to.
    func move(_ key: String, to newKey: String) throws

    /// Removes what interrupted writes of `key` left behind (a temporary file of a process killed
    /// mid-write, say), and nothing else. The persister calls it when it loads, before reading.
    ///
    /// The default does nothing: storage whose writes leave nothing behind needs no cleanup.
    ///
    /// - Parameter key: The name of the data.
    /// - Returns: What was removed, for diagnostics.
    func removeLeftovers(of key: String) throws -> [String]
}

extension PersistenceStorage {
    /// Removes nothing: the storage's writes leave nothing behind.
    ///
    /// - Parameter key: The name of the data.
    /// - Returns: An empty array.
    public func removeLeftovers(of key: String) throws -> [String] { [] }
}

/// Storage in memory, for tests and previews. Thread-safe: its contents are behind a lock.
public final class InMemoryStorage: PersistenceStorage, Sendable {
    private let values: Locked<[String: Data]>

    /// Creates a storage holding `values`.
    ///
    /// - Parameter values: The initial contents, by key.
    public init(_ values: [String: Data] = [:]) {
        self.values = Locked(values)
    }

    /// Everything stored, by key.
    package var contents: [String: Data] { values.current }

    /// The data stored under `key`, or `nil`.
    ///
    /// - Parameter key: The name of the data.
    /// - Returns: The data, or `nil`.
    public func read(_ key: String) throws -> Data? { values.withLock { $0[key] } }

    /// Replaces the data stored under `key`.
    ///
    /// - Parameters:
    ///   - data: The new data.
    ///   - key: The name of the data.
    public func write(_ data: Data, for key: String) throws { values.withLock { $0[key] = data } }

    /// Removes the data stored under `key`.
    ///
    /// - Parameter key: The name of the data.
    public func remove(_ key: String) throws { values.withLock { $0[key] = nil } }

    /// Moves the data stored under `key` to `newKey`.
    ///
    /// - Parameters:
    ///   - key: The name of the data.
    ///   - newKey: The name to move it to.
    public func move(_ key: String, to newKey: String) throws {
        values.withLock { values in
            values[newKey] = values[key]
            values[key] = nil
        }
    }
}
