import Foundation

/// How a value becomes the bytes of a file in the app's own format, and back: the coder sees the
/// app's value itself, with no envelope around it — the format and its version are the app's.
///
/// For a document the user chose (``Persister/init(document:format:maximumFileSize:interval:sleep:project:restore:onError:)``),
/// and for data an app saved before it adopted this library (the `unversioned:` argument of
/// ``Persister/init(key:version:storage:coder:migrations:unversioned:interval:sleep:project:restore:onError:)``).
///
/// ```swift
/// let taskPaper = DocumentFormat<[TodoItem]>(
///     encode: { items in Data(items.map(\.line).joined(separator: "\n").utf8) },
///     decode: { data in try TodoItem.parse(String(decoding: data, as: UTF8.self)) })
/// ```
public struct DocumentFormat<Value>: Sendable {
    /// Turns the value into the file's bytes.
    public let encode: @Sendable (Value) throws -> Data
    /// Reads the file's bytes; throws when they are not a valid document.
    public let decode: @Sendable (Data) throws -> Value

    /// Creates a format from its two directions.
    ///
    /// - Parameters:
    ///   - encode: Turns the value into the file's bytes.
    ///   - decode: Reads the file's bytes; throws when they are not a valid document.
    public init(
        encode: @escaping @Sendable (Value) throws -> Data,
        decode: @escaping @Sendable (Data) throws -> Value
    ) {
        self.encode = encode
        self.decode = decode
    }
}

extension DocumentFormat where Value: Codable & Sendable {
    /// The value as plain JSON — what a bare `JSONEncoder` writes and `JSONDecoder` reads.
    ///
    /// - Parameters:
    ///   - encoder: Makes the encoder for each write (pretty-printed, sorted keys by default).
    ///   - decoder: Makes the decoder for each read.
    /// - Returns: The format.
    public static func json(
        encoder: @escaping @Sendable () -> JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return encoder
        },
        decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
    ) -> DocumentFormat {
        DocumentFormat(
            encode: { try encoder().encode($0) },
            decode: { try decoder().decode(Value.self, from: $0) })
    }
}

/// How a persister lays its data out.
enum StoredLayout<Persisted: Codable & Sendable>: Sendable {
    /// The persister's versioned envelope, through `coder`; data without an envelope is read with
    /// `unversioned`, when given.
    case versioned(coder: any PersistenceCoder, unversioned: (@Sendable (Data) throws -> Persisted)?)
    /// A plain file in the app's own format.
    case document(DocumentFormat<Persisted>)
}
