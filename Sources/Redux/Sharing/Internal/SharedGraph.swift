/// Where feature states live inside the states that hold them, learned when reducers are composed
/// (`pullback`, `Reducer.scope`, `ifLet`, `forEach`): the map a store walks to find every copy of a
/// ``SharedState``'s shared members, with no list in any parent.
///
/// A fact about types (`TwoTabs.counter` holds a `CounterTab`), so one table for the process behind
/// ``Locked``: written when a reducer is composed, read when a reconciler is made (a store's
/// creation, a test store's, a replay's) — never on the dispatch path.
@usableFromInline
package enum SharedGraph {
    /// One place a `Parent` holds child states: how to read them, compare them and write agreed
    /// values into them. Immutable; a class, so that the walks' loops over a type's places retain
    /// one object per place, not each of its closures.
    @usableFromInline
    final class Edge<Parent>: Sendable {
        @usableFromInline let child: ObjectIdentifier
        @usableFromInline let read: @Sendable (Parent, String, SharedWalk) -> Void
        /// Compares the children of two states (before and after an action), entering only those
        /// that may differ; tells the walk which children appeared (with their copies) or left.
        @usableFromInline let diff: @Sendable (Parent, Parent, SharedWalk) -> Void
        /// Whether a child holds a copy that differs from the walk's agreed value (``SharedWalk/agree(_:)``).
        @usableFromInline let differs: @Sendable (Parent, SharedWalk) -> Bool
        /// Writes the walk's agreed values into the children holding a copy that differs, entering
        /// (and writing back) only those.
        @usableFromInline let agree: @Sendable (inout Parent, SharedWalk) -> Void

        init(
            child: ObjectIdentifier, read: @escaping @Sendable (Parent, String, SharedWalk) -> Void,
            diff: @escaping @Sendable (Parent, Parent, SharedWalk) -> Void,
            differs: @escaping @Sendable (Parent, SharedWalk) -> Bool,
            agree: @escaping @Sendable (inout Parent, SharedWalk) -> Void
        ) {
            self.child = child
            self.read = read
            self.diff = diff
            self.differs = differs
            self.agree = agree
        }
    }

    private struct Entry {
        let identity: AnyHashable
        let child: ObjectIdentifier
        let edge: Any
    }

    private static let table = Locked<[ObjectIdentifier: [Entry]]>([:])

    @usableFromInline
    static func record<Parent, Child>(
        _: Parent.Type, _: Child.Type, identity: AnyHashable,
        read: @escaping @Sendable (Parent, String, SharedWalk) -> Void,
        diff: @escaping @Sendable (Parent, Parent, SharedWalk) -> Void,
        differs: @escaping @Sendable (Parent, SharedWalk) -> Bool,
        agree: @escaping @Sendable (inout Parent, SharedWalk) -> Void
    ) {
        SharedMembers.note(Child.self)
        let entry = Entry(
            identity: identity, child: ObjectIdentifier(Child.self),
            edge: Edge<Parent>(
                child: ObjectIdentifier(Child.self), read: read, diff: diff, differs: differs, agree: agree))
        table.withLock { table in
            let key = ObjectIdentifier(Parent.self)
            if table[key, default: []].contains(where: { $0.identity == identity }) { return }
            table[key, default: []].append(entry)
        }
    }

    /// A member always present (`pullback`, `Reducer.scope`). Inlinable, as the next: the closures
    /// are compiled for the app's types (run from the library, each visit asked the runtime for the
    /// metadata of the collection's storage and printed the identifier generically).
    @inlinable
    package static func recordMember<Parent, Child>(_ keyPath: WritableKeyPath<Parent, Child> & Sendable) {
        let name = BindingAction<Parent>.path(of: keyPath)
        let member = SharedPlace(keyPath)
        record(
            Parent.self, Child.self, identity: AnyHashable(keyPath as AnyKeyPath),
            read: { parent, location, walk in
                walk.collect(member.read(parent), at: walk.locates ? location + "." + name : "")
            },
            diff: { old, new, walk in walk.diff(member.read(old), member.read(new)) },
            differs: { parent, walk in walk.differs(member.read(parent)) },
            agree: { parent, walk in
                guard walk.differs(member.read(parent)) else { return }
                walk.agree(&parent[keyPath: keyPath])
            })
    }

    /// The elements of an identified collection (`forEach`).
    @inlinable
    package static func recordElements<Parent, ID: Hashable & Sendable, Element: Identifiable & Sendable>(
        _ keyPath: WritableKeyPath<Parent, IdentifiedArray<ID, Element>> & Sendable
    ) where Element.ID == ID {
        let name = BindingAction<Parent>.path(of: keyPath)
        let collection = SharedPlace(keyPath)
        record(
            Parent.self, Element.self, identity: AnyHashable(keyPath as AnyKeyPath),
            read: { parent, location, walk in
                for element in collection.read(parent) {
                    if walk.isSatisfied { return }
                    walk.collect(element, at: walk.locates ? "\(location).\(name)[\(element.id)]" : "")
                }
            },
            diff: { old, new, walk in
                let before = collection.read(old)
                let after = collection.read(new)
                // Unchanged since: every element as it was (each write to an element is logged).
                guard before.version != after.version else { return }
                // The element type's members and places, looked up once for all the rows compared.
                guard walk.entering.contains(ObjectIdentifier(Element.self)) else { return }
                let members = walk.members(of: Element.self)
                let edges = walk.edges(of: Element.self)
                if let changes = after.changes(since: before.version) {
                    // The elements written since, when the log still holds them and no element
                    // came, went or moved (a change without an identifier).
                    if !changes.contains(where: { $0.id == nil }) {
                        for change in changes {
                            guard let id = change.id, let was = before[id: id], let now = after[id: id] else {
                                return walk.needsWholeWalk()
                            }
                            walk.diff(was, now, members: members, edges: edges)
                            if walk.wholeWalkNeeded { return }
                        }
                        return
                    }
                } else if before.structureVersion == after.structureVersion, before.count == after.count {
                    // More were written than the log holds (an edit of a key that every row
                    // shows: each row's copy follows). The same elements in the same order:
                    // compared in step, each through its type.
                    for index in after.indices {
                        walk.diff(before[index], after[index], members: members, edges: edges)
                        if walk.wholeWalkNeeded { return }
                    }
                    return
                }
                // Elements came, went or moved: paired by identifier, as the whole walk pairs
                // copies by place.
                walk.pair(before, after, members: members, edges: edges)
            },
            differs: { parent, walk in
                let plan = walk.agreeing(Element.self)
                guard plan.enters else { return false }
                return collection.read(parent).contains { plan.differs($0, walk) }
            },
            agree: { parent, walk in
                let plan = walk.agreeing(Element.self)
                guard plan.enters else { return }
                // The positions of the elements to write, found before any is written: a copy of
                // the collection held while writing would make each write copy its storage.
                let positions: [Int] = {
                    let elements = collection.read(parent)
                    return elements.indices.filter { plan.differs(elements[$0], walk) }
                }()
                for position in positions {
                    plan.agree(&parent[keyPath: keyPath][position], walk)
                }
            })
    }

    /// A member read where the walks read it (every action's comparison among them): at its
    /// offset when the key path allows, through ``loadMember(_:at:in:)`` — the package's one typed
    /// read at an offset (``MemberReader``) — not the runtime's key-path projection (~1,000
    /// instructions a read with its metadata lookups, twice an action for each list a state's
    /// shared values live in).
    @usableFromInline
    struct SharedPlace<Parent, Child>: Sendable {
        @usableFromInline let keyPath: WritableKeyPath<Parent, Child> & Sendable
        @usableFromInline let offset: Int?

        @inlinable
        init(_ keyPath: WritableKeyPath<Parent, Child> & Sendable) {
            self.keyPath = keyPath
            offset = MemoryLayout<Parent>.offset(of: keyPath)
        }

        @inlinable
        func read(_ parent: Parent) -> Child {
            guard let offset else { return parent[keyPath: keyPath] }
            return withUnsafePointer(to: parent) { loadMember(Child.self, at: offset, in: UnsafeRawPointer($0)) }
        }
    }

    /// An optional child or an enum's case (`ifLet`), through its place.
    @usableFromInline
    static func recordPresented<Parent, Child>(_ place: ChildPlace<Parent, Child>, identity: AnyHashable) {
        record(
            Parent.self, Child.self, identity: identity,
            read: { parent, location, walk in
                guard let child = place.get(parent) else { return }
                walk.collect(
                    child, at: walk.locates ? "\(location).\(place.name ?? place.caseName(parent) ?? "(case)")" : "")
            },
            diff: { old, new, walk in
                switch (place.get(old), place.get(new)) {
                case (nil, nil): return
                case (let was?, let now?) where place.name != nil || place.caseName(old) == place.caseName(new):
                    walk.diff(was, now)
                case (let was, let now):  // presented, dismissed, or another case
                    if let was { walk.leave(was) }
                    if let now { walk.appear(now) }
                }
            },
            differs: { parent, walk in place.get(parent).map { walk.differs($0) } ?? false },
            agree: { parent, walk in
                guard place.get(parent).map({ walk.differs($0) }) == true, var child = place.take(&parent) else {
                    return
                }
                walk.agree(&child)
                place.put(&parent, child)
            })
    }

    /// The types that hold, at any depth, a ``SharedState`` — the places a walk enters — or `nil`
    /// when `Root` holds none.
    static func typesHoldingShared<Root>(from _: Root.Type) -> Set<ObjectIdentifier>? {
        let table = table.withLock { $0 }
        var holding: Set<ObjectIdentifier> = []
        var visiting: Set<ObjectIdentifier> = []
        // Depth first; a type on the way (a recursive tree) counts as holding none until it is known.
        func holds(_ type: ObjectIdentifier, isShared: Bool) -> Bool {
            if holding.contains(type) { return true }
            if !visiting.insert(type).inserted { return false }
            var found = isShared
            for entry in table[type] ?? [] where holds(entry.child, isShared: SharedMembers.isShared(entry.child)) {
                found = true
            }
            if found { holding.insert(type) }
            return found
        }
        let root = ObjectIdentifier(Root.self)
        guard holds(root, isShared: Root.self is any SharedState.Type) else { return nil }
        // A second pass: a recursive type's children learned after it was first met.
        visiting = []
        _ = holds(root, isShared: Root.self is any SharedState.Type)
        return holding
    }

    /// The edges of `Parent`.
    @usableFromInline
    static func edges<Parent>(of _: Parent.Type) -> [Edge<Parent>] {
        table.withLock { $0[ObjectIdentifier(Parent.self)] ?? [] }.compactMap { $0.edge as? Edge<Parent> }
    }
}

