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
        let loaded = saveOrLoad(now.copies)
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
        let loaded = saveOrLoad(found.appeared)
        held.formUnion(found.appeared.map(\.key))
        return loaded.isEmpty ? nil : SharedValuesLoaded(values: loaded)
    }

    /// For the first copy of each key among `copies`: a key held before is saved (when it changed);
    /// a persisted key that appeared where none was shows the value stored (this store's last
    /// loaded or saved, else the storage's), unless its copies show it already — the new state's
    /// default is not saved. Returns the values to load, as JSON text by key.
    private func saveOrLoad(_ copies: [SharedWalk.Copy]) -> [String: String] {
        learn(copies)
        var loaded: [String: String] = [:]
        var seen: Set<String> = []
        for copy in copies where seen.insert(copy.key).inserted {
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
        return loaded
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
