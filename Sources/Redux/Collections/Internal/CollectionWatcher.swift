import Observation

/// Watches one array of identified values for its row scopes: tells a row's observers when that
/// element changed, and a list's observers when the identifiers changed — and costs next to nothing
/// when the array did not change.
///
/// It takes part in the store's member tracking as one ``ObservedMember``, armed while any row (or
/// the list of identifiers) is observed. After a reduction, the array is first compared by storage:
/// the watcher keeps the array it last saw, so a reducer that changes the array has to copy it
/// (copy-on-write), and an array still in the same storage is unchanged — one comparison, whatever
/// the number of rows observed. When the storage differs, the old and new arrays are walked side by
/// side, comparing elements (`==`); only a changed element's identifier is looked up among the
/// observed rows, so the cost follows the array's length and what changed, not how many rows are
/// observed. When identifiers moved, were added or removed, each observed row is found by its
/// identifier instead.
@MainActor
@usableFromInline
final class CollectionWatcher<Root, Element: Identifiable & Equatable> where Element.ID: Sendable {
    @usableFromInline let core: StoreCore<Root>
    @usableFromInline let reader: MemberReader<Root, [Element]>
    @usableFromInline let pathPrefix: String?
    /// The array when the watcher was armed or last compared. Unchecked in release builds, like the
    /// store's state: with the dynamic check, 1,000 observed rows over an unchanged array cost 611
    /// instructions per dispatch instead of 523 (`.ci/perf-guard` holds the figure).
    #if DEBUG
        @usableFromInline var last: [Element] = []
    #else
        @exclusivity(unchecked) @usableFromInline var last: [Element] = []
    #endif
    @usableFromInline var rows: [Element.ID: RowEntry<Root, Element>] = [:]
    @usableFromInline var armedRows = 0
    /// Whether the list of identifiers is observed (``StoreProtocol/scopes(_:)-(KeyPath<Self.State,[Element]>)``).
    @usableFromInline var isStructureArmed = false
    @usableFromInline let structureKeyPath: KeyPath<StoreCore<Root>, Int>
    /// The key under which every row registers with its own registrar; formed once (forming a key
    /// path into a generic class allocates).
    @usableFromInline let rowKeyPath = \RowEntry<Root, Element>.index
    /// The watcher's entry in the store's member tracking. Set once, right after `init`.
    @usableFromInline var member: ObservedMember<Root>?
    /// ``element(of:in:)``'s body, made by the inlinable `init`: compiled for the app's types (a
    /// row's scope reads through the watcher's protocol, whose witness is generic library code).
    @usableFromInline let findElement: @MainActor (RowEntry<Root, Element>, UnsafePointer<Root>) -> Element

    @inlinable
    init(core: StoreCore<Root>, keyPath: KeyPath<Root, [Element]>) {
        self.core = core
        let reader = MemberReader(keyPath)
        findElement = { row, root in
            if let element = row.find(in: reader.read(root)) {
                row.lastKnown = element
            }
            return row.lastKnown
        }
        self.reader = reader
        pathPrefix = BindingAction<Root>.path(of: keyPath)
        structureKeyPath = \StoreCore<Root>.[observedMember: core.machine.members.newSlot()]
    }

    /// Makes the watcher's entry in the member tracking. Inlinable with the watcher's creation, so
    /// the comparison runs specialised for the element type. The closures hold the watcher strongly
    /// (an unowned reference costs a runtime call per use); the store breaks that cycle when it
    /// shuts down (``detach()``).
    @inlinable
    func makeMember() -> ObservedMember<Root> {
        ObservedMember<Root>(
            isUnchanged: { root in self.hasSameStorage(root) },
            remember: { root in self.last = self.reader.read(root) },
            disarm: {},
            access: { _ in },
            publish: { _ in self.publishChanges() }
        )
    }

    /// Whether the array in `root` is the array last seen, in the same storage.
    @inlinable
    func hasSameStorage(_ root: UnsafePointer<Root>) -> Bool {
        let array = reader.read(root)
        guard array.count == last.count else { return false }
        return withBuffer(of: array) { new in withBuffer(of: last) { old in new.baseAddress == old.baseAddress } }
    }