/// Which types are ``SharedState``s, by identifier: learned as the walk meets them.
@usableFromInline
enum SharedMembers {
    private static let known = Locked<Set<ObjectIdentifier>>([])

    static func note<T>(_: T.Type) {
        guard T.self is any SharedState.Type else { return }
        known.withLock { _ = $0.insert(ObjectIdentifier(T.self)) }
        if members(of: T.self)?.contains(where: { $0.persistence != nil }) == true {
            persisting.withLock { _ = $0.insert(ObjectIdentifier(T.self)) }
        }
    }

    static func isShared(_ type: ObjectIdentifier) -> Bool {
        known.withLock { $0.contains(type) }
    }

    /// The ``SharedState`` types seen that declare a persisted member (`ReduxPersistence`).
    private static let persisting = Locked<Set<ObjectIdentifier>>([])

    /// Whether any of `types` declares a persisted member.
    static func declaresPersisted(anyOf types: Set<ObjectIdentifier>) -> Bool {
        persisting.withLock { !$0.isDisjoint(with: types) }
    }

    /// `T`'s shared members, when it is a ``SharedState``.
    @usableFromInline
    static func members<T>(of _: T.Type) -> [SharedMember<T>]? {
        guard let shared = T.self as? any SharedState.Type else { return nil }
        func read<S: SharedState>(_: S.Type) -> Any { S.shared }
        return read(shared) as? [SharedMember<T>]
    }
}

