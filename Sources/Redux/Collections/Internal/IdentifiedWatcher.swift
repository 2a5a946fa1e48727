import Observation

/// What a ``RowScope`` reads its row through: the watcher of the list it belongs to — a plain
/// array's (``CollectionWatcher``) or an identified array's (``IdentifiedWatcher``).
@MainActor
@usableFromInline
protocol RowWatching<Root, Element>: AnyObject, Sendable {
    associatedtype Root
    associatedtype Element: Identifiable & Equatable where Element.ID: Sendable
    var core: StoreCore<Root> { get }
    /// The list's path from the store's state, for bindings' log lines.
    var pathPrefix: String? { get }
    /// How many rows are armed: read by a view since they last changed.
    var armedRows: Int { get set }
    /// Whether the list's identifiers are observed (a `ForEach` over the row scopes).
    var isStructureArmed: Bool { get set }
    /// The store's tracked member for the list, armed while anything in it is observed.
    var member: ObservedMember<Root>? { get }
    /// Under which the list's observers are registered.
    var structureKeyPath: KeyPath<StoreCore<Root>, Int> { get }
    /// The row's current element (remembered as its last known); its last value once removed.
    func element(of row: RowEntry<Root, Element>, in root: UnsafePointer<Root>) -> Element
    /// The list's version in `root` — a stamp every change of an identified collection renews, so
    /// an equal one means an unchanged list — or `nil` when the list has none (a plain array).
    func listVersion(in root: UnsafePointer<Root>) -> UInt64?
    /// Registers a dependency on the row and arms it.
    func observe(_ row: RowEntry<Root, Element>)
    /// The rows' entries by identifier.
    var rows: [Element.ID: RowEntry<Root, Element>] { get set }
}

extension RowWatching {
    /// The row's scope was released: its entry goes unless it is observed or a new scope was made
    /// for it meanwhile. An entry keeps its row's last state, so one left behind by a popped screen
    /// or a removed row kept that state alive until the table was next swept (issue 45).
    func scopeReleased(_ row: RowEntry<Root, Element>) {
        guard rows[row.id] === row, !row.isArmed, row.scope == nil else { return }
        rows[row.id] = nil
    }
}

extension RowWatching {
    /// The end of a reduction's check, the same for both watchers: disarms the `changed` rows and,
    /// when `listChanged`, the list; keeps the store's member armed while anything is still observed;
    /// then tells the observers — observer code last, since an observer that reads a row again
    /// re-arms it with the new value.
    @inlinable
    func publish(_ changed: [RowEntry<Root, Element>], listChanged: Bool) {
        if listChanged {
            isStructureArmed = false
        }
        for row in changed {
            row.isArmed = false
        }
        armedRows -= changed.count
        if armedRows > 0 || isStructureArmed, let member {
            core.arm(member)
        }
        for row in changed {
            row.publishChange()
        }
        // A row no longer observed and no longer scoped is forgotten with the state it kept (a
        // popped screen's, a removed row's): nothing would read it again (issue 45).
        for row in changed where !row.isArmed && row.scope == nil && rows[row.id] === row {
            rows[row.id] = nil
        }
        if listChanged {
            core.registrar.willSet(core, keyPath: structureKeyPath)
            core.registrar.didSet(core, keyPath: structureKeyPath)
        }
    }
}

extension CollectionWatcher: RowWatching {}

