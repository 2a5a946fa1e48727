/// The common leaf types — numbers, `Bool`, strings — described and compared without reflection.
///
/// A value's type is compared with a short list of metatypes (a pointer comparison each); a match is
/// described with its own `description` (strings quoted, as `String(reflecting:)` does) and compared
/// with its own `==`. Anything else goes through `Mirror` and the runtime's protocol-conformance
/// checks (`Equatable`, `CustomStringConvertible`, …), each of which costs about a thousand
/// instructions — the larger part of a log entry before these fast paths.
enum Leaf {
    private struct Kind: Sendable {
        let type: ObjectIdentifier
        /// `[T]`, whose elements are described without reflecting each one.
        let arrayType: ObjectIdentifier
        let describe: @Sendable (Any) -> String?
        let isEqual: @Sendable (Any, Any) -> Bool?
        /// The descriptions of the first elements of a `[T]`, and its count.
        let describeElements: @Sendable (Any, Int) -> (elements: [String], total: Int)?
    }

    private static func kind<T: Equatable & Sendable>(_ type: T.Type, _ describe: @escaping @Sendable (T) -> String)
        -> Kind
    {
        Kind(
            type: ObjectIdentifier(type),
            arrayType: ObjectIdentifier([T].self),
            describe: { value in (value as? T).map(describe) },
            isEqual: { old, new in
                guard let old = old as? T, let new = new as? T else { return nil }
                return old == new
            },
            describeElements: { value, limit in
                guard let array = value as? [T] else { return nil }
                return (array.prefix(limit).map(describe), array.count)
            }
        )
    }

    private static let kinds: [Kind] = [
        kind(Int.self) { String($0) },
        kind(String.self) { describeString($0) },
        kind(Bool.self) { $0 ? "true" : "false" },
        kind(Double.self) { $0.description },
        kind(Int64.self) { String($0) },
        kind(Int32.self) { String($0) },
        kind(UInt.self) { String($0) },
        kind(UInt8.self) { String($0) },
        kind(Float.self) { $0.description },
        kind(Substring.self) { describeString(String($0)) },
        kind(Character.self) { String($0).debugDescription },
    ]

    /// The longest string described whole; a longer one is cut *before* it is escaped, so a 20 MB
    /// string in the state costs what its first 4,096 characters cost.
    static var maximumStringLength: Int { 4_096 }

    private static func describeString(_ string: String) -> String {
        // `utf8.count` is O(1) for native strings; a string of few bytes has few characters.
        guard string.utf8.count > maximumStringLength else { return string.debugDescription }
        let head = string.prefix(maximumStringLength)
        guard head.endIndex < string.endIndex else { return string.debugDescription }
        return String(head).debugDescription + "…"
    }

    private static func kind(of value: Any) -> Kind? {
        let type = ObjectIdentifier(Swift.type(of: value))
        for kind in kinds where kind.type == type {
            return kind
        }
        return nil
    }

    /// Whether `value` is of one of the leaf types.
    static func isLeaf(_ value: Any) -> Bool {
        kind(of: value) != nil
    }

    /// The description of a leaf value, or `nil` when `value` is not one of the leaf types.
    static func describe(_ value: Any) -> String? {
        kind(of: value)?.describe(value)
    }

    /// The descriptions of the first `limit` elements of an array of a leaf type (`[Int]`,
    /// `[String]`, …) and its count, without reflecting each element (~2,500 instructions an element
    /// through `Mirror`); `nil` for any other value.
    static func describeElements(_ value: Any, limit: Int) -> (elements: [String], total: Int)? {
        let type = ObjectIdentifier(Swift.type(of: value))
        for kind in kinds where kind.arrayType == type {
            return kind.describeElements(value, limit)
        }
        return nil
    }

    /// `old == new` when both are of the same leaf type; `nil` otherwise.
    static func isEqual(_ old: Any, _ new: Any) -> Bool? {
        guard let kind = kind(of: old), ObjectIdentifier(Swift.type(of: new)) == kind.type else { return nil }
        return kind.isEqual(old, new)
    }
}