/// One walk over the copies of shared values in a state: collecting them (``collect(_:at:)``),
/// comparing two states in step (``diff(_:_:)``), or writing agreed values into the copies that
/// differ (``agree(_:)``). A class, handed through the edges' closures.
@usableFromInline
final class SharedWalk {
    @usableFromInline
    struct Copy {
        let location: String
        @usableFromInline let key: String
        let value: any Sendable
        let equal: @Sendable (any Sendable, any Sendable) -> Bool
        let persistence: SharedPersistence?

        @usableFromInline
        init(
            location: String, key: String, value: any Sendable,
            equal: @escaping @Sendable (any Sendable, any Sendable) -> Bool, persistence: SharedPersistence?
        ) {
            self.location = location
            self.key = key
            self.value = value
            self.equal = equal
            self.persistence = persistence
        }
    }

    @usableFromInline let entering: Set<ObjectIdentifier>
    // Read and written by the inlinable visits (compiled for the app's types); nothing outside
    // this file touches them.
    @usableFromInline var copies: [Copy] = []
    /// The value every copy of each key is to show, for ``agree(_:)``.
    @usableFromInline var agreed: [String: any Sendable] = [:]
    /// Values as a ``SharedValuesLoaded`` carries them (JSON text by key), for ``agree(_:)``:
    /// decoded by the persisted members of their keys.
    @usableFromInline var loaded: [String: String] = [:]
    /// The keys of ``loaded`` whose text a member met did not decode.
    @usableFromInline var undecodedKeys: Set<String> = []
    /// Each type's part in ``agree(_:)`` (``Agreeing``), made once per walk.
    @usableFromInline var agreeingMemo: [ObjectIdentifier: Any] = [:]