/// Watches one ``IdentifiedArray`` for its row scopes, reading the collection's change log instead
/// of the collection: what a reduction costs the watcher follows what changed, not the list's size.
///
/// After a reduction it compares the collection's version stamp with the one it last saw (one load
/// at the stamp's offset in the state). When they differ, it reads the changes logged since: an
/// element written names its identifier, so only that row (if observed) is compared with the value
/// it last showed; a change of the identifiers (append, insert, remove, move, sort) tells the list's
/// observers and compares each observed row with its last value (a row whose element is unchanged
/// is not invalidated — appending re-renders no other row). When the stamp it saw is no longer in
/// the log (many changes at once, or a new collection assigned), it does the same full comparison
/// of observed rows, which is exact. The watcher keeps no copy of the list, so the reducer's writes
/// never copy it either.
@MainActor
@usableFromInline
final class IdentifiedWatcher<Root, ID: Hashable & Sendable, Element: Identifiable & Equatable>
where Element.ID == ID {
    @usableFromInline typealias List = IdentifiedArray<ID, Element>

    @usableFromInline let core: StoreCore<Root>
    @usableFromInline let reader: MemberReader<Root, List>
    @usableFromInline let versionReader: MemberReader<Root, UInt64>
    @usableFromInline let structureReader: MemberReader<Root, UInt64>
    @usableFromInline let pathPrefix: String?
    /// The collection's name in element actions (``ElementAction/path``).
    @usableFromInline let elementPath: String
    @usableFromInline var lastVersion: UInt64 = 0
    @usableFromInline var lastStructureVersion: UInt64 = 0
    @usableFromInline var rows: [ID: RowEntry<Root, Element>] = [:]
    @usableFromInline var armedRows = 0
    /// Whether the list of identifiers is observed (``StoreProtocol/scopes(_:)-(KeyPath<Self.State,IdentifiedArray<ID,Element>>)``).
    @usableFromInline var isStructureArmed = false
    @usableFromInline let structureKeyPath: KeyPath<StoreCore<Root>, Int>
    /// The key under which every row registers with its own registrar (see ``RowEntry``).
    @usableFromInline let rowKeyPath = \RowEntry<Root, Element>.index
    /// The watcher's entry in the store's member tracking. Set once, right after `init`.
    @usableFromInline var member: ObservedMember<Root>?
    /// ``element(of:in:)``'s body, made by the inlinable `init` (called from the app's module by
    /// `scope(_:id:)`): compiled for the app's types. A row's scope reads its element through the
    /// watcher's protocol, whose witness is the library's generic code; run there, the lookup asked
    /// the runtime for the collection's metadata (~3,800 instructions a read, twice an action).
    @usableFromInline let findElement: @MainActor (RowEntry<Root, Element>, UnsafePointer<Root>) -> Element

    @inlinable
    init(core: StoreCore<Root>, keyPath: KeyPath<Root, List>) {
        self.core = core
        let reader = MemberReader(keyPath)
        findElement = { row, root in Self.element(of: row, in: reader.read(root)) }
        self.reader = reader
        versionReader = MemberReader(keyPath.appending(path: \List.version))
        structureReader = MemberReader(keyPath.appending(path: \List.structureVersion))
        pathPrefix = BindingAction<Root>.path(of: keyPath)
        elementPath = ElementAction.path(of: keyPath)
        structureKeyPath = \StoreCore<Root>.[observedMember: core.machine.members.newSlot()]
    }

    /// Makes the watcher's entry in the member tracking (see ``CollectionWatcher/makeMember()``;
    /// the store breaks the closures' cycle when it shuts down).
    @inlinable
    func makeMember() -> ObservedMember<Root> {
        ObservedMember<Root>(
            isUnchanged: { root in self.versionReader.read(root) == self.lastVersion },
            remember: { root in
                self.lastVersion = self.versionReader.read(root)
                self.lastStructureVersion = self.structureReader.read(root)
            },
            disarm: {},
            access: { _ in },
            publish: { _ in self.publishChanges() }
        )
    }

    func detach() {
        member = nil
        rows = [:]
    }

    @inlinable
    func arm() {
        guard let member, !member.isArmed else { return }
        core.arm(member)
    }

    /// After a reduction changed the collection's version: tells the observers of the rows whose
    /// element changed, and the list's observers when the identifiers changed.
    @inlinable
    func publishChanges() {
        let list = withPointer(to: core.state) { reader.read($0) }
        var changed: [RowEntry<Root, Element>] = []
        var compareAll = true
        if armedRows > 0, let changes = list.changes(since: lastVersion) {
            compareAll = false
            for change in changes {
                guard let id = change.id else {
                    compareAll = true
                    break
                }
                if let row = rows[id], row.isArmed, !changed.contains(where: { $0 === row }),
                    let element = list[id: id], element != row.lastKnown
                {
                    changed.append(row)
                }
            }
        }
        if compareAll, armedRows > 0 {
            changed = []
            for row in rows.values where row.isArmed {
                // A removed row counts as changed: its observers are told (and it is disarmed, so a
                // table of rows that come and go stays bounded).
                if list[id: row.id].map({ $0 != row.lastKnown }) ?? true {
                    changed.append(row)
                }
            }
        }
        let structureChanged = list.structureVersion != lastStructureVersion
        publish(changed, listChanged: isStructureArmed && structureChanged)
        if structureChanged {
            // Rows may have left the list (a screen popped): their entries — and the last state
            // each kept — go now, unless a view still holds or observes them.
            forgetRowsGone(from: list)
        }
    }

    /// The row scope for `id`, or `nil` when no element has that identifier.
    @inlinable
    func row(id: ID) -> ScopedStore<Element>? {
        if let entry = rows[id] {
            return scope(of: entry)
        }
        let list = withPointer(to: core.state) { reader.read($0) }
        guard let index = list.index(id: id) else { return nil }
        if rows.count > 2 * list.count + 16 {
            forgetRowsGone(from: list)
        }
        return scope(of: makeRow(id: id, index: index, element: list[index]))
    }

    /// Drops the entries of rows that left the collection and that nobody holds or observes, so a
    /// stack pushed and popped, or a list whose rows come and go, keeps a bounded table and no
    /// popped screen's state: run after a reduction that changed the identifiers while the list is
    /// watched, and when a row is scoped and the table has grown to twice the collection's size.
    @usableFromInline
    func forgetRowsGone(from list: List) {
        guard rows.count > list.count || rows.keys.contains(where: { !list.ids.contains($0) }) else { return }
        rows = rows.filter { id, entry in list.ids.contains(id) || entry.isArmed || entry.scope != nil }
    }

    /// A row scope per element, in order; observes the identifiers.
    @inlinable
    func allRows() -> [ScopedStore<Element>] {
        core.registrar.access(core, keyPath: structureKeyPath)
        let list = withPointer(to: core.state) { reader.read($0) }
        if !isStructureArmed {
            isStructureArmed = true
            arm()
        }
        let scopes = list.indices.map { index in
            let element = list[index]
            if let entry = rows[element.id] {
                return scope(of: entry)
            }
            return scope(of: makeRow(id: element.id, index: index, element: element))
        }
        if rows.count > 2 * list.count + 16 {
            forgetRowsGone(from: list)
        }
        return scopes
    }

    @inlinable
    func makeRow(id: ID, index: Int, element: Element) -> RowEntry<Root, Element> {
        let entry = RowEntry<Root, Element>(
            id: id, index: index, element: element,
            keyPath: rowKeyPath)
        if !core.released.isSet {
            rows[id] = entry
        }
        return entry
    }

    @usableFromInline
    func scope(of entry: RowEntry<Root, Element>) -> ScopedStore<Element> {
        if let scope = entry.scope {
            return scope
        }
        let row = RowScope(watcher: self, entry: entry)
        // Work the row's scope starts ends when the row leaves the list, whoever removes it.
        let reader = reader
        let id = entry.id
        let watchWork: @MainActor ([OwnerStep]) -> Void = { [weak core] owner in
            core?.watchLiveness(of: owner) { root in reader.read(root).ids.contains(id) }
        }
        let scope = ScopedStore(
            ElementScope(base: row, step: OwnerStep(path: elementPath, id: entry.id), watchWork: watchWork))
        entry.scope = scope
        return scope
    }

    @inlinable
    func observe(_ row: RowEntry<Root, Element>) {
        row.access()
        guard !row.isArmed else { return }
        row.isArmed = true
        armedRows += 1
        arm()
    }

    /// The row's element: at the position where it was last found when it is still there (no
    /// hashing), else looked up by identifier.
    @inlinable
    func element(of row: RowEntry<Root, Element>, in root: UnsafePointer<Root>) -> Element {
        findElement(row, root)
    }

    /// The collection's version in `root`: a load at its offset when the key path allows.
    @usableFromInline
    func listVersion(in root: UnsafePointer<Root>) -> UInt64? {
        versionReader.read(root)
    }

    /// The row's element in `list` (see ``element(of:in:)``).
    @inlinable
    static func element(of row: RowEntry<Root, Element>, in list: List) -> Element {
        if row.index < list.count, list.slots[row.index].element.id == row.id {
            row.lastKnown = list.slots[row.index].element
        } else if let index = list.index(id: row.id) {
            row.index = index
            row.lastKnown = list.slots[index].element
        }
        return row.lastKnown
    }
}

extension IdentifiedWatcher: RowWatching, DetachableWatcher {}

extension StoreCore {
    /// The watcher of the identified collection at `keyPath`; made once per collection.
    @inlinable
    func identifiedWatcher<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        at keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
    ) -> IdentifiedWatcher<State, ID, Element> {
        watcher(at: keyPath) { core in
            let watcher = IdentifiedWatcher(core: core, keyPath: keyPath)
            watcher.member = watcher.makeMember()
            return watcher
        }
    }
}
