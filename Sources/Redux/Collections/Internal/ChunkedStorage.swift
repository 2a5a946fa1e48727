/// The elements of an ``IdentifiedArray``, kept in leaves of 8 elements, 16 leaves to a branch,
/// 16 branches to a group (2,048 elements), under one list of groups — so that two copies of a
/// collection (a history snapshot and the live state, a test store's expected and actual states)
/// share every array but the ones written since. Writing one element that a snapshot also holds
/// copies its leaf (8 elements), its branch and its group (16 references each) and, once per
/// snapshot, the list of groups (one reference per 2,048 elements) — whichever element it is.
///
/// Issue 47 kept the elements in chunks of 512 under one list: an edit after a snapshot copied 512
/// elements. Issue 65 measured edits spread over the list: at 100,000 rows almost every edit hit a
/// chunk a snapshot shared (15× the cost at 1,000 rows, at a snapshot every 100 actions). Also
/// measured, and set aside: three levels (16 × 32 × the list), whose list of 196 groups a snapshot
/// made the next edit copy, and a tree of any height (a persistent vector), whose edits cost about
/// the same as these but whose every read and write went down one more level for each 16× more
/// elements — a row's action cost 9% more at 10,000 rows than at one. Here every access is four
/// array subscripts at any size (docs/benchmarks.md has the figures).
///
/// Appending and removing at the end are O(1); inserting or removing elsewhere rebuilds the
/// elements from the position on (O(n − position), as an array moves its tail).
@usableFromInline
struct ChunkedStorage<Element> {
    /// Bits of a position that pick the element in its leaf: 8 elements to a leaf.
    @inlinable static var leafShift: Int { 3 }
    /// Bits of a position that pick the leaf in its branch, and the branch in its group: 16 each.
    @inlinable static var groupShift: Int { 4 }
    /// Elements per leaf: the tests use it to cross leaf boundaries.
    @inlinable static var chunkSize: Int { 1 << leafShift }
    /// Elements per branch.
    @inlinable static var branchSize: Int { 1 << (leafShift + groupShift) }
    /// Elements per group.
    @inlinable static var groupSize: Int { 1 << (leafShift + 2 * groupShift) }

    /// The groups, each a list of branches, each a list of leaves; every one is full (``chunkSize``
    /// elements to a leaf, 16 leaves to a branch, 16 branches to a group) except the last ones,
    /// which are not empty.
    @usableFromInline var groups: [[[[Element]]]]
    @usableFromInline var storedCount: Int

    /// An empty storage.
    @inlinable
    init() {
        groups = []
        storedCount = 0
    }

    /// The position's group.
    @inlinable
    static func group(_ position: Int) -> Int { position &>> (leafShift + 2 * groupShift) }

    /// The position's branch in its group.
    @inlinable
    static func branch(_ position: Int) -> Int { (position &>> (leafShift + groupShift)) & ((1 << groupShift) - 1) }

    /// The position's leaf in its branch.
    @inlinable
    static func leaf(_ position: Int) -> Int { (position &>> leafShift) & ((1 << groupShift) - 1) }

    /// The position's element in its leaf.
    @inlinable
    static func slot(_ position: Int) -> Int { position & ((1 << leafShift) - 1) }

    /// Removes the elements from `newCount` on.
    @inlinable
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= storedCount, "ChunkedStorage: truncated past its bounds")
        guard newCount < storedCount else { return }
        storedCount = newCount
        let keptGroups = (newCount + Self.groupSize - 1) &>> (Self.leafShift + 2 * Self.groupShift)
        groups.removeSubrange(keptGroups...)
        guard keptGroups > 0 else { return }
        let last = newCount - 1
        let group = keptGroups - 1
        let keptBranches = Self.branch(last) + 1
        if keptBranches < groups[group].count {
            groups[group].removeSubrange(keptBranches...)
        }
        let keptLeaves = Self.leaf(last) + 1
        if keptLeaves < groups[group][keptBranches - 1].count {
            groups[group][keptBranches - 1].removeSubrange(keptLeaves...)
        }
        let keptInLeaf = Self.slot(last) + 1
        if keptInLeaf < groups[group][keptBranches - 1][keptLeaves - 1].count {
            groups[group][keptBranches - 1][keptLeaves - 1].removeSubrange(keptInLeaf...)
        }
    }

    /// The leaves' arrays, in order; read by tests to see which a copy shares.
    var leaves: [[Element]] { groups.flatMap { $0.flatMap { $0 } } }
}

