import CReduxAtomics

/// An ordered collection of identified elements with O(1) access by identifier, and a record of
/// what changed in it, so that list rows observed through ``StoreProtocol/scope(_:id:)-(_,ID)``
/// cost what changed, not the list's size.
///
/// The everyday API of swift-identified-collections' `IdentifiedArray`, so that state written for the
/// Composable Architecture ports by changing an import:
///
/// ```swift
/// struct Todo: Identifiable, Equatable, Sendable {
///     let id: Int
///     var title: String
///     var isDone = false
/// }
///
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
/// todos[id: 2]?.isDone = true          // in place, by identifier
/// todos.append(Todo(id: 3, title: "Bread"))
/// todos.remove(id: 1)
/// print(todos.ids.map { $0 })          // [2, 3]
/// ```
///
/// ## What it records
/// Every change is stamped with a number unique in the process and kept in a short log (the last 16
/// to 32 changes): "element `id` was written" or "the identifiers changed" (append, insert, remove,
/// move, sort). A row watcher remembers the stamp it last saw and, after a reduction, reads only the
/// changes logged since: one comparison when nothing changed, one lookup per changed element
/// otherwise — never a walk or a copy of the list. When its stamp has left the log (more changes
/// than the log keeps, or a new array assigned), the watcher compares each observed row with the
/// element it last showed, which is still exact. Equality, hashing and coding see the elements
/// only, never the stamps.
///
/// Identifiers are unique: the initializers and mutations that take elements keep the first
/// element for an identifier (``append(_:)`` reports it), while `init(uniqueElements:)` and changing
/// an element's identifier in place stop the program, as in swift-identified-collections. Decoding
/// a list with a repeated identifier throws.
public struct IdentifiedArray<ID: Hashable, Element: Identifiable> where Element.ID == ID {
    /// One element; `nil` only while ``subscript(id:)`` lends it out to be modified in place.
    @usableFromInline
    struct Slot {
        @usableFromInline var value: Element?

        @inlinable
        init(_ value: Element) { self.value = value }

        /// The element, modified in place: moved out for the access and back after it, so
        /// nothing is copied (a modified array inside the element is not copied on write).
        ///
        /// `_modify` here and in the subscripts is underscored: it is the in-place accessor of the
        /// standard library and swift-identified-collections, with no stable spelling in Swift 6.3.1.
        /// Measured without it: every change through a subscript copied what the element holds
        /// (a track of 1,000 samples: a new 8 KB buffer per write). Guarded by
        /// `IdentifiedArrayTests.anElementIsModifiedInPlaceNotCopied`, which fails without it.
        ///
        /// A slot is empty only while ``IdentifiedArray/subscript(id:)`` lends its element out,
        /// and exclusivity forbids any other access to the collection meanwhile: the stop below is
        /// unreachable from any input, it only keeps the invariant checked.
        @inlinable
        var element: Element {
            get {
                guard let value else { Self.lentOut() }
                return value
            }
            _modify {
                guard var element = value.take() else { Self.lentOut() }
                defer { value = element }
                yield &element
            }
        }

        @usableFromInline
        static func lentOut() -> Never {
            preconditionFailure("IdentifiedArray: an element was read while lent out for modification")
        }
    }

    /// One logged change: the element `id` was written, or (`id == nil`) the identifiers changed.
    @usableFromInline
    struct Change {
        @usableFromInline let stamp: UInt64
        @usableFromInline let id: ID?

        @inlinable
        init(stamp: UInt64, id: ID?) {
            self.stamp = stamp
            self.id = id
        }
    }

    /// The elements, in chunks that copies of the collection share (``ChunkedStorage``).
    @usableFromInline var slots: ChunkedStorage<Slot>
    @usableFromInline var positions: [ID: Int]
    /// The stamp of the last change (or of the creation).
    @usableFromInline var version: UInt64
    /// The stamp of the last change of the identifiers (or of the creation).
    @usableFromInline var structureVersion: UInt64
    /// The changes after ``logBase``, oldest first.
    @usableFromInline var log: [Change] = []
    /// The version before the first logged change.
    @usableFromInline var logBase: UInt64
    /// A navigation stack's (``StackState``'s) next screen number, kept with its screens so that
    /// the same pushes give the same identifiers in every run; `0` and unused in other collections.
    /// Equality and hashing leave it out (it is how the next push numbers, not what is shown);
    /// copying, encoding and decoding a stack keep it.
    @usableFromInline var nextScreenNumber: UInt64 = 0

