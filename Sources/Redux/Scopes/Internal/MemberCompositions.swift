/// How each member of each state type is composed — by instance (``Reducer/scope(_:_:)``) or by
/// type (``Reducer/pullback(_:)``) — learned when the reducers are built and asked when a scope of
/// a member is made: a member composed by instance gets a scope that addresses what it sends to
/// that instance (an ``ElementAction`` named by the member); any other member's scope sends its
/// actions as they are, as it always did.
///
/// A fact about a *type* (`TwoCounters.first` is composed by instance), so one table for the
/// process, guarded by ``Locked``: written when a reducer is composed (app start), read when a
/// scope is first made (scopes are cached), never on the dispatch path. A type composed by
/// instance in one store and by type in another still works in both: a pullback also takes the
/// actions addressed to its member (see ``Reducer/pullback(_:)``).
@usableFromInline
package enum MemberCompositions {
    /// One member of one state type.
    struct Entry {
        let keyPath: AnyKeyPath
        /// The member's name in element actions (`first`).
        let name: String
        let valueType: ObjectIdentifier
        let byInstance: Bool
    }

    private static let table = Locked<[ObjectIdentifier: [Entry]]>([:])

    /// Records that `keyPath` of `Parent` is composed by instance (`byInstance`) or by type.
    @usableFromInline
    package static func record<Parent, Child>(
        _ keyPath: KeyPath<Parent, Child>, byInstance: Bool
    ) {
        let entry = Entry(
            keyPath: keyPath, name: BindingAction<Parent>.path(of: keyPath), valueType: ObjectIdentifier(Child.self),
            byInstance: byInstance)
        table.withLock { table in
            var entries = table[ObjectIdentifier(Parent.self), default: []]
            if !entries.contains(where: { $0.keyPath == entry.keyPath && $0.byInstance == byInstance }) {
                entries.append(entry)
                table[ObjectIdentifier(Parent.self)] = entries
            }
        }
    }

    /// The name actions sent through a scope of `keyPath` are addressed with, when that member is
    /// composed by instance; `nil` when they go as they are.
    package static func instanceName<Parent, Child>(_ keyPath: KeyPath<Parent, Child>) -> String? {
        table.withLock { table in
            table[ObjectIdentifier(Parent.self)]?.first { $0.byInstance && $0.keyPath == keyPath }?.name
        }
    }

    /// What a debug build says when a scope of `keyPath` is made whose actions would move more than
    /// its own member: the member is composed by type, and so is another member of the same type
    /// in the same parent (two counters pulled back by type: an action sent through one scope moves
    /// both). `nil` when nothing is wrong. For a key path of several members (`\.pair.first`) that
    /// passes through a member composed by instance, says to scope one member at a time.
    package static func warning<Parent, Child>(forScopeOf keyPath: KeyPath<Parent, Child>) -> String? {
        let entries = table.withLock { $0[ObjectIdentifier(Parent.self)] ?? [] }
        let name = BindingAction<Parent>.path(of: keyPath)
        let own = entries.filter { $0.keyPath == keyPath }
        if own.contains(where: \.byInstance) {
            guard own.contains(where: { !$0.byInstance }) else { return nil }
            return "swift-redux: warning: \\.\(name) of \(Parent.self) is composed by instance (Reducer.scope) in "
                + "one reducer and by type (pullback) in another: its scope addresses its actions to the instance, "
                + "which the pullback does not take. Compose it one way."
        }
        let sameType = entries.filter { !$0.byInstance && $0.valueType == ObjectIdentifier(Child.self) }
        if sameType.count > 1, sameType.contains(where: { $0.keyPath == keyPath }) {
            let names = sameType.map { "\\.\($0.name)" }.joined(separator: ", ")
            return "swift-redux: warning: an action sent through the scope \\.\(name) of \(Parent.self) reaches "
                + "every \(Child.self) reducer pulled back by type (\(names)): all of them move. Compose each by "
                + "instance — Reducer.scope(\\.\(name), childReducer) in place of "
                + "childReducer.pullback(\\.\(name)) — so that each scope's actions reach its own member."
        }
        if name.contains("."), let first = name.split(separator: ".").first,
            entries.contains(where: { $0.byInstance && $0.name == first })
        {
            return "swift-redux: warning: the scope \\.\(name) of \(Parent.self) passes through \\.\(first), which "
                + "is composed by instance: scope one member at a time (store.scope(\\.\(first)).scope(…)), or its "
                + "actions are not addressed to that instance and reach no reducer of it."
        }
        return nil
    }

    /// `source`, made for the member `member` of its parent: as it is, or — when the member is
    /// composed by instance — wrapped so that what it sends is addressed to that member. A debug
    /// build says here, once, when the member's composition makes its actions reach more than it
    /// (or nothing).
    @MainActor
    static func addressing<Parent, Child>(
        _ source: any ScopeSource<Child>, member: KeyPath<Parent, Child>
    ) -> any ScopeSource<Child> {
        if let message = warning(forScopeOf: member) {
            Diagnostics.warnOnce("member-composition:\(message)", message)
        }
        guard let name = instanceName(member) else { return source }
        return ElementScope(base: source, step: OwnerStep(path: name, id: nil))
    }
}