    /// What ``diff(_:_:)`` found; `nil` when it found nothing (most actions: made, copied and
    /// released only when there is something in it). One field, read once after the comparison:
    /// each field of this class is a dynamic exclusivity check when read (~60 instructions).
    @usableFromInline var found: Findings?
    /// Whether ``diff(_:_:)`` met what it cannot pair by place (a log naming an element that one
    /// of the two states does not hold): only the whole walk can tell then.
    @usableFromInline var wholeWalkNeeded = false

    /// What a comparison of two states found.
    @usableFromInline
    struct Findings {
        /// Each copy whose value the action changed, in the order met.
        @usableFromInline var changed: [(key: String, value: any Sendable)] = []
        /// The copies held by the children that appeared (rows added, a sheet presented, another
        /// case shown), in the order the whole walk meets them.
        @usableFromInline var appeared: [Copy] = []
        /// The keys held by the children that left (a row removed, a sheet dismissed): a key may
        /// have no copy left.
        @usableFromInline var leftKeys: [String] = []

        @usableFromInline
        init() {}
    }
    /// Whether ``collect(_:at:)`` records where each copy is (the whole walk pairs copies by
    /// place); `false` for copies whose place is not asked (a child that appeared, a search).
    @usableFromInline var locates = true
    /// A search's keys and what it found of them (``firstCopies(of:in:)``); `nil` in other walks.
    @usableFromInline var search: Search?

    /// The keys a search looks for, and the first copy of each found so far.
    @usableFromInline
    struct Search {
        @usableFromInline let wanted: Set<String>
        @usableFromInline var found: [String: any Sendable] = [:]

        @usableFromInline
        init(wanted: Set<String>) { self.wanted = wanted }

        /// Whether every key is found.
        @inlinable
        var isDone: Bool { found.count == wanted.count }
    }

    /// Each type's places and members, looked up once per walk (a list's rows are one type: the
    /// table's lock and casts once, not once a row).
    @usableFromInline var edgesMemo: [ObjectIdentifier: Any] = [:]
    @usableFromInline var membersMemo: [ObjectIdentifier: Any] = [:]

    init(entering: Set<ObjectIdentifier>) {
        self.entering = entering
    }

    /// `T`'s places (``SharedGraph/edges(of:)``), once per walk.
    @inlinable
    func edges<T>(of _: T.Type) -> [SharedGraph.Edge<T>] {
        let id = ObjectIdentifier(T.self)
        if let known = edgesMemo[id] as? [SharedGraph.Edge<T>] { return known }
        let edges = SharedGraph.edges(of: T.self)
        edgesMemo[id] = edges
        return edges
    }

    /// `T`'s shared members (``SharedMembers/members(of:)``), once per walk.
    @inlinable
    func members<T>(of _: T.Type) -> [SharedMember<T>]? {
        let id = ObjectIdentifier(T.self)
        if let known = membersMemo[id] { return known as? [SharedMember<T>] }
        let members = SharedMembers.members(of: T.self)
        membersMemo[id] = members as Any
        return members
    }

    @usableFromInline
    func needsWholeWalk() { wholeWalkNeeded = true }

    /// Records a copy whose value the action changed. Out of line: the comparison of every row
    /// calls ``diff(_:_:members:edges:)``, which stays small enough to be inlined there.
    @usableFromInline
    func noteChanged(_ key: String, _ value: any Sendable) {
        if found == nil { found = Findings() }
        found?.changed.append((key, value))
    }

    /// Whether a search has found every key it looks for: the walk stops.
    @inlinable
    var isSatisfied: Bool { search?.isDone ?? false }

    /// Records the copies `value` holds, a child that appeared, in ``appeared``.
    @inlinable
    func appear<T>(_ value: T) {
        guard entering.contains(ObjectIdentifier(T.self)) else { return }
        let start = copies.count
        let locating = locates
        locates = false
        collect(value, at: "")
        locates = locating
        if found == nil { found = Findings() }
        found?.appeared.append(contentsOf: copies[start...])
        copies.removeSubrange(start...)
    }

    /// Records the keys `value`, a child that left, held a copy of, in ``Findings/leftKeys``.
    @inlinable
    func leave<T>(_ value: T) {
        guard entering.contains(ObjectIdentifier(T.self)) else { return }
        let start = copies.count
        let locating = locates
        locates = false
        collect(value, at: "")
        locates = locating
        if found == nil { found = Findings() }
        for copy in copies[start...] { found?.leftKeys.append(copy.key) }
        copies.removeSubrange(start...)
    }