    /// Breaks the watcher ↔ member cycle (the store shuts down).
    func detach() {
        member = nil
        rows = [:]
    }

    /// Arms the watcher, so that the next reductions compare the array.
    @inlinable
    func arm() {
        guard let member, !member.isArmed else { return }
        core.arm(member)
    }

    /// After a reduction changed the array's storage: finds the observed rows whose element changed
    /// and tells their observers; tells the list's observers when the identifiers changed.
    @inlinable
    func publishChanges() {
        let old = last
        let new = withPointer(to: core.state) { reader.read($0) }
        var changed: [RowEntry<Root, Element>] = []
        var isStructural = old.count != new.count
        if !isStructural {
            for index in new.indices where old[index] != new[index] {
                guard old[index].id == new[index].id else {
                    isStructural = true
                    break
                }
                if armedRows > 0, let row = rows[new[index].id], row.isArmed {
                    row.index = index
                    changed.append(row)
                }
            }
        }
        if isStructural {
            changed = structurallyChangedRows(old: old, new: new)
        }
        publish(changed, listChanged: isStructural && isStructureArmed)
    }

    /// The observed rows whose element changed, was removed or moved, when identifiers changed.
    @inlinable
    func structurallyChangedRows(old: [Element], new: [Element]) -> [RowEntry<Root, Element>] {
        guard armedRows > 0 else { return [] }
        var changed: [RowEntry<Root, Element>] = []
        for row in rows.values where row.isArmed {
            let before = row.find(in: old)
            let after = row.find(in: new)
            if before != after {
                changed.append(row)
            }
        }
        return changed
    }

    /// The row scope for `id`, or `nil` when no element has that identifier.
    @inlinable
    func row(id: Element.ID) -> ScopedStore<Element>? {
        if let entry = rows[id] {
            return scope(of: entry)
        }
        let array = withPointer(to: core.state) { reader.read($0) }
        guard let index = array.firstIndex(where: { $0.id == id }) else { return nil }
        return scope(of: makeRow(id: id, index: index, element: array[index]))
    }

    /// A row scope per element, in order; observes the identifiers.
    @inlinable
    func allRows() -> [ScopedStore<Element>] {
        core.registrar.access(core, keyPath: structureKeyPath)
        let array = withPointer(to: core.state) { reader.read($0) }
        if !isStructureArmed {
            isStructureArmed = true
            arm()
        }
        let scopes = array.indices.map { index in
            let element = array[index]
            if let entry = rows[element.id] {
                entry.index = index
                return scope(of: entry)
            }
            return scope(of: makeRow(id: element.id, index: index, element: element))
        }
        if rows.count > 2 * array.count + 16 {
            forgetRowsGone(from: array)
        }
        return scopes
    }

    /// Drops the entries of rows that left the array and that nobody holds or observes, so a list
    /// whose rows come and go (search results) keeps a bounded table. Run when the table has grown
    /// to twice the array's length, so its cost is spread over the rows added meanwhile.
    @usableFromInline
    func forgetRowsGone(from array: [Element]) {
        let present = Set(array.lazy.map(\.id))
        rows = rows.filter { id, entry in present.contains(id) || entry.isArmed || entry.scope != nil }
    }

    @inlinable
    func makeRow(id: Element.ID, index: Int, element: Element) -> RowEntry<Root, Element> {
        let entry = RowEntry<Root, Element>(
            id: id, index: index, element: element,
            keyPath: rowKeyPath)
        if !core.released.isSet {
            rows[id] = entry
        }
        return entry
    }

    /// The row's scope: the one in use, or a new one. The entry holds it weakly (the scope holds the
    /// entry), so rows nobody shows cost an entry, not a scope.
    @usableFromInline
    func scope(of entry: RowEntry<Root, Element>) -> ScopedStore<Element> {
        if let scope = entry.scope {
            return scope
        }
        let scope = ScopedStore(RowScope(watcher: self, entry: entry))
        entry.scope = scope
        return scope
    }