    /// The most changes the log keeps; it is cut to half when full.
    @usableFromInline static var logCapacity: Int { 32 }

    /// Creates an empty collection.
    @inlinable
    public init() {
        slots = ChunkedStorage()
        positions = [:]
        version = c_redux_next_stamp()
        structureVersion = version
        logBase = version
    }

    /// Creates a collection of elements whose identifiers are unique.
    ///
    /// - Parameter elements: The elements; a repeated identifier stops the program (use
    ///   ``init(_:uniquingIDsWith:)`` for data from outside).
    @inlinable
    public init(uniqueElements elements: some Sequence<Element>) {
        self.init()
        for element in elements {
            let inserted = appendWithoutLogging(element)
            precondition(inserted, "IdentifiedArray(uniqueElements:): the identifier \(element.id) is repeated")
        }
    }

    /// Creates a collection from elements whose identifiers may repeat: `combine` decides which
    /// element a repeated identifier keeps, in the first one's position.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - combine: Given the element kept so far and the next with the same identifier, returns
    ///     the one to keep.
    @inlinable
    public init(
        _ elements: some Sequence<Element>, uniquingIDsWith combine: (Element, Element) throws -> Element
    ) rethrows {
        self.init()
        for element in elements {
            if let index = positions[element.id] {
                slots[index].value = try combine(slots[index].element, element)
            } else {
                _ = appendWithoutLogging(element)
            }
        }
    }

    @inlinable
    mutating func appendWithoutLogging(_ element: Element) -> Bool {
        guard positions[element.id] == nil else { return false }
        positions[element.id] = slots.count
        slots.append(Slot(element))
        return true
    }

    /// The elements, in order, as an array.
    @inlinable
    public var elements: [Element] {
        slots.map { $0.element }
    }

    /// The identifiers, in order: a collection whose `contains(_:)` is O(1).
    @inlinable
    public var ids: IDs { IDs(base: self) }

    /// The position of the element with identifier `id`, or `nil`. O(1).
    ///
    /// - Parameter id: The identifier.
    @inlinable
    public func index(id: ID) -> Int? {
        positions[id]
    }

    /// The element with identifier `id`, or `nil`; setting `nil` removes it, setting an element
    /// with a new identifier appends it. Modified in place (`todos[id: 2]?.isDone = true`) without
    /// a copy of the element.
    ///
    /// - Parameter id: The identifier.
    @inlinable
    public subscript(id id: ID) -> Element? {
        get {
            guard let index = positions[id] else { return nil }
            return slots[index].value
        }
        set {
            guard let index = positions[id] else {
                if let newValue {
                    precondition(
                        newValue.id == id, "IdentifiedArray[id: \(id)] set to an element with another identifier")
                    append(newValue)
                }
                return
            }
            // The identifier is compared first: only an element whose identifier changed can be a
            // screen removed through `[case:]`.
            guard let newValue, newValue.id == id || !Self.isRemovedScreen(newValue) else {
                remove(at: index)
                return
            }
            precondition(newValue.id == id, "IdentifiedArray[id: \(id)] set to an element with another identifier")
            slots[index].value = newValue
            noteChange(of: id)
        }
        _modify {
            guard let index = positions[id] else {
                var absent: Element? = nil
                yield &absent
                if let absent {
                    precondition(
                        absent.id == id, "IdentifiedArray[id: \(id)] set to an element with another identifier")
                    append(absent)
                }
                return
            }
            yield &slots[index].value
            guard let written = slots[index].value, written.id == id || !Self.isRemovedScreen(written) else {
                // Set to `nil` through the optional (or a stack screen through its `[case:]`): the
                // element is removed.
                slots.remove(at: index)
                positions[id] = nil
                reindex(from: index)
                noteStructureChange()
                return
            }
            precondition(written.id == id, "IdentifiedArray[id: \(id)]: an element's identifier changed in place")
            noteChange(of: id)
        }
    }

    /// Whether `element` is a stack screen set to `nil` through `[case:]`
    /// (`path[id: 1]?[case: Path.detail] = nil`): only an element whose identifier changed is asked.
    @inlinable
    static func isRemovedScreen(_ element: Element) -> Bool {
        // A metatype comparison the optimizer folds away for every other collection.
        guard ID.self == StackElementID.self, let id = element.id as? StackElementID else { return false }
        return id == .removed
    }