    /// Compares the elements of a list whose elements came, went or moved, each with the element
    /// of the same identifier before (found at the same position first: the elements before one
    /// added or removed are where they were); an element without one appeared.
    @inlinable
    func pair<ID: Hashable, Element: Identifiable>(
        _ before: IdentifiedArray<ID, Element>, _ after: IdentifiedArray<ID, Element>,
        members: [SharedMember<Element>]?, edges: [SharedGraph.Edge<Element>]
    ) where Element.ID == ID {
        var paired = 0
        var inPlace = true
        for index in after.indices {
            let now = after[index]
            let was: Element?
            if index < before.count && before[index].id == now.id {
                was = before[index]
            } else {
                inPlace = false
                was = before[id: now.id]
            }
            guard let was else {
                appear(now)
                continue
            }
            paired += 1
            diff(was, now, members: members, edges: edges)
            if wholeWalkNeeded { return }
        }
        // The elements that left: those past the end when every element stayed in place (the last
        // removed), else those of `before` whose identifier `after` does not hold.
        guard paired < before.count else { return }
        if inPlace {
            for index in after.count..<before.count { leave(before[index]) }
        } else {
            for element in before where after.index(id: element.id) == nil { leave(element) }
        }
    }

    /// The value of the first copy of each of `keys` in `value`, the walk stopping when each is
    /// found; a key with no copy there is absent from the result.
    @inlinable
    func firstCopies<T>(of keys: Set<String>, in value: T) -> [String: any Sendable] {
        search = Search(wanted: keys)
        locates = false
        collect(value, at: "")
        return search?.found ?? [:]
    }

    /// Compares two states of one place, before and after an action: records each shared member
    /// whose value changed, and enters only the children that may have changed (an identified
    /// collection whose version is the same is skipped whole; one whose log names the elements
    /// written enters those).
    @inlinable
    func diff<T>(_ old: T, _ new: T) {
        guard !wholeWalkNeeded, entering.contains(ObjectIdentifier(T.self)) else { return }
        diff(old, new, members: members(of: T.self), edges: edges(of: T.self))
    }

    /// ``diff(_:_:)`` with `T`'s members and edges given (a reconciler looks up its root's once).
    @inlinable
    func diff<T>(_ old: T, _ new: T, members: [SharedMember<T>]?, edges: [SharedGraph.Edge<T>]) {
        if let members {
            // By position: each member read in the array, not copied out of it (a member is a key
            // and five closures, a copy ~100 instructions; a list's rows compare each).
            for index in members.indices where members[index].differsBetween(old, new) {
                noteChanged(members[index].key, members[index].read(new))
            }
        }
        for edge in edges where entering.contains(edge.child) {
            edge.diff(old, new, self)
            if wholeWalkNeeded { return }
        }
    }

    @inlinable
    func collect<T>(_ value: T, at location: String) {
        guard entering.contains(ObjectIdentifier(T.self)) else { return }
        if var search {
            // A search: the first copy of each key looked for.
            guard !search.isDone else { return }
            for member in members(of: T.self) ?? [] where search.wanted.contains(member.key) {
                if search.found[member.key] == nil { search.found[member.key] = member.read(value) }
            }
            self.search = search
            for edge in edges(of: T.self) where entering.contains(edge.child) {
                if isSatisfied { return }
                edge.read(value, location, self)
            }
            return
        }
        if let members = members(of: T.self) {
            for member in members {
                copies.append(
                    Copy(
                        location: location, key: member.key, value: member.read(value), equal: member.equal,
                        persistence: member.persistence))
            }
        }
        for edge in edges(of: T.self) where entering.contains(edge.child) {
            edge.read(value, location, self)
        }
    }

    /// One type's part in ``agree(_:)``: its members' checks for the agreed values (typed, see
    /// ``SharedAgreement``) and the places it holds copies in — looked up once per walk, so that a
    /// list's rows are each compared with one typed `!=` per member.
    @usableFromInline
    struct Agreeing<T> {
        /// Whether a `T` may hold a copy of an agreed key at all.
        @usableFromInline let enters: Bool
        @usableFromInline let agreements: [SharedAgreement<T>]
        @usableFromInline let edges: [SharedGraph.Edge<T>]

        @usableFromInline
        init(enters: Bool, agreements: [SharedAgreement<T>], edges: [SharedGraph.Edge<T>]) {
            self.enters = enters
            self.agreements = agreements
            self.edges = edges
        }

        /// Whether `value` holds a copy, at any depth, that differs from its agreed value.
        @inlinable
        func differs(_ value: T, _ walk: SharedWalk) -> Bool {
            guard enters else { return false }
            // By position, as the members in ``SharedWalk/diff(_:_:members:edges:)``: not copied out.
            for index in agreements.indices where agreements[index].differs(value) { return true }
            for edge in edges where edge.differs(value, walk) { return true }
            return false
        }

        /// Writes the agreed values into the copies `value` holds that differ, at any depth.
        @inlinable
        func agree(_ value: inout T, _ walk: SharedWalk) {
            guard enters else { return }
            for index in agreements.indices where agreements[index].differs(value) { agreements[index].write(&value) }
            for edge in edges { edge.agree(&value, walk) }
        }
    }