extension ChunkedStorage: RandomAccessCollection, MutableCollection {
    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { storedCount }
    @inlinable var count: Int { storedCount }
    @inlinable var isEmpty: Bool { storedCount == 0 }

    @inlinable func index(after i: Int) -> Int { i + 1 }
    @inlinable func index(before i: Int) -> Int { i - 1 }

    /// The element at `position`. A position out of range stops the program as an array's does:
    /// in the list of groups (before 0, or past the last group) or in the last group, branch or
    /// leaf (past its end). `_modify` (underscored, as in ``IdentifiedArray``'s slots, for the reason
    /// given there) lends the element in place through the four arrays: a `set` would copy it and what
    /// it holds on every write — `IdentifiedArrayTests.anElementIsModifiedInPlaceNotCopied` fails
    /// without it. An array on the path that a copy shares is copied first (copy on write).
    @inlinable
    subscript(position: Int) -> Element {
        get { groups[Self.group(position)][Self.branch(position)][Self.leaf(position)][Self.slot(position)] }
        _modify { yield &groups[Self.group(position)][Self.branch(position)][Self.leaf(position)][Self.slot(position)] }
    }
}

extension ChunkedStorage: RangeReplaceableCollection {
    @inlinable
    mutating func append(_ element: Element) {
        let position = storedCount
        storedCount += 1
        var leaf: [Element] = []
        if position & (Self.chunkSize - 1) == 0 {
            leaf.reserveCapacity(Self.chunkSize)
            leaf.append(element)
        }
        if position & (Self.groupSize - 1) == 0 {
            var group: [[[Element]]] = []
            group.reserveCapacity(1 << Self.groupShift)
            group.append([leaf])
            groups.append(group)
            return
        }
        let group = groups.count - 1
        if position & (Self.branchSize - 1) == 0 {
            groups[group].append([leaf])
            return
        }
        let branch = groups[group].count - 1
        if position & (Self.chunkSize - 1) == 0 {
            groups[group][branch].append(leaf)
        } else {
            groups[group][branch][groups[group][branch].count - 1].append(element)
        }
    }

    @inlinable
    mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<Element>) {
        precondition(
            subrange.lowerBound >= 0 && subrange.upperBound <= storedCount, "ChunkedStorage: range out of bounds")
        if subrange.upperBound == storedCount {
            // At the end (a push, a pop, a suffix removed): nothing before it is touched.
            truncate(to: subrange.lowerBound)
            for element in newElements { append(element) }
            return
        }
        // Elsewhere: the elements from the position on are rebuilt.
        var tail: [Element] = []
        tail.reserveCapacity(storedCount - subrange.upperBound + newElements.count)
        tail.append(contentsOf: newElements)
        for index in subrange.upperBound..<storedCount { tail.append(self[index]) }
        truncate(to: subrange.lowerBound)
        for element in tail { append(element) }
    }

    @inlinable
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        groups.reserveCapacity((minimumCapacity + Self.groupSize - 1) &>> (Self.leafShift + Self.groupShift))
    }

    @inlinable
    mutating func removeAll(keepingCapacity keepCapacity: Bool) {
        groups.removeAll(keepingCapacity: keepCapacity)
        storedCount = 0
    }
}

extension ChunkedStorage: Sendable where Element: Sendable {}
