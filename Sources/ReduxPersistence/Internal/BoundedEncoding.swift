import Foundation

/// Encoding that cannot overflow the stack, whatever the state's shape.
///
/// Encoders recurse once per level of nesting; a legal state nested deeply enough (a linked list of
/// 7,000 class nodes) overflowed the writer's stack inside Foundation's `JSONEncoder` and crashed the
/// process. Here the nesting is measured first, by an encoder that only counts levels and stops at
/// ``maximumDepth``, and both passes run on a thread of their own whose stack (``stackSize``) holds
/// several times that depth — so a state too deep is reported as
/// ``PersistenceError/writeFailed(key:underlying:)`` with a `NestingTooDeep` error, never a crash.
enum BoundedEncoding {
    /// The deepest nesting written: 10,000 levels (a linked list of 10,000 nodes).
    static let maximumDepth = 10_000
    /// The encoding thread's stack: 64 MiB of address space, touched only as deep as the value goes.
    /// A debug build's `JSONEncoder` uses ~1.3 KiB per level, so this holds ~48,000 levels.
    static let stackSize = 64 << 20

    /// Checks the depth of `value`, then encodes it with `encode`, on a thread with a large stack.
    static func encode<Value: Encodable & Sendable>(
        _ value: Value, with encode: @escaping @Sendable (Value) throws -> Data
    ) async throws -> Data {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
            let thread = Thread {
                continuation.resume(
                    with: Result {
                        try DepthProbe.check(value, limit: maximumDepth)
                        return try encode(value)
                    })
            }
            thread.stackSize = stackSize
            thread.name = "swift-redux persistence encoder"
            thread.start()
        }
    }
}

/// A value nested deeper than the persister writes.
///
/// Internal: it reaches users as the `underlying` error of ``PersistenceError/writeFailed(key:underlying:)``,
/// and its description says what to do.
struct NestingTooDeep: Error, CustomStringConvertible {
    /// The deepest nesting written.
    let limit: Int

    /// Says what happened and what to do.
    var description: String {
        "the state is nested more than \(limit) levels deep (a linked list of more than \(limit) nodes, or a "
            + "cycle through a class); it was not written. Persist a flatter projection (an array of nodes)"
    }
}

/// An encoder that writes nothing and measures nesting, throwing `NestingTooDeep` past `limit`.
final class DepthProbe: Encoder {
    let depth: Int
    let limit: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(depth: Int, limit: Int) {
        self.depth = depth
        self.limit = limit
    }

    static func check<Value: Encodable>(_ value: Value, limit: Int) throws {
        try value.encode(to: DepthProbe(depth: 0, limit: limit))
    }

    /// Encodes `value` one level down.
    func descend<Value: Encodable>(_ value: Value) throws {
        guard depth < limit else { throw NestingTooDeep(limit: limit) }
        try value.encode(to: DepthProbe(depth: depth + 1, limit: limit))
    }

    /// An encoder one level down, for nested containers (which cannot throw when made).
    func child() -> DepthProbe { DepthProbe(depth: depth + 1, limit: limit) }

    func checkDepth() throws {
        if depth > limit { throw NestingTooDeep(limit: limit) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedProbe<Key>(probe: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedProbe(probe: self) }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleProbe(probe: self) }
}

private struct KeyedProbe<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let probe: DepthProbe
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: String, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: Double, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: Float, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: Int, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try probe.checkDepth() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try probe.descend(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        probe.child().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        probe.child().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { probe.child() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { probe.child() }
}

private struct UnkeyedProbe: UnkeyedEncodingContainer {
    let probe: DepthProbe
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(probe: DepthProbe) {
        self.probe = probe
    }

    mutating func encodeNil() throws { try probe.checkDepth() }
    mutating func encode(_ value: Bool) throws { try probe.checkDepth() }
    mutating func encode(_ value: String) throws { try probe.checkDepth() }
    mutating func encode(_ value: Double) throws { try probe.checkDepth() }
    mutating func encode(_ value: Float) throws { try probe.checkDepth() }
    mutating func encode(_ value: Int) throws { try probe.checkDepth() }
    mutating func encode(_ value: Int8) throws { try probe.checkDepth() }
    mutating func encode(_ value: Int16) throws { try probe.checkDepth() }
    mutating func encode(_ value: Int32) throws { try probe.checkDepth() }
    mutating func encode(_ value: Int64) throws { try probe.checkDepth() }
    mutating func encode(_ value: UInt) throws { try probe.checkDepth() }
    mutating func encode(_ value: UInt8) throws { try probe.checkDepth() }
    mutating func encode(_ value: UInt16) throws { try probe.checkDepth() }
    mutating func encode(_ value: UInt32) throws { try probe.checkDepth() }
    mutating func encode(_ value: UInt64) throws { try probe.checkDepth() }
    mutating func encode<T: Encodable>(_ value: T) throws {
        count += 1
        try probe.descend(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        probe.child().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { probe.child().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { probe.child() }
}

private struct SingleProbe: SingleValueEncodingContainer {
    let probe: DepthProbe
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws {}
    mutating func encode(_ value: String) throws {}
    mutating func encode(_ value: Double) throws {}
    mutating func encode(_ value: Float) throws {}
    mutating func encode(_ value: Int) throws {}
    mutating func encode(_ value: Int8) throws {}
    mutating func encode(_ value: Int16) throws {}
    mutating func encode(_ value: Int32) throws {}
    mutating func encode(_ value: Int64) throws {}
    mutating func encode(_ value: UInt) throws {}
    mutating func encode(_ value: UInt8) throws {}
    mutating func encode(_ value: UInt16) throws {}
    mutating func encode(_ value: UInt32) throws {}
    mutating func encode(_ value: UInt64) throws {}
    // A single value that wraps another (a property wrapper, a class's box) counts as a level: a
    // cycle through single values would otherwise never end.
    mutating func encode<T: Encodable>(_ value: T) throws { try probe.descend(value) }
}