    /// `T`'s part in ``agree(_:)``, made once per walk.
    @inlinable
    func agreeing<T>(_: T.Type) -> Agreeing<T> {
        let id = ObjectIdentifier(T.self)
        if let known = agreeingMemo[id] as? Agreeing<T> { return known }
        var made = Agreeing<T>(enters: false, agreements: [], edges: [])
        if entering.contains(id) {
            var agreements: [SharedAgreement<T>] = []
            for member in members(of: T.self) ?? [] {
                if let value = agreed[member.key] ?? loadedValue(of: member), let agreement = member.agreeing(value) {
                    agreements.append(agreement)
                }
            }
            let edges = edges(of: T.self).filter { entering.contains($0.child) }
            made = Agreeing(enters: !agreements.isEmpty || !edges.isEmpty, agreements: agreements, edges: edges)
        }
        agreeingMemo[id] = made
        return made
    }

    /// The value ``loaded`` carries for `member`'s key, decoded as its persistence decodes it.
    @usableFromInline
    func loadedValue<T>(of member: SharedMember<T>) -> (any Sendable)? {
        guard let text = loaded[member.key] else { return nil }
        guard let value = member.persistence?.decode(text) else {
            undecodedKeys.insert(member.key)
            return nil
        }
        return value
    }

    /// What writes a ``SharedValuesLoaded`` into the copies of its keys in a `State`; `nil` when
    /// `State` holds no shared value. A key with no copy in the state (its sheet dismissed before
    /// the load was reduced) changes nothing; one whose text its member does not decode (a file
    /// edited by hand) changes nothing either, and a debug build says so.
    static func loader<State>(for _: State.Type) -> (@Sendable (inout State, SharedValuesLoaded) -> Void)? {
        guard let entering = SharedGraph.typesHoldingShared(from: State.self) else { return nil }
        return { state, loaded in
            let walk = SharedWalk(entering: entering)
            walk.loaded = loaded.values
            walk.agree(&state)
            let missed = walk.undecodedKeys.sorted()
            guard !missed.isEmpty else { return }
            MainActorCheck.runOnMainActor {
                for key in missed {
                    Diagnostics.warnOnce(
                        "shared-values-loaded:\(State.self):\(key)",
                        "swift-redux: warning: SharedValuesLoaded carries a value for \(key) that its member in "
                            + "\(State.self) does not decode: its copies keep their values.")
                }
            }
        }
    }

    /// Whether `value` holds a copy that differs from its key's agreed value.
    @inlinable
    func differs<T>(_ value: T) -> Bool { agreeing(T.self).differs(value, self) }

    /// Writes each key's agreed value into every copy `value` holds that differs: only the places
    /// holding such a copy are entered and written back (a list's other rows are compared, not
    /// copied out and in).
    @inlinable
    func agree<T>(_ value: inout T) { agreeing(T.self).agree(&value, self) }

    /// What reconciles the copies of the shared values `State` holds after a reduction that started
    /// from `before`; `nil` when it holds none.
    static func reconciler<State>(for _: State.Type) -> (@Sendable (inout State, State) -> Void)? {
        SharedMembers.note(State.self)
        guard let entering = SharedGraph.typesHoldingShared(from: State.self) else { return nil }
        // The first reconciliation of each reconciler walks everything (a state made with copies
        // that disagree is made to agree); after it, the copies agree before every action. Latched
        // in an atomic flag: one load an action.
        let reconciled = ReleaseFlag()
        // The root's members and edges, looked up once (generic lookups are most of a diff's cost
        // when the action touched no copy).
        let rootMembers = SharedMembers.members(of: State.self)
        let rootEdges = SharedGraph.edges(of: State.self)
        return { state, before in
            if reconciled.isSet {
                // What the action changed, found without walking what it did not touch.
                let probe = SharedWalk(entering: entering)
                probe.diff(before, state, members: rootMembers, edges: rootEdges)
                if !probe.wholeWalkNeeded {
                    guard let found = probe.found, !(found.changed.isEmpty && found.appeared.isEmpty) else { return }
                    var agreed: [String: any Sendable] = [:]
                    for copy in found.changed { agreed[copy.key] = copy.value }
                    // One changed copy per key: its value is agreed, the other copies follow. Two
                    // copies of a key changed at once: the whole walk says which comes last.
                    if agreed.count == found.changed.count {
                        // A copy that appeared shows its key's value: the one changed, else the one
                        // its copies agreed on before (any copy `before` holds: they agreed), else
                        // — a key new to the state — its first copy's, as the whole walk decides.
                        let unknown = Set(found.appeared.lazy.map(\.key).filter { agreed[$0] == nil })
                        if !unknown.isEmpty {
                            let before = SharedWalk(entering: entering).firstCopies(of: unknown, in: before)
                            for copy in found.appeared where agreed[copy.key] == nil {
                                agreed[copy.key] = before[copy.key] ?? copy.value
                            }
                        }
                        // The other copies follow, found without collecting them.
                        let walk = SharedWalk(entering: entering)
                        walk.agreed = agreed
                        walk.agree(&state)
                        return
                    }
                }
            }
            reconciled.set()
            let old = SharedWalk(entering: entering)
            old.collect(before, at: "")
            let new = SharedWalk(entering: entering)
            new.collect(state, at: "")
            guard !new.copies.isEmpty else { return }
            var previous: [String: any Sendable] = [:]
            for copy in old.copies { previous[copy.location + "|" + copy.key] = copy.value }
            var agreed: [String: any Sendable] = [:]
            // 1. A copy the action changed: the last one wins.
            for copy in new.copies {
                if let was = previous[copy.location + "|" + copy.key], !copy.equal(was, copy.value) {
                    agreed[copy.key] = copy.value
                }
            }
            // 2. Otherwise the value the copies agreed on before; 3. a key new to the state: its first copy.
            for copy in old.copies + new.copies where agreed[copy.key] == nil { agreed[copy.key] = copy.value }
            new.write(agreed, into: &state)
        }
    }

