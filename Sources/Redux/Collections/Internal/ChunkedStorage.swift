/// The elements of an ``IdentifiedArray``, kept in chunks of 512 (all full but the last), so that
/// two copies of a collection — a history snapshot and the live state, a test store's expected
/// and actual states — share every chunk but the ones written since: writing one element of a
/// 100,000-element collection that a snapshot also holds copies 512 elements and the chunk list (196 references),
/// not 100,000 elements (issue 47: recording a list of 100,000 rows cost 66× recording one of
/// 1,000, the snapshot every 100 actions making the next row edit copy the whole list).
///
/// Reads and in-place writes are an array's, one level deeper (a shift and a mask). Appending and
/// removing at the end are O(1); inserting or removing elsewhere rebuilds the chunks from the
/// position on (O(n − position), as an array moves its tail).
@usableFromInline
struct ChunkedStorage<Element> {
    /// Elements per chunk: `1 << shift`.
    @inlinable static var shift: Int { 9 }
    @inlinable static var chunkSize: Int { 1 << shift }

    /// The chunks; every one holds `chunkSize` elements except the last, which is not empty.
    @usableFromInline var chunks: [[Element]]
    @usableFromInline var storedCount: Int

    /// An empty storage.
    @inlinable
    init() {
        chunks = []
        storedCount = 0
    }

    /// Removes the elements from `newCount` on.
    @inlinable
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= storedCount, "ChunkedStorage: truncated past its bounds")
        guard newCount < storedCount else { return }
        let keptChunks = (newCount + Self.chunkSize - 1) >> Self.shift
        chunks.removeSubrange(keptChunks...)
        let inLast = newCount - ((keptChunks - 1) << Self.shift)
        if keptChunks > 0, inLast < chunks[keptChunks - 1].count {
            chunks[keptChunks - 1].removeSubrange(inLast...)
        }
        storedCount = newCount
    }
}

extension ChunkedStorage: RandomAccessCollection, MutableCollection {
    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { storedCount }
    @inlinable var count: Int { storedCount }
    @inlinable var isEmpty: Bool { storedCount == 0 }

    @inlinable func index(after i: Int) -> Int { i + 1 }
    @inlinable func index(before i: Int) -> Int { i - 1 }

    /// The element at `position`. A position out of range stops the program as an array's does:
    /// in the chunk list (before 0, or past the last chunk) or in the last chunk (past its end).
    /// `_modify` (underscored, as in ``IdentifiedArray``'s slots, for the reason given there) lends
    /// the element in place through both arrays: a `set` would copy it and what it holds on every
    /// write — `IdentifiedArrayTests.anElementIsModifiedInPlaceNotCopied` fails without it.
    @inlinable
    subscript(position: Int) -> Element {
        get { chunks[position &>> Self.shift][position & (Self.chunkSize - 1)] }
        _modify { yield &chunks[position &>> Self.shift][position & (Self.chunkSize - 1)] }
    }
}

extension ChunkedStorage: RangeReplaceableCollection {
    @inlinable
    mutating func append(_ element: Element) {
        if storedCount & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(element)
            chunks.append(chunk)
        } else {
            chunks[chunks.count - 1].append(element)
        }
        storedCount += 1
    }

    @inlinable
    mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<Element>) {
        precondition(
            subrange.lowerBound >= 0 && subrange.upperBound <= storedCount, "ChunkedStorage: range out of bounds")
        if subrange.upperBound == storedCount {
            // At the end (a push, a pop, a suffix removed): no chunk before it is touched.
            truncate(to: subrange.lowerBound)
            for element in newElements { append(element) }
            return
        }
        // Elsewhere: the chunks from the one holding the position on are rebuilt.
        let firstChunk = subrange.lowerBound >> Self.shift
        let chunkStart = firstChunk << Self.shift
        var tail: [Element] = []
        tail.reserveCapacity(storedCount - chunkStart - subrange.count + newElements.count)
        for index in chunkStart..<subrange.lowerBound { tail.append(self[index]) }
        tail.append(contentsOf: newElements)
        for index in subrange.upperBound..<storedCount { tail.append(self[index]) }
        truncate(to: chunkStart)
        for element in tail { append(element) }
    }

    @inlinable
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        chunks.reserveCapacity((minimumCapacity + Self.chunkSize - 1) >> Self.shift)
    }

    @inlinable
    mutating func removeAll(keepingCapacity keepCapacity: Bool) {
        chunks.removeAll(keepingCapacity: keepCapacity)
        storedCount = 0
    }
}

extension ChunkedStorage: Sendable where Element: Sendable {}
