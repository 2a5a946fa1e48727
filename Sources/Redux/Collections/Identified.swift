/// A value with an identifier it does not carry itself — a selection held as the id of a row and
/// the (optional) state shown for it, the Composable Architecture's `Identified` (its
/// Lists-NavigateAndLoad study keeps `Identified<Row.ID, Counter.State?>?`: which row is selected,
/// and its counter once loaded).
///
/// Its members read and write through to the value (`selection.count`), and it is `Identifiable`,
/// so it drives a `sheet(item:)` or a navigation destination by its id.
///
/// ```swift
/// var selection: Identified<Int, Counter?>? = Identified(nil, id: 7)  // row 7, loading
/// selection?.value = Counter(count: 3)                                 // loaded
/// ```
@dynamicMemberLookup
public struct Identified<ID: Hashable, Value>: Identifiable {
    /// The identifier.
    public let id: ID
    /// The value.
    public var value: Value

    /// A value with the identifier given.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - id: Its identifier.
    public init(_ value: Value, id: ID) {
        self.id = id
        self.value = value
    }

    /// A value with the identifier read from it.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - id: Reads its identifier (a key path of `Value`, say `\.name`).
    public init(_ value: Value, id: (Value) throws -> ID) rethrows {
        self.init(value, id: try id(value))
    }

    /// A member of the value, read and written through.
    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Member {
        get { value[keyPath: keyPath] }
        set { value[keyPath: keyPath] = newValue }
    }

    /// A member of the value, read through.
    public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
        value[keyPath: keyPath]
    }
}

extension Identified: Sendable where ID: Sendable, Value: Sendable {}
extension Identified: Equatable where Value: Equatable {}
extension Identified: Hashable where Value: Hashable {}
extension Identified: Encodable where ID: Encodable, Value: Encodable {}
extension Identified: Decodable where ID: Decodable, Value: Decodable {}

extension Identified: CustomStringConvertible {
    /// `Identified(id: …, value: …)`.
    public var description: String { "Identified(id: \(id), value: \(value))" }
}
