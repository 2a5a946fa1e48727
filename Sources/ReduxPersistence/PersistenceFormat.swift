import Foundation

/// Encodes and decodes persisted values. JSON by default; plug in another format (a property
/// list, say) by implementing these two methods.
public protocol PersistenceCoder: Sendable {
    /// Encodes a value.
    ///
    /// - Parameter value: The value.
    /// - Returns: Its bytes.
    func encode<T: Encodable>(_ value: T) throws -> Data

    /// Decodes a value.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The bytes.
    /// - Returns: The value.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

/// JSON, with sorted keys so that equal states produce equal files.
public struct JSONPersistenceCoder: PersistenceCoder {
    private let makeEncoder: @Sendable () -> JSONEncoder
    private let makeDecoder: @Sendable () -> JSONDecoder

    /// Creates a JSON coder; pass factories to configure dates, keys or formatting.
    ///
    /// - Parameters:
    ///   - encoder: Makes the encoder for each write.
    ///   - decoder: Makes the decoder for each read.
    public init(
        encoder: @escaping @Sendable () -> JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return encoder
        },
        decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
    ) {
        self.makeEncoder = encoder
        self.makeDecoder = decoder
    }

    /// Encodes a value as JSON.
    ///
    /// - Parameter value: The value.
    /// - Returns: The JSON bytes.
    public func encode<T: Encodable>(_ value: T) throws -> Data { try makeEncoder().encode(value) }

    /// Decodes a value from JSON.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The JSON bytes.
    /// - Returns: The value.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try makeDecoder().decode(type, from: data)
    }
}

/// What is stored: the data's version and the persisted value.
public struct PersistedEnvelope<Value: Codable>: Codable {
    /// The version of the app's persisted format that wrote `state`.
    public var version: Int
    /// The persisted value.
    public var state: Value

    /// Creates an envelope.
    ///
    /// - Parameters:
    ///   - version: The format version.
    ///   - state: The value.
    public init(version: Int, state: Value) {
        self.version = version
        self.state = state
    }
}

extension PersistedEnvelope: Sendable where Value: Sendable {}

/// Only the version of an envelope, read before anything else.
struct VersionHeader: Decodable {
    var version: Int
}

/// Turns stored data of one version into data of the next version.
///
/// Migrations run in order, one per version between the stored one and the current one:
///
/// ```swift
/// let migrations = [
///     Migration.typed(from: 1, SettingsV1.self, to: SettingsV2.self) { v1 in SettingsV2(theme: v1.darkMode ? .dark : .light) },
///     Migration.typed(from: 2, SettingsV2.self, to: Settings.self) { v2 in Settings(theme: v2.theme, fontSize: 14) },
/// ]
/// ```
public struct Migration: Sendable {
    /// The version this migration reads; it produces `fromVersion + 1`.
    public let fromVersion: Int
    let migrate: @Sendable (Data, any PersistenceCoder) throws -> Data

    /// A migration on raw stored data: given the envelope of version `version`, return the envelope
    /// of version `version + 1` (with its `version` field updated).
    ///
    /// - Parameters:
    ///   - version: The version it reads.
    ///   - migrate: Transforms the stored bytes.
    public init(from version: Int, _ migrate: @escaping @Sendable (Data, any PersistenceCoder) throws -> Data) {
        self.fromVersion = version
        self.migrate = migrate
    }

    /// A migration between two `Codable` types: decodes the old envelope, transforms its value,
    /// encodes the new envelope with the next version.
    ///
    /// - Parameters:
    ///   - version: The version it reads.
    ///   - old: The type stored at that version.
    ///   - new: The type stored at the next version.
    ///   - transform: Converts an old value to a new one.
    /// - Returns: The migration.
    public static func typed<Old: Codable & Sendable, New: Codable & Sendable>(
        from version: Int, _ old: Old.Type, to new: New.Type, _ transform: @escaping @Sendable (Old) throws -> New
    ) -> Migration {
        Migration(from: version) { data, coder in
            let envelope = try coder.decode(PersistedEnvelope<Old>.self, from: data)
            return try coder.encode(PersistedEnvelope(version: version + 1, state: try transform(envelope.state)))
        }
    }
}

/// Decodes stored data of any supported version into the current value.
struct Decoding<Persisted: Codable & Sendable> {
    let key: String
    let version: Int
    let migrations: [Migration]
    let layout: StoredLayout<Persisted>

    enum Failure: Error {
        /// The data is unusable: move it aside.
        case corrupt(any Error)
        /// The data may be fine but this app cannot read it: leave it untouched.
        case unreadable(PersistenceError)
    }

    func decode(_ data: Data) -> Result<Persisted, Failure> {
        let coder: any PersistenceCoder
        let unversioned: (@Sendable (Data) throws -> Persisted)?
        switch layout {
        case .document(let format):
            // The user's own file: unreadable is reported and the file left where it is.
            do {
                return .success(try format.decode(data))
            } catch {
                return .failure(.unreadable(.unreadableDocument(key: key, underlying: error)))
            }
        case .versioned(let versionedCoder, let legacy):
            coder = versionedCoder
            unversioned = legacy
        }
        let header: VersionHeader
        do {
            header = try coder.decode(VersionHeader.self, from: data)
        } catch {
            guard let unversioned else { return .failure(.corrupt(error)) }
            // Saved before the library (no envelope): read as the app wrote it; the next write
            // stores it in the envelope, at the current version.
            do {
                return .success(try unversioned(data))
            } catch let legacyError {
                return .failure(.corrupt(legacyError))
            }
        }
        if header.version > version {
            return .failure(.unreadable(.newerVersion(key: key, stored: header.version, supported: version)))
        }
        var current = data
        var at = header.version
        while at < version {
            guard let migration = migrations.first(where: { $0.fromVersion == at }) else {
                return .failure(.unreadable(.missingMigration(key: key, from: at)))
            }
            do {
                current = try migration.migrate(current, coder)
            } catch {
                // Undecodable old data is corrupt; a failing transform is the app's to fix.
                if error is DecodingError, at == header.version { return .failure(.corrupt(error)) }
                return .failure(.unreadable(.migrationFailed(key: key, from: at, underlying: error)))
            }
            at += 1
        }
        do {
            return .success(try coder.decode(PersistedEnvelope<Persisted>.self, from: current).state)
        } catch {
            if header.version == version { return .failure(.corrupt(error)) }
            return .failure(.unreadable(.migrationFailed(key: key, from: header.version, underlying: error)))
        }
    }
}
