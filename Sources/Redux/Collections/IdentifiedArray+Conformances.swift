// The standard library's protocols an `IdentifiedArray` conforms to, as swift-identified-collections'
// does: a random-access, mutable, range-replaceable collection; literals; equality, hashing,
// sending, descriptions (split from IdentifiedArray.swift, issue 66).

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
    /// The first position.
    @inlinable public var startIndex: Int { 0 }
    /// The position after the last.
    @inlinable public var endIndex: Int { slots.count }
    /// The number of elements.
    @inlinable public var count: Int { slots.count }
    /// Whether there are no elements.
    @inlinable public var isEmpty: Bool { slots.isEmpty }

    /// The element at `position`, modified in place (changing its identifier in place stops the
    /// program, as in swift-identified-collections).
    ///
    /// Setting an element with another identifier works as swift-identified-collections' setter,
    /// so every generic `MutableCollection` algorithm (Foundation's `sort(using:)`) works: when an
    /// element elsewhere has the new element's identifier, the two positions are exchanged and the
    /// new element takes `position`; otherwise the new element replaces the one at `position`.
    ///
    /// - Parameter position: A valid position.
    @inlinable
    public subscript(position: Int) -> Element {
        get { slots[position].element }
        set {
            let id = slots[position].element.id
            if newValue.id == id {
                slots[position].value = newValue
                noteChange(of: id)
            } else if let other = positions[newValue.id] {
                slots.swapAt(other, position)
                slots[position].value = newValue
                positions[newValue.id] = position
                positions[id] = other
                noteStructureChange()
            } else {
                positions[id] = nil
                slots[position].value = newValue
                positions[newValue.id] = position
                noteStructureChange()
            }
        }
        _modify {
            let id = slots[position].element.id
            yield &slots[position].element
            precondition(
                slots[position].element.id == id,
                "IdentifiedArray[\(position)]: an element's identifier changed in place")
            noteChange(of: id)
        }
    }
}

extension IdentifiedArray where Element: Comparable {
    /// Sorts the elements in increasing order.
    @inlinable
    public mutating func sort() {
        sort(by: <)
    }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
    /// Creates a collection from a literal of elements with unique identifiers.
    ///
    /// - Parameter elements: The elements; a repeated identifier stops the program.
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(uniqueElements: elements)
    }
}

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether both hold equal elements in the same order (their change logs are not compared).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.version == rhs.version { return true }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Hashes the elements in order.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self {
            hasher.combine(element)
        }
    }
}
