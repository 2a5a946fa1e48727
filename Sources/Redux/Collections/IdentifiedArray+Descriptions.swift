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
    /// - Parameters:
    ///   - subrange: The positions to replace.
    ///   - newElements: The elements to put there.
    @inlinable
    public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<Element>) {
        if !subrange.isEmpty {
            slots.removeSubrange(subrange)
            rebuildPositions()
        }
        var inserted: [Slot] = []
        var insertedIDs: [ID: Int] = [:]
        var changed: [ID] = []
        for element in newElements {
            if let existing = positions[element.id] {
                slots[existing].value = element
                changed.append(element.id)
            } else if let earlier = insertedIDs[element.id] {
                inserted[earlier].value = element
            } else {
                insertedIDs[element.id] = inserted.count
                inserted.append(Slot(element))
            }
        }
        if !inserted.isEmpty {
            slots.insert(contentsOf: inserted, at: subrange.lowerBound)
            rebuildPositions()
        }
        if !subrange.isEmpty || !inserted.isEmpty { noteStructureChange() }
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
