extension IdentifiedArray: CustomStringConvertible {
    /// The elements, as an array prints them.
    public var description: String {
        "\(elements)"
    }
}

extension IdentifiedArray: CustomDebugStringConvertible {
    /// The type and the elements: `IdentifiedArray<Int>([1, 2, 3])`, as swift-identified-collections.
    public var debugDescription: String {
        "IdentifiedArray<\(Element.self)>(\(elements))"
    }
}

extension IdentifiedArray: RangeReplaceableCollection {
    /// Replaces the elements in `subrange` with `newElements`, as swift-identified-collections
    /// does: a new element whose identifier is already present replaces that element where it
    /// stands instead of being inserted.
    ///
    /// What `RangeReplaceableCollection` builds on it — `append(_:)` as a statement (Swift picks
    /// the protocol's `Void` form there), `insert(_:at:)`, `removeSubrange(_:)`,
    /// `append(contentsOf:)` — costs what an array's does: the positions of the elements from
    /// `subrange` on are renumbered, the others are left (it renumbered every element: an
    /// `append` statement cost ~67,000 instructions in a list of 1,000 rows).
    ///
    /// - Parameters:
    ///   - subrange: The positions to replace.
    ///   - newElements: The elements to put there.
    @inlinable
    public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<Element>) {
        precondition(
            subrange.lowerBound >= 0 && subrange.upperBound <= slots.count,
            "IdentifiedArray: replaced a range out of bounds")
        for index in subrange { positions[slots[index].element.id] = nil }
        slots.removeSubrange(subrange)
        // The elements after the range moved back by its length; their positions are renumbered below.
        let removed = subrange.count
        var inserted: [Slot] = []
        var insertedIDs: [ID: Int] = [:]
        var changed: [ID] = []
        for element in newElements {
            if let stale = positions[element.id] {
                slots[stale >= subrange.upperBound ? stale - removed : stale].value = element
                changed.append(element.id)
            } else if let earlier = insertedIDs[element.id] {
                inserted[earlier].value = element
            } else {
                insertedIDs[element.id] = inserted.count
                inserted.append(Slot(element))
            }
        }
        if !inserted.isEmpty { slots.insert(contentsOf: inserted, at: subrange.lowerBound) }
        if !subrange.isEmpty || !inserted.isEmpty {
            reindex(from: subrange.lowerBound)
            noteStructureChange()
        }
        for id in changed { noteChange(of: id) }
    }

    /// Reserves storage for `minimumCapacity` elements.
    ///
    /// - Parameter minimumCapacity: The number of elements.
    @inlinable
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        slots.reserveCapacity(minimumCapacity)
        positions.reserveCapacity(minimumCapacity)
    }
}

extension IdentifiedArray: CustomReflectable {
    /// The elements, as children: logs and test diffs show the list, not its bookkeeping.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
    }
}