    /// Adds `element` at the end, unless an element has its identifier.
    ///
    /// - Parameter element: The element.
    /// - Returns: Whether it was added, and the position of the element with its identifier.
    @inlinable
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        if let index = positions[element.id] { return (false, index) }
        _ = appendWithoutLogging(element)
        noteStructureChange()
        return (true, slots.count - 1)
    }

    /// Adds the elements whose identifiers are not present yet, in order.
    ///
    /// - Parameter newElements: The elements.
    @inlinable
    public mutating func append(contentsOf newElements: some Sequence<Element>) {
        var added = false
        for element in newElements {
            added = appendWithoutLogging(element) || added
        }
        if added { noteStructureChange() }
    }

    /// Inserts `element` at `index`, unless an element has its identifier.
    ///
    /// - Parameters:
    ///   - element: The element.
    ///   - index: Where to insert it (`0...count`).
    /// - Returns: Whether it was inserted, and the position of the element with its identifier.
    @inlinable
    @discardableResult
    public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
        if let existing = positions[element.id] { return (false, existing) }
        slots.insert(Slot(element), at: index)
        reindex(from: index)
        noteStructureChange()
        return (true, index)
    }

    /// Replaces the element with `element`'s identifier, or appends `element`.
    ///
    /// - Parameter element: The element.
    /// - Returns: The element replaced, or `nil` when `element` was appended.
    @inlinable
    @discardableResult
    public mutating func updateOrAppend(_ element: Element) -> Element? {
        guard let index = positions[element.id] else {
            append(element)
            return nil
        }
        let old = slots[index].value
        slots[index].value = element
        noteChange(of: element.id)
        return old
    }

    /// Removes the element with `element`'s identifier.
    ///
    /// - Parameter element: An element with the identifier to remove.
    /// - Returns: The element removed, or `nil` when none has that identifier.
    @inlinable
    @discardableResult
    public mutating func remove(_ element: Element) -> Element? {
        remove(id: element.id)
    }

    /// Replaces the element at `index` with `element`, which has its identifier (the program stops
    /// otherwise).
    ///
    /// - Parameters:
    ///   - element: The new element.
    ///   - index: A valid position.
    /// - Returns: The element replaced.
    @inlinable
    @discardableResult
    public mutating func update(_ element: Element, at index: Int) -> Element {
        let old = slots[index].element
        precondition(old.id == element.id, "IdentifiedArray.update(_:at:): the element has another identifier")
        slots[index].value = element
        noteChange(of: element.id)
        return old
    }

    /// Replaces the element with `element`'s identifier, or inserts `element` at `index`.
    ///
    /// - Parameters:
    ///   - element: The element.
    ///   - index: Where to insert it when it is new (`0...count`).
    /// - Returns: The element replaced (`nil` when inserted), and the position of `element`.
    @inlinable
    @discardableResult
    public mutating func updateOrInsert(_ element: Element, at index: Int) -> (originalMember: Element?, index: Int) {
        if let existing = positions[element.id] {
            return (update(element, at: existing), existing)
        }
        insert(element, at: index)
        return (nil, index)
    }

    /// Removes the element with identifier `id`.
    ///
    /// - Parameter id: The identifier.
    /// - Returns: The element removed, or `nil` when none has that identifier.
    @inlinable
    @discardableResult
    public mutating func remove(id: ID) -> Element? {
        guard let index = positions[id] else { return nil }
        return remove(at: index)
    }

    /// Removes the element at `index`.
    ///
    /// - Parameter index: A valid position.
    /// - Returns: The element removed.
    @inlinable
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        let element = slots.remove(at: index).element
        positions[element.id] = nil
        reindex(from: index)
        noteStructureChange()
        return element
    }

    /// Removes the first element.
    ///
    /// - Returns: The element removed; the collection must not be empty.
    @inlinable
    @discardableResult
    public mutating func removeFirst() -> Element {
        remove(at: 0)
    }

    /// Removes the last element.
    ///
    /// - Returns: The element removed; the collection must not be empty.
    @inlinable
    @discardableResult
    public mutating func removeLast() -> Element {
        remove(at: count - 1)
    }

    /// Removes the elements at the given positions.
    ///
    /// - Parameter offsets: The positions (an `IndexSet`, a range, an array of positions).
    @inlinable
    public mutating func remove(atOffsets offsets: some Sequence<Int>) {
        let removed = Set(offsets)
        guard !removed.isEmpty else { return }
        var index = 0
        slots.removeAll { _ in
            defer { index += 1 }
            return removed.contains(index)
        }
        rebuildPositions()
        noteStructureChange()
    }

    /// Removes the elements that satisfy `shouldBeRemoved`.
    ///
    /// - Parameter shouldBeRemoved: Whether to remove an element.
    @inlinable
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        let count = slots.count
        try slots.removeAll { try shouldBeRemoved($0.element) }
        guard slots.count != count else { return }
        rebuildPositions()
        noteStructureChange()
    }

    /// Removes every element.
    ///
    /// - Parameter keepCapacity: Whether to keep the storage for as many elements.
    @inlinable
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        guard !slots.isEmpty else { return }
        slots.removeAll(keepingCapacity: keepCapacity)
        positions.removeAll(keepingCapacity: keepCapacity)
        noteStructureChange()
    }

    /// Moves the elements at `source` to before the element at `destination`, as SwiftUI's
    /// `onMove` gives them.
    ///
    /// - Parameters:
    ///   - source: The positions to move (an `IndexSet`).
    ///   - destination: The position, in the collection before the move, to move them before.
    @inlinable
    public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
        let moving = Set(source)
        guard !moving.isEmpty else { return }
        var before: [Slot] = []
        var moved: [Slot] = []
        var after: [Slot] = []
        for (index, slot) in slots.enumerated() {
            if moving.contains(index) {
                moved.append(slot)
            } else if index < destination {
                before.append(slot)
            } else {
                after.append(slot)
            }
        }
        slots = ChunkedStorage(before + moved + after)
        rebuildPositions()
        noteStructureChange()
    }

    /// Sorts the elements in place.
    ///
    /// - Parameter areInIncreasingOrder: Whether the first element goes before the second.
    @inlinable
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        try slots.sort { try areInIncreasingOrder($0.element, $1.element) }
        rebuildPositions()
        noteStructureChange()
    }

    /// Reverses the order of the elements.
    @inlinable
    public mutating func reverse() {
        slots.reverse()
        rebuildPositions()
        noteStructureChange()
    }

    /// Shuffles the elements.
    @inlinable
    public mutating func shuffle() {
        slots.shuffle()
        rebuildPositions()
        noteStructureChange()
    }

    /// Exchanges the elements at two positions.
    ///
    /// - Parameters:
    ///   - i: A valid position.
    ///   - j: A valid position.
    @inlinable
    public mutating func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        slots.swapAt(i, j)
        positions[slots[i].element.id] = i
        positions[slots[j].element.id] = j
        noteStructureChange()
    }

    /// The elements that satisfy `isIncluded`, in order.
    ///
    /// - Parameter isIncluded: Whether to keep an element.
    @inlinable
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
        var result = Self()
        result.nextScreenNumber = nextScreenNumber
        for slot in slots where try isIncluded(slot.element) {
            _ = result.appendWithoutLogging(slot.element)
        }
        return result
    }

    // MARK: Change log

    @inlinable
    mutating func reindex(from start: Int) {
        for index in start..<slots.count {
            positions[slots[index].element.id] = index
        }
    }

    @inlinable
    mutating func rebuildPositions() {
        positions.removeAll(keepingCapacity: true)
        for index in slots.indices {
            positions[slots[index].element.id] = index
        }
    }

    /// Logs that the element `id` was written.
    @inlinable
    mutating func noteChange(of id: ID) {
        let stamp = c_redux_next_stamp()
        version = stamp
        appendToLog(Change(stamp: stamp, id: id))
    }

    /// Logs that the identifiers changed.
    @inlinable
    mutating func noteStructureChange() {
        let stamp = c_redux_next_stamp()
        version = stamp
        structureVersion = stamp
        appendToLog(Change(stamp: stamp, id: nil))
    }

    @inlinable
    mutating func appendToLog(_ change: Change) {
        if log.count >= Self.logCapacity {
            let half = Self.logCapacity / 2
            logBase = log[half - 1].stamp
            log.removeFirst(half)
        }
        log.append(change)
    }

    /// The changes made since the collection's version was `seen`, oldest first; `nil` when they
    /// are not in the log any more (or `seen` is not in this collection's history).
    @inlinable
    func changes(since seen: UInt64) -> ArraySlice<Change>? {
        if seen == logBase { return log[...] }
        var index = log.count
        while index > 0 {
            index -= 1
            if log[index].stamp == seen { return log[(index + 1)...] }
        }
        return nil
    }
}

/// An ``IdentifiedArray`` of `Identifiable` elements, identified by their `id`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}
extension IdentifiedArray.Slot: Sendable where Element: Sendable {}
extension IdentifiedArray.Change: Sendable where ID: Sendable {}
