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
