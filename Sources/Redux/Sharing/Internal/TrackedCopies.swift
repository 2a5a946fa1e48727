/// One store's reconciliation of one ``Sharing`` entry whose values are owned by an identified
/// collection and shown in the elements of another (a stack's screens, a list's rows): what
/// ``SharedValuesTracker`` runs instead of comparing every copy with a copy of the state before the
/// action.
///
/// It remembers each element's copies as they were after the last reconciliation, and whether each
/// agreed with its owned value then. An action changes some elements and some owned values, and
/// the collections' change logs (``IdentifiedArray/changes(since:)``) name them: only those
/// elements' copies, and the copies of those owned values, are read — a read of a copy reached
/// through an enum case's constructor reflects the screen, so the others are not read at all.
/// Where a log cannot name the changes (it was cut, or the elements were added, removed or
/// reordered), every copy is read, as the copying reconciliation does.
///
/// The result is the copying reconciliation's (``SharedLocations/steps(source:_:)``), step for
/// step: the same edits written in the same order (view by view, elements in collection order),
/// the same copies set. `SharedValuesTrackerTests` holds the two to the same states over
/// generated action sequences.
final class TrackedCopies<
    State, Value: Identifiable & Equatable & Sendable, ElementID: Hashable, Element: Identifiable
> where Element.ID == ElementID {
    /// One copy as it was after the last reconciliation.
    private struct Copy {
        /// The copy; `nil` where the element shows none at this view.
        var value: Value?
        /// Whether it agreed with its owned value then, or had none (deleted): setting it again
        /// would have changed nothing.
        var settled: Bool
    }

    private let source: WritableKeyPath<State, IdentifiedArray<Value.ID, Value>>
    private let elements: WritableKeyPath<State, IdentifiedArray<ElementID, Element>>
    private let views: [SharedView<Element, Value>]
    /// The collections' versions after the last reconciliation.
    private var sourceVersion: UInt64 = 0
    private var elementsVersion: UInt64 = 0
    /// The elements' version after this entry's own refresh, before later entries ran.
    private var refreshedVersion: UInt64 = 0
    /// Each element's copies, one per view, after the last reconciliation.
    private var copies: [ElementID: [Copy]] = [:]
    /// The elements holding a copy of each owned value (by its identifier).
    private var holders: [Value.ID: Set<ElementID>] = [:]
    /// The elements with a copy not known to agree with its owned value.
    private var unsettled: Set<ElementID> = []

    init(
        source: WritableKeyPath<State, IdentifiedArray<Value.ID, Value>>,
        elements: WritableKeyPath<State, IdentifiedArray<ElementID, Element>>,
        views: [SharedView<Element, Value>], initialState: State
    ) {
        self.source = source
        self.elements = elements
        self.views = views
        let owned = initialState[keyPath: source]
        for element in initialState[keyPath: elements] {
            for (index, view) in views.enumerated() {
                let copy = view.get(element)
                let agrees = copy.map { copy in owned[id: copy.id].map { $0 == copy } ?? true } ?? true
                remember(Copy(value: copy, settled: agrees), of: element.id, at: index)
            }
        }
        sourceVersion = owned.version
        elementsVersion = initialState[keyPath: elements].version
    }

    /// The identifiers of the elements of `collection` changed since `version` (in collection
    /// order when `ordered`); `nil` when its log cannot tell (cut, or a structure change: elements
    /// added, removed or moved). A log holds at most 32 changes: they are told apart by a linear
    /// search, which costs less here than hashing through the identifiers' generic witnesses.
    private static func changedIDs<ID, Member>(
        in collection: IdentifiedArray<ID, Member>, since version: UInt64, ordered: Bool = true
    ) -> [ID]? {
        guard let log = collection.changes(since: version) else { return nil }
        var ids: [ID] = []
        for change in log {
            guard let id = change.id else { return nil }
            if !ids.contains(id) { ids.append(id) }
        }
        guard ordered, ids.count > 1 else { return ids }
        return ids.compactMap { collection.index(id: $0) }.sorted().map { collection[$0].id }
    }

    /// Step 1: writes the copies edited by the action to their owned values.
    func writeEdits(_ state: inout State) {
        let now = state[keyPath: elements]
        guard now.version != elementsVersion else { return }
        let changed = Self.changedIDs(in: now, since: elementsVersion)
        let candidates = changed.map { ids in ids.compactMap { now[id: $0] } } ?? Array(now)
        for (index, view) in views.enumerated() {
            for element in candidates {
                // An element that was not there before the action holds no edit (a pushed screen).
                guard let previous = copies[element.id]?[index].value, let copy = view.get(element), previous != copy
                else { continue }
                if state[keyPath: source][id: copy.id] != nil { state[keyPath: source][id: copy.id] = copy }
            }
        }
    }

    /// Step 2, after every entry's step 1: sets each copy that differs from its owned value.
    func refresh(_ state: inout State) {
        // The owned values, as the edits left them (this step writes only the elements). The
        // elements are read from the state as it goes: a copy of them held here would make each
        // write below copy their storage (a chunk of 10,000 screens: ~150,000 instructions).
        let owned = state[keyPath: source]
        let ownedUnchanged = owned.version == sourceVersion
        let elementsNow = state[keyPath: elements].version
        guard !(ownedUnchanged && elementsNow == elementsVersion) else {
            refreshedVersion = elementsNow
            return
        }
        // Which owned values changed, and which elements — read from the logs now, so that an
        // earlier entry's refresh of these elements counts: `nil` when a log cannot tell.
        let changedOwned: [Value.ID]? =
            ownedUnchanged ? [] : Self.changedIDs(in: owned, since: sourceVersion, ordered: false)
        let changedElements = Self.changedIDs(in: state[keyPath: elements], since: elementsVersion, ordered: false)
        guard let changedOwned, let changedElements else {
            // Every copy is read; the elements gone are forgotten.
            copies = [:]
            holders = [:]
            unsettled = []
            let ids = state[keyPath: elements].map { $0.id }
            for (index, view) in views.enumerated() {
                for id in ids { refreshCopy(of: id, at: index, view, in: &state, owned: owned) }
            }
            refreshedVersion = state[keyPath: elements].version
            return
        }
        // The others agree still: unchanged, settled, and so are their owned values.
        var candidates = Set(changedElements).union(unsettled)
        for id in changedOwned {
            if let holding = holders[id] { candidates.formUnion(holding) }
        }
        for (index, view) in views.enumerated() {
            for id in candidates { refreshCopy(of: id, at: index, view, in: &state, owned: owned) }
        }
        refreshedVersion = state[keyPath: elements].version
    }

    /// Sets the copy at `view` of the element `id` to its owned value where they differ, and
    /// remembers it.
    private func refreshCopy(
        of id: ElementID, at index: Int, _ view: SharedView<Element, Value>, in state: inout State,
        owned: IdentifiedArray<Value.ID, Value>
    ) {
        guard var element = state[keyPath: elements][id: id] else { return }
        guard let copy = view.get(element) else { return remember(Copy(value: nil, settled: true), of: id, at: index) }
        guard let value = owned[id: copy.id], value != copy else {
            return remember(Copy(value: copy, settled: true), of: id, at: index)
        }
        remember(Copy(value: value, settled: true), of: id, at: index)
        view.set(&element, value)
        state[keyPath: elements][id: id] = element
    }

    /// Remembers the copy at `index` of the element `id`, and which owned value it stands for.
    /// The index and the unsettled set are touched only when they change (each a generic hashing
    /// of the identifier).
    private func remember(_ copy: Copy, of id: ElementID, at index: Int) {
        // A new element's views hold no copy until each is remembered (in the same pass).
        var entry = copies[id] ?? Array(repeating: Copy(value: nil, settled: true), count: views.count)
        let old = entry[index]
        let wasSettled = entry.allSatisfy { $0.settled }
        entry[index] = copy
        copies[id] = entry
        let oldID = old.value?.id
        let newID = copy.value?.id
        if oldID != newID {
            if let oldID {
                holders[oldID]?.remove(id)
                if holders[oldID]?.isEmpty == true { holders[oldID] = nil }
            }
            if let newID { holders[newID, default: []].insert(id) }
        }
        let isSettled = entry.allSatisfy { $0.settled }
        if isSettled != wasSettled {
            if isSettled { unsettled.remove(id) } else { unsettled.insert(id) }
        }
    }

    /// Step 3, after every entry's step 2: remembers the versions, and re-reads the elements a
    /// later entry changed (two entries showing copies in one collection).
    func settle(_ state: State) {
        let now = state[keyPath: elements]
        if now.version != refreshedVersion {
            let ids = Self.changedIDs(in: now, since: refreshedVersion) ?? now.map { $0.id }
            for id in ids {
                guard let element = now[id: id] else { continue }
                // Not known to agree: read again at the next change.
                for (index, view) in views.enumerated() {
                    remember(Copy(value: view.get(element), settled: false), of: id, at: index)
                }
            }
        }
        sourceVersion = state[keyPath: source].version
        elementsVersion = now.version
    }
}

/// How to make one store's ``TrackedCopies`` for an entry, from the store's initial state.
///
/// `@unchecked Sendable`: its function captures only the app's `Sendable` key paths and views
/// (whose generic parameters need not be `Sendable`, which a `@Sendable` closure would require of
/// them), and each call makes a new object, shared with nothing.
struct CopyTracking<State>: @unchecked Sendable {
    /// Makes one store's steps: edits, refresh, settle.
    let make: (State) -> TrackedSteps<State>

    init<Value: Identifiable & Equatable & Sendable, ElementID, Element>(
        source: WritableKeyPath<State, IdentifiedArray<Value.ID, Value>>,
        elements: WritableKeyPath<State, IdentifiedArray<ElementID, Element>>,
        views: [SharedView<Element, Value>]
    ) {
        make = { initialState in
            let tracked = TrackedCopies(source: source, elements: elements, views: views, initialState: initialState)
            return TrackedSteps(writeEdits: tracked.writeEdits, refresh: tracked.refresh, settle: tracked.settle)
        }
    }
}

/// One store's three steps of one entry (``TrackedCopies``).
struct TrackedSteps<State> {
    let writeEdits: (inout State) -> Void
    let refresh: (inout State) -> Void
    let settle: (State) -> Void
}