    /// Registers a dependency on the row and arms it.
    @inlinable
    func observe(_ row: RowEntry<Root, Element>) {
        row.access()
        guard !row.isArmed else { return }
        row.isArmed = true
        armedRows += 1
        arm()
    }

    /// The row's current element (and remembers where it was); its last value once removed.
    @inlinable
    func element(of row: RowEntry<Root, Element>, in root: UnsafePointer<Root>) -> Element {
        findElement(row, root)
    }

    /// `nil`: an array has no version (its rows' presentations are checked after every reduction).
    @usableFromInline
    func listVersion(in root: UnsafePointer<Root>) -> UInt64? { nil }
}

/// One row of a watched array or identified collection: whether it is observed, where it was last
/// found, its last value, and its scope.
///
/// A row registers its observers with a registrar of its own, not the store's: the Observation
/// registrar keeps a dictionary keyed by key path, and a lookup compares key paths (~560
/// instructions each through `AnyKeyPath.==`) along the probe sequence — with every row in one
/// dictionary, how many compares a row's change costs depended on the table's layout (27,000 to
/// 44,000 instructions per changed row across builds of the same code); alone in its registrar, a
/// row's lookups meet one key.
@MainActor
@usableFromInline
final class RowEntry<Root, Element: Identifiable & Equatable>: Observable where Element.ID: Sendable {
    @usableFromInline let id: Element.ID
    /// Where the row was last found, and its element then: read and written on the main actor
    /// only, after every action that changes the list (the row's scope reads its state through
    /// them several times an action). Unchecked exclusivity in release builds (docs/architecture.md,
    /// "The unchecked-exclusivity pattern"; debug builds keep the check). Measured with the check
    /// (a runtime call per access): `navigation, stack of 1 enum screens, an action of the top
    /// screen` 14,973 → 15,475 instructions; held by `.ci/perf-guard`'s threshold for that scenario.
    #if DEBUG
        @usableFromInline var index: Int
        @usableFromInline var lastKnown: Element
    #else
        @exclusivity(unchecked) @usableFromInline var index: Int
        @exclusivity(unchecked) @usableFromInline var lastKnown: Element
    #endif
    @usableFromInline var isArmed = false
    @usableFromInline let keyPath: KeyPath<RowEntry, Int>
    @usableFromInline let registrar = ObservationRegistrar()
    /// The row's scope while anyone holds it.
    @usableFromInline weak var scope: ScopedStore<Element>?

    @inlinable
    init(id: Element.ID, index: Int, element: Element, keyPath: KeyPath<RowEntry, Int>) {
        self.id = id
        self.index = index
        self.lastKnown = element
        self.keyPath = keyPath
    }

    /// Registers a dependency on this row with the current observation tracking.
    @inlinable
    func access() {
        registrar.access(self, keyPath: keyPath)
    }

    /// Tells this row's observers that its element changed.
    @inlinable
    func publishChange() {
        registrar.willSet(self, keyPath: keyPath)
        registrar.didSet(self, keyPath: keyPath)
    }

    /// The element with this row's identifier in `array`: at the index where it was last found, or
    /// searched for (and the index remembered).
    @inlinable
    func find(in array: [Element]) -> Element? {
        if index < array.count, array[index].id == id {
            return array[index]
        }
        guard let found = array.firstIndex(where: { $0.id == id }) else { return nil }
        index = found
        return array[found]
    }
}

/// A list row: one element of a watched array or identified collection, found by identifier.
@MainActor
final class RowScope<Root, Element: Identifiable & Equatable>: ScopeSource where Element.ID: Sendable {
    let watcher: any RowWatching<Root, Element>
    let entry: RowEntry<Root, Element>
    /// The watcher's store, held here too (the watcher holds it already, so no lifetime changes):
    /// read through the watcher's protocol, each read returned it retained, and a store that
    /// scopes hold weakly retains through its side table (~200 instructions an action of a row).
    let core: StoreCore<Root>

    init(watcher: any RowWatching<Root, Element>, entry: RowEntry<Root, Element>) {
        self.watcher = watcher
        self.entry = entry
        core = watcher.core
    }

