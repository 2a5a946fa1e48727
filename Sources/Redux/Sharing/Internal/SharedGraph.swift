/// Where feature states live inside the states that hold them, learned when reducers are composed
/// (`pullback`, `Reducer.scope`, `ifLet`, `forEach`): the map a store walks to find every copy of a
/// ``SharedState``'s shared members, with no list in any parent.
///
/// A fact about types (`TwoTabs.counter` holds a `CounterTab`), so one table for the process behind
/// ``Locked``: written when a reducer is composed, read when a reconciler is made (a store's
/// creation, a test store's, a replay's) — never on the dispatch path.
@usableFromInline
package enum SharedGraph {
    /// One place a `Parent` holds child states: how to read them and write them back.
    @usableFromInline
    struct Edge<Parent>: Sendable {
        @usableFromInline let child: ObjectIdentifier
        @usableFromInline let read: @Sendable (Parent, String, SharedWalk) -> Void
        @usableFromInline let write: @Sendable (inout Parent, String, SharedWalk) -> Void
        /// Compares the children of two states (before and after an action), entering only those
        /// that may differ; tells the walk when a child appeared, left or moved.
        @usableFromInline let diff: @Sendable (Parent, Parent, SharedWalk) -> Void
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
        write: @escaping @Sendable (inout Parent, String, SharedWalk) -> Void,
        diff: @escaping @Sendable (Parent, Parent, SharedWalk) -> Void
    ) {
        SharedMembers.note(Child.self)
        let entry = Entry(
            identity: identity, child: ObjectIdentifier(Child.self),
            edge: Edge<Parent>(child: ObjectIdentifier(Child.self), read: read, write: write, diff: diff))
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
        record(
            Parent.self, Child.self, identity: AnyHashable(keyPath as AnyKeyPath),
            read: { parent, location, walk in walk.collect(parent[keyPath: keyPath], at: location + "." + name) },
            write: { parent, location, walk in walk.write(&parent[keyPath: keyPath], at: location + "." + name) },
            diff: { old, new, walk in walk.diff(old[keyPath: keyPath], new[keyPath: keyPath]) })
    }

    /// The elements of an identified collection (`forEach`).
    @inlinable
    package static func recordElements<Parent, ID: Hashable & Sendable, Element: Identifiable & Sendable>(
        _ keyPath: WritableKeyPath<Parent, IdentifiedArray<ID, Element>> & Sendable
    ) where Element.ID == ID {
        let name = BindingAction<Parent>.path(of: keyPath)
        record(
            Parent.self, Element.self, identity: AnyHashable(keyPath as AnyKeyPath),
            read: { parent, location, walk in
                for element in parent[keyPath: keyPath] {
                    walk.collect(element, at: "\(location).\(name)[\(element.id)]")
                }
            },
            write: { parent, location, walk in
                for id in parent[keyPath: keyPath].ids {
                    let at = "\(location).\(name)[\(id)]"
                    guard walk.needsWrite(at) else { continue }
                    guard var element = parent[keyPath: keyPath][id: id] else { continue }
                    walk.write(&element, at: at)
                    parent[keyPath: keyPath][id: id] = element
                }
            },
            diff: { old, new, walk in
                let before = old[keyPath: keyPath]
                let after = new[keyPath: keyPath]
                // Unchanged since: every element as it was (each write to an element is logged).
                guard before.version != after.version else { return }
                // The elements written since, when the log still holds them and no element came,
                // went or moved; otherwise the whole walk.
                guard let changes = after.changes(since: before.version) else { return walk.needsWholeWalk() }
                for change in changes {
                    guard let id = change.id, let was = before[id: id], let now = after[id: id] else {
                        return walk.needsWholeWalk()
                    }
                    walk.diff(was, now)
                }
            })
    }

    /// An optional child or an enum's case (`ifLet`), through its place.
    @usableFromInline
    static func recordPresented<Parent, Child>(_ place: ChildPlace<Parent, Child>, identity: AnyHashable) {
        record(
            Parent.self, Child.self, identity: identity,
            read: { parent, location, walk in
                guard let child = place.get(parent) else { return }
                walk.collect(child, at: "\(location).\(place.name ?? place.caseName(parent) ?? "(case)")")
            },
            write: { parent, location, walk in
                let at = "\(location).\(place.name ?? place.caseName(parent) ?? "(case)")"
                guard walk.needsWrite(at), var child = place.take(&parent) else { return }
                walk.write(&child, at: at)
                place.put(&parent, child)
            },
            diff: { old, new, walk in
                switch (place.get(old), place.get(new)) {
                case (nil, nil): return
                case (let was?, let now?) where place.name != nil || place.caseName(old) == place.caseName(new):
                    walk.diff(was, now)
                default: walk.needsWholeWalk()  // presented, dismissed, or another case
                }
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
        if T.self is any SharedState.Type { known.withLock { _ = $0.insert(ObjectIdentifier(T.self)) } }
    }

    static func isShared(_ type: ObjectIdentifier) -> Bool {
        known.withLock { $0.contains(type) }
    }

    /// `T`'s shared members, when it is a ``SharedState``.
    @usableFromInline
    static func members<T>(of _: T.Type) -> [SharedMember<T>]? {
        guard let shared = T.self as? any SharedState.Type else { return nil }
        func read<S: SharedState>(_: S.Type) -> Any { S.shared }
        return read(shared) as? [SharedMember<T>]
    }
}

/// One walk over the copies of shared values in a state: first collecting them, then writing the
/// agreed values into the copies that differ. A class, handed through the edges' closures.
@usableFromInline
final class SharedWalk {
    @usableFromInline
    struct Copy {
        let location: String
        let key: String
        let value: any Sendable
        let equal: @Sendable (any Sendable, any Sendable) -> Bool
        let persistence: SharedPersistence?
        /// The locations on the way to this copy, the root first.
        let ancestors: [String]

        @usableFromInline
        init(
            location: String, key: String, value: any Sendable,
            equal: @escaping @Sendable (any Sendable, any Sendable) -> Bool, persistence: SharedPersistence?,
            ancestors: [String]
        ) {
            self.location = location
            self.key = key
            self.value = value
            self.equal = equal
            self.persistence = persistence
            self.ancestors = ancestors
        }
    }

    @usableFromInline let entering: Set<ObjectIdentifier>
    // Read and written by the inlinable visits (compiled for the app's types); nothing outside
    // this file touches them.
    @usableFromInline var copies: [Copy] = []
    @usableFromInline var path: [String] = []
    /// The agreed value of each key, for the writing pass.
    @usableFromInline var agreed: [String: any Sendable] = [:]
    /// The locations the writing pass enters: every copy that differs, and its ancestors.
    @usableFromInline var toWrite: Set<String> = []

    /// What ``diff(_:_:)`` found: each copy whose value the action changed, in the order met.
    @usableFromInline var changed: [(key: String, value: any Sendable)] = []
    /// Whether ``diff(_:_:)`` met a child that appeared, left or moved (or a log that no longer
    /// reaches back): only the whole walk, which pairs copies by place, can tell then.
    @usableFromInline var wholeWalkNeeded = false

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
            for member in members {
                let now = member.read(new)
                if !member.equal(member.read(old), now) { changed.append((member.key, now)) }
            }
        }
        for edge in edges where entering.contains(edge.child) {
            edge.diff(old, new, self)
            if wholeWalkNeeded { return }
        }
    }

    @inlinable
    func needsWrite(_ location: String) -> Bool { toWrite.contains(location) }

    @inlinable
    func collect<T>(_ value: T, at location: String) {
        guard entering.contains(ObjectIdentifier(T.self)) else { return }
        path.append(location)
        defer { path.removeLast() }
        if let members = members(of: T.self) {
            for member in members {
                copies.append(
                    Copy(
                        location: location, key: member.key, value: member.read(value), equal: member.equal,
                        persistence: member.persistence, ancestors: path))
            }
        }
        for edge in edges(of: T.self) where entering.contains(edge.child) {
            edge.read(value, location, self)
        }
    }

    @inlinable
    func write<T>(_ value: inout T, at location: String) {
        guard entering.contains(ObjectIdentifier(T.self)), toWrite.contains(location) else { return }
        if let members = members(of: T.self) {
            for member in members {
                guard let agreed = agreed[member.key], !member.equal(member.read(value), agreed) else { continue }
                member.write(&value, agreed)
            }
        }
        for edge in edges(of: T.self) where entering.contains(edge.child) {
            edge.write(&value, location, self)
        }
    }

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
                    if probe.changed.isEmpty { return }
                    var agreed: [String: any Sendable] = [:]
                    for copy in probe.changed { agreed[copy.key] = copy.value }
                    // One changed copy per key: its value is agreed, the other copies follow. Two
                    // copies of a key changed at once: the whole walk says which comes last.
                    if agreed.count == probe.changed.count {
                        let new = SharedWalk(entering: entering)
                        new.collect(state, at: "")
                        new.write(agreed, into: &state)
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

    /// Writes `agreed` into the copies this walk collected from `state` that differ from it — only
    /// the places on their way are entered.
    func write<State>(_ agreed: [String: any Sendable], into state: inout State) {
        var toWrite: Set<String> = []
        for copy in copies {
            guard let value = agreed[copy.key], !copy.equal(copy.value, value) else { continue }
            toWrite.formUnion(copy.ancestors)
        }
        guard !toWrite.isEmpty else { return }
        self.agreed = agreed
        self.toWrite = toWrite
        write(&state, at: "")
    }
}

/// A store's persisted shared keys: loaded into the initial state's copies when the store starts,
/// saved after each reduction that changed them.
@MainActor
final class SharedPersistenceSync<State> {
    private let entering: Set<ObjectIdentifier>
    /// The value last loaded or saved, by key.
    private var saved: [String: any Sendable] = [:]

    private init(entering: Set<ObjectIdentifier>) {
        self.entering = entering
    }

    /// The sync of a store of `State`, with its copies of persisted keys set to the stored values
    /// in `state` (and every key's copies made to agree); `nil` when `State` holds no persisted key.
    static func start(with state: inout State) -> SharedPersistenceSync? {
        SharedMembers.note(State.self)
        guard let entering = SharedGraph.typesHoldingShared(from: State.self) else { return nil }
        let walk = SharedWalk(entering: entering)
        walk.collect(state, at: "")
        guard walk.copies.contains(where: { $0.persistence != nil }) else { return nil }
        let sync = SharedPersistenceSync(entering: entering)
        var agreed: [String: any Sendable] = [:]
        for copy in walk.copies where agreed[copy.key] == nil {
            if let persistence = copy.persistence, let stored = persistence.load() {
                agreed[copy.key] = stored
            } else {
                agreed[copy.key] = copy.value
            }
            if copy.persistence != nil { sync.saved[copy.key] = agreed[copy.key] }
        }
        walk.write(agreed, into: &state)
        return sync
    }

    /// Saves the persisted keys whose value `state` shows changed since the last save.
    func saveChanges(of state: State) {
        let walk = SharedWalk(entering: entering)
        walk.collect(state, at: "")
        var seen: Set<String> = []
        for copy in walk.copies {
            guard let persistence = copy.persistence, seen.insert(copy.key).inserted else { continue }
            if let last = saved[copy.key], copy.equal(last, copy.value) { continue }
            saved[copy.key] = copy.value
            persistence.save(copy.value)
        }
    }
}