    /// Writes `agreed` into the copies in `state` that differ from it (``agree(_:)``), when any of
    /// those this walk collected does.
    func write<State>(_ agreed: [String: any Sendable], into state: inout State) {
        guard copies.contains(where: { copy in agreed[copy.key].map { !copy.equal(copy.value, $0) } ?? false }) else {
            return
        }
        self.agreed = agreed
        agree(&state)
    }
}

/// A store's persisted shared keys, checked after each reduction (in the store's reduction, before
/// anyone sees the state): loaded into the initial state's copies when the store starts and into
/// the copies of a key that appear where none was (a sheet presented, a screen pushed — the
/// stored value, not the new state's default, as the Composable Architecture's `@Shared` uses its
/// default only when nothing is stored: a ``SharedValuesLoaded`` the store dispatches next, so
/// that recordings hold it), and saved after the reductions that changed them. A reduction that
/// replaced the state (time travel, ``StateReplacement``) loads and saves nothing.
///
/// What changed is told as the reconciler tells it (``SharedWalk/diff(_:_:)``): the state after
/// each reduction is compared in step with the one after the last, so an action that touched no
/// copy reads none (the store collected every copy, with its location, after every action:
/// `feature sharing, 1000 rows, a persisted key, an action touching none` ~7,200,000 instructions).
/// A child that appeared or left brings its keys' copies or takes them: the keys whose last copy
/// left are found by a search that stops at the first copy of each, the keys that appeared where
/// none was are loaded (``SharedValuesLoaded``) — the whole walk's decisions, without it.
@MainActor
@usableFromInline
final class SharedPersistenceSync<State> {
    private let entering: Set<ObjectIdentifier>
    /// The root's members and places, looked up once.
    private let rootMembers: [SharedMember<State>]?
    private let rootEdges: [SharedGraph.Edge<State>]
    /// The value last loaded or saved, by key: what a copy that appears shows.
    private var saved: [String: any Sendable] = [:]
    /// How each persisted key met so far is loaded, saved and compared.
    private var persisted: [String: PersistedKey] = [:]
    /// The state the last check saw: the next compares with it.
    private var last: State
    /// The keys `last` holds a copy of. Only a whole walk can find a key appear or go (a child that
    /// appeared or left sends the comparison there), so it is renewed by those alone.
    private var held: Set<String> = []

    private struct PersistedKey {
        let persistence: SharedPersistence
        let equal: @Sendable (any Sendable, any Sendable) -> Bool
    }

    private init(entering: Set<ObjectIdentifier>, state: State) {
        self.entering = entering
        rootMembers = SharedMembers.members(of: State.self)
        rootEdges = SharedGraph.edges(of: State.self)
        last = state
    }

    /// The sync of a store of `State`, with its copies of persisted keys set to the stored values
    /// in `state` (and every key's copies made to agree); `nil` when `State` can hold no persisted
    /// key (no type it holds at any depth declares one).
    static func start(with state: inout State) -> SharedPersistenceSync? {
        SharedMembers.note(State.self)
        guard let entering = SharedGraph.typesHoldingShared(from: State.self),
            SharedMembers.declaresPersisted(anyOf: entering)
        else { return nil }
        let walk = SharedWalk(entering: entering)
        walk.collect(state, at: "")
        let sync = SharedPersistenceSync(entering: entering, state: state)
        sync.learn(walk.copies)
        var agreed: [String: any Sendable] = [:]
        for copy in walk.copies where agreed[copy.key] == nil {
            if let persisted = sync.persisted[copy.key] {
                let value = persisted.persistence.load() ?? copy.value
                agreed[copy.key] = value
                sync.saved[copy.key] = value
            } else {
                agreed[copy.key] = copy.value
            }
        }
        walk.write(agreed, into: &state)
        sync.last = state
        sync.held = Set(walk.copies.map(\.key))
        return sync
    }

