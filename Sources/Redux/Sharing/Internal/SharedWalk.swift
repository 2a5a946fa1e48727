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
        let held = copies(heldBy: value)
        if found == nil { found = Findings() }
        found?.appeared.append(contentsOf: held)
    }

    /// Records the keys `value`, a child that left, held a copy of, in ``Findings/leftKeys``.
    @inlinable
    func leave<T>(_ value: T) {
        guard entering.contains(ObjectIdentifier(T.self)) else { return }
        let held = copies(heldBy: value)
        if found == nil { found = Findings() }
        for copy in held { found?.leftKeys.append(copy.key) }
    }

    /// The copies `value` holds, collected without their places (what ``appear(_:)`` and
    /// ``leave(_:)`` ask), leaving ``copies`` as it was.
    @inlinable
    func copies<T>(heldBy value: T) -> [Copy] {
        let start = copies.count
        let locating = locates
        locates = false
        collect(value, at: "")
        locates = locating
        let held = Array(copies[start...])
        copies.removeSubrange(start...)
        return held
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