    deinit {
        // The watcher forgets the row's entry (and the last state it kept) with the scope.
        let watcher = watcher
        let entry = entry
        MainActorCheck.runOnMainActor { watcher.scopeReleased(entry) }
    }

    var effects: Effects { core.effects }
    var pathPrefix: String? { (watcher.pathPrefix ?? "") + "[id: \(entry.id)]" }
    var elementID: (any Hashable & Sendable)? { entry.id }

    func currentState() -> Element {
        withPointer(to: core.state) { watcher.element(of: entry, in: $0) }
    }

    func observeWhole() { watcher.observe(entry) }

    func observe<Value: Equatable>(_: KeyPath<Element, Value>, probe: (_ offset: Int) -> MemberProbe) {
        watcher.observe(entry)
    }

    func dispatch(_ action: any Action) { core.dispatchFromScope(action) }

    func dispatchToStore(_ action: any Action, owner: [OwnerStep]) {
        core.effects.withOwner(owner) { core.dispatchFromScope(action) }
    }

    func watchLiveness(of chain: [OwnerStep], _ isLive: @escaping @MainActor () -> Bool) {
        core.watchLiveness(of: chain) { _ in isLive() }
    }

    func subscribe(_ observer: @escaping @MainActor (Element) -> Void) -> Subscription {
        guard !core.released.isSet else { return releasedSubscription() }
        return core.subscribe(
            Subscriber(reading: { [watcher, entry] root in observer(watcher.element(of: entry, in: root)) }))
    }

    /// After the reductions that renewed the list's version (all of them for a plain array, which
    /// has none): an unchanged identified collection has unchanged rows.
    func watchChanges(_ observer: @escaping @MainActor (Element) -> Void) -> Subscription {
        guard !core.released.isSet else { return releasedSubscription() }
        let seen = LastRead<UInt64>()
        return core.subscribe(
            Subscriber(reading: { [watcher, entry] root in
                if let version = watcher.listVersion(in: root) {
                    if version == seen.value { return }
                    seen.value = version
                }
                observer(watcher.element(of: entry, in: root))
            }))
    }

    func subscribe<Value: Equatable>(
        select: @escaping @MainActor (Element) -> Value, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        guard !core.released.isSet else { return releasedSubscription() }
        let last = LastValue<Value?>(nil)
        return core.subscribe(
            Subscriber(reading: { [watcher, entry] root in
                let value = select(watcher.element(of: entry, in: root))
                if last.replace(with: value) { observer(value) }
            }))
    }

}

extension CollectionWatcher: DetachableWatcher {}

extension StoreCore {
    /// The watcher of the identified array at `keyPath`; made once per array.
    @inlinable
    func collectionWatcher<Element: Identifiable & Equatable>(
        at keyPath: KeyPath<State, [Element]>
    ) -> CollectionWatcher<State, Element> where Element.ID: Sendable {
        watcher(at: keyPath) { core in
            let watcher = CollectionWatcher(core: core, keyPath: keyPath)
            watcher.member = watcher.makeMember()
            return watcher
        }
    }

    /// The watcher of type `Watcher` kept for `keyPath` (rows of an array or an identified
    /// collection, an optional child's presence), or a new one from `make`, kept unless the store
    /// was released (a released store keeps nothing: its watchers' cycles are already broken).
    @inlinable
    func watcher<Watcher: AnyObject>(at keyPath: AnyKeyPath, make: (StoreCore) -> Watcher) -> Watcher {
        if let found = ScopeRegistry.find(keyPath, in: scopes.watchers) as? Watcher {
            return found
        }
        let watcher = make(self)
        if !released.isSet {
            scopes.watchers.append((keyPath, watcher))
        }
        return watcher
    }

    /// Arms a tracked member: remembers its current value and compares it after each reduction.
    @inlinable
    func arm(_ member: ObservedMember<State>) {
        withPointer(to: state) { member.remember($0) }
        member.isArmed = true
        machine.members.armed.append(member)
    }
}