    /// Remembers how the persisted keys among `copies` are saved.
    private func learn(_ copies: [SharedWalk.Copy]) {
        for copy in copies {
            if let persistence = copy.persistence, persisted[copy.key] == nil {
                persisted[copy.key] = PersistedKey(persistence: persistence, equal: copy.equal)
            }
        }
    }

    /// After the reduction of `action`: the keys whose value changed are saved, and the stored
    /// values of the persisted keys whose copies appeared where none was (this store's last loaded
    /// or saved, else the storage's) are returned, for the store to dispatch next.
    @usableFromInline
    func afterReduction(_ state: State, of action: any Action) -> SharedValuesLoaded? {
        let previous = last
        last = state
        if ActionCast.isExactly(action, StateReplacement.self) {
            // The state shown is another's (a step travelled to): its keys are what it holds.
            let walk = SharedWalk(entering: entering)
            walk.collect(state, at: "")
            learn(walk.copies)
            held = Set(walk.copies.map(\.key))
            return nil
        }
        let probe = SharedWalk(entering: entering)
        probe.diff(previous, state, members: rootMembers, edges: rootEdges)
        if !probe.wholeWalkNeeded {
            guard let found = probe.found else { return nil }
            // After the reconciliation every copy of a key shows one value: a run of copies of one
            // key (a list's rows) is saved once, not compared once a row.
            var lastKey: String?
            for change in found.changed where change.key != lastKey {
                lastKey = change.key
                save(change.key, change.value)
            }
            if found.appeared.isEmpty && found.leftKeys.isEmpty { return nil }
            return keysCame(found)
        }
        let now = SharedWalk(entering: entering)
        now.collect(state, at: "")
        learn(now.copies)
        var loaded: [String: String] = [:]
        var seen: Set<String> = []
        for copy in now.copies where seen.insert(copy.key).inserted {
            guard let persisted = persisted[copy.key] else { continue }
            if held.contains(copy.key) {
                save(copy.key, copy.value)
                continue
            }
            // Appeared: the value stored, unless its copies show it already; the new state's
            // default is not saved.
            let value = saved[copy.key] ?? persisted.persistence.load() ?? copy.value
            saved[copy.key] = value
            if !copy.equal(copy.value, value), let text = persisted.persistence.encode(value) {
                loaded[copy.key] = text
            }
        }
        held = Set(now.copies.map(\.key))
        return loaded.isEmpty ? nil : SharedValuesLoaded(values: loaded)
    }

    /// After a reduction in which children appeared or left (`found`): the keys whose last copy
    /// left are held no more, and those whose copies appeared where none was are loaded, as the
    /// whole walk decides — found by searching the state for the keys that left (stopping at the
    /// first copy of each), not by collecting every copy.
    private func keysCame(_ found: SharedWalk.Findings) -> SharedValuesLoaded? {
        let appearedKeys = Set(found.appeared.map(\.key))
        let maybeGone = Set(found.leftKeys).subtracting(appearedKeys).intersection(held)
        if !maybeGone.isEmpty {
            let remaining = SharedWalk(entering: entering).firstCopies(of: maybeGone, in: last)
            for key in maybeGone where remaining[key] == nil { held.remove(key) }
        }
        learn(found.appeared)
        var loaded: [String: String] = [:]
        var seen: Set<String> = []
        for copy in found.appeared where seen.insert(copy.key).inserted {
            guard let persisted = persisted[copy.key] else { continue }
            if held.contains(copy.key) {
                save(copy.key, copy.value)
                continue
            }
            // Appeared: the value stored, unless its copies show it already; the new state's
            // default is not saved.
            let value = saved[copy.key] ?? persisted.persistence.load() ?? copy.value
            saved[copy.key] = value
            if !copy.equal(copy.value, value), let text = persisted.persistence.encode(value) {
                loaded[copy.key] = text
            }
        }
        held.formUnion(seen)
        return loaded.isEmpty ? nil : SharedValuesLoaded(values: loaded)
    }

    /// Saves `value` as the persisted key `key`'s, unless it is what was last loaded or saved (or
    /// the key is not persisted).
    private func save(_ key: String, _ value: any Sendable) {
        guard let persisted = persisted[key] else { return }
        if let last = saved[key], persisted.equal(last, value) { return }
        saved[key] = value
        persisted.persistence.save(value)
    }
}
