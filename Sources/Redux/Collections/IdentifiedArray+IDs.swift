extension IdentifiedArray {
    /// The identifiers of an ``IdentifiedArray``, in order; `contains(_:)` is O(1). Compared and
    /// written as an array literal as swift-identified-collections' `ids` (an `OrderedSet`) is:
    /// `#expect(list.ids == [1, 2, 3])`.
    public struct IDs: RandomAccessCollection {
        /// A view of a collection's identifiers, or a list written as a literal (to compare with).
        @usableFromInline
        enum Storage {
            case collection(IdentifiedArray)
            case literal([ID])
        }

        @usableFromInline let storage: Storage

        @inlinable
        init(base: IdentifiedArray) { self.storage = .collection(base) }

        /// The first position.
        @inlinable public var startIndex: Int { 0 }
        /// The position after the last.
        @inlinable public var endIndex: Int {
            switch storage {
            case .collection(let base): base.slots.count
            case .literal(let ids): ids.count
            }
        }

        /// The identifier at `position`.
        ///
        /// - Parameter position: A valid position.
        @inlinable
        public subscript(position: Int) -> ID {
            switch storage {
            case .collection(let base): base.slots[position].element.id
            case .literal(let ids): ids[position]
            }
        }

        /// Whether `id` is one of the identifiers: O(1) for a collection's identifiers (O(n) for a
        /// list written as a literal).
        ///
        /// - Parameter id: The identifier.
        @inlinable
        public func contains(_ id: ID) -> Bool {
            switch storage {
            case .collection(let base): base.positions[id] != nil
            case .literal(let ids): ids.contains(id)
            }
        }

        /// The position of `id`, if it is one of the identifiers: O(1) for a collection's.
        ///
        /// - Parameter id: The identifier.
        /// - Returns: Its position, or `nil`.
        @inlinable
        public func firstIndex(of id: ID) -> Int? {
            switch storage {
            case .collection(let base): base.positions[id]
            case .literal(let ids): ids.firstIndex(of: id)
            }
        }
    }
}

extension IdentifiedArray.IDs: ExpressibleByArrayLiteral {
    /// Identifiers written as a literal, to compare a collection's with.
    ///
    /// - Parameter elements: The identifiers, in order.
    public init(arrayLiteral elements: ID...) {
        storage = .literal(elements)
    }
}

extension IdentifiedArray.IDs: Equatable {
    /// Whether both hold the same identifiers in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

extension IdentifiedArray.IDs: Hashable {
    /// Hashes the identifiers in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for id in self { hasher.combine(id) }
    }
}

extension IdentifiedArray.IDs: CustomStringConvertible {
    /// The identifiers, as an array prints them.
    public var description: String { "\(Array(self))" }
}

extension IdentifiedArray.IDs: Sendable where ID: Sendable, Element: Sendable {}
extension IdentifiedArray.IDs.Storage: Sendable where ID: Sendable, Element: Sendable {}
