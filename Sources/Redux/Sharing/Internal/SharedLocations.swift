/// Where a shared value is owned: how to find the owned value a copy stands for, and how to write
/// a copy's edit to it.
struct SharedSource<State, Value: Sendable>: Sendable {
    /// The owned value the copy stands for; `nil` when it is no longer owned (deleted).
    let owned: @Sendable (_ state: State, _ copy: Value) -> Value?
    /// Writes an edited copy to the owned value it stands for, if it is still owned.
    let write: @Sendable (_ state: inout State, _ copy: Value) -> Void
    /// Whether the owned values are those of `before`, known without comparing them (an identified
    /// collection's version: a stamp every change renews); `false` when it cannot tell.
    var unchanged: @Sendable (_ state: State, _ before: State) -> Bool = { _, _ in false }

    /// The element of an identified collection with the copy's identifier.
    static func identified(
        _ source: WritableKeyPath<State, IdentifiedArray<Value.ID, Value>> & Sendable
    ) -> SharedSource where Value: Identifiable {
        SharedSource(
            owned: { state, copy in state[keyPath: source][id: copy.id] },
            write: { state, copy in
                guard state[keyPath: source][id: copy.id] != nil else { return }
                state[keyPath: source][id: copy.id] = copy
            },
            unchanged: versionsEqual(source))
    }

    /// One value.
    static func single(_ source: WritableKeyPath<State, Value> & Sendable) -> SharedSource {
        SharedSource(
            owned: { state, _ in state[keyPath: source] }, write: { state, copy in state[keyPath: source] = copy })
    }
}

/// The places of a state where copies of a shared value may be: one optional member, or one member
/// of each element of an identified collection (the screens of a stack).
struct SharedLocations<State, Value: Sendable>: Sendable {
    /// Calls `edited` with each copy that differs from the copy at the same place before the
    /// reduction; a place that was empty or did not exist then (a screen pushed, a sheet presented)
    /// holds no edit.
    let edits: @Sendable (_ state: State, _ before: State, _ edited: (Value) -> Void) -> Void
    /// Sets every copy present to `owned(copy)` where that differs (and is not `nil`).
    let refresh: @Sendable (_ state: inout State, _ owned: (Value) -> Value?) -> Void
    /// Whether every copy is the one of `before`, known without reading them (the screens'
    /// collection's version); `false` when it cannot tell.
    var unchanged: @Sendable (_ state: State, _ before: State) -> Bool = { _, _ in false }

    /// A place in the state itself.
    static func member(_ view: SharedView<State, Value>) -> SharedLocations where Value: Equatable {
        SharedLocations(
            edits: { state, before, edited in
                if let copy = view.get(state), let previous = view.get(before), previous != copy { edited(copy) }
            },
            refresh: { state, owned in
                guard let copy = view.get(state), let value = owned(copy), value != copy else { return }
                view.set(&state, value)
            })
    }

    /// A place in each screen of a navigation stack.
    static func screens<Screen: Sendable>(
        _ stack: WritableKeyPath<State, StackState<Screen>> & Sendable, _ view: SharedView<Screen, Value>
    ) -> SharedLocations where Value: Equatable {
        elements(stack, .screen(view))
    }

    /// A place in each element of an identified collection, matched with the element of the same
    /// identifier before the reduction.
    static func elements<ElementID: Sendable, Element: Sendable>(
        _ elements: WritableKeyPath<State, IdentifiedArray<ElementID, Element>> & Sendable,
        _ view: SharedView<Element, Value>
    ) -> SharedLocations where Value: Equatable {
        SharedLocations(
            edits: { state, before, edited in
                let now = state[keyPath: elements]
                guard !now.isEmpty else { return }
                let old = before[keyPath: elements]
                for element in now {
                    guard let copy = view.get(element), let previous = old[id: element.id].flatMap(view.get),
                        previous != copy
                    else { continue }
                    edited(copy)
                }
            },
            refresh: { state, owned in
                for element in state[keyPath: elements] {
                    guard let copy = view.get(element), let value = owned(copy), value != copy else { continue }
                    if var changed = state[keyPath: elements][id: element.id] {
                        view.set(&changed, value)
                        state[keyPath: elements][id: element.id] = changed
                    }
                }
            },
            unchanged: versionsEqual(elements))
    }

    /// ``Sharing``'s two steps for one source and its places.
    struct Steps: Sendable {
        /// Writes the copies edited since `before` to the owned values.
        let writeEdits: @Sendable (_ state: inout State, _ before: State) -> Void
        /// Sets every copy to its owned value — skipping the places whose copies, and the owned
        /// values, are those of `before` (`before` was reconciled: they agree already).
        let refresh: @Sendable (_ state: inout State, _ before: State) -> Void
    }

    /// The steps for the copies at `locations` of the values owned at `source`.
    static func steps(source: SharedSource<State, Value>, _ locations: [SharedLocations]) -> Steps
    where Value: Equatable {
        Steps(
            writeEdits: { state, before in
                for location in locations where !location.unchanged(state, before) {
                    location.edits(state, before) { copy in source.write(&state, copy) }
                }
            },
            refresh: { state, before in
                // An action that touched neither the owned values nor the places of their copies
                // (most actions) walks no copy: each agreed with its owned value after the last
                // reconciliation.
                let ownedUnchanged = source.unchanged(state, before)
                let current = state
                for location in locations where !(ownedUnchanged && location.unchanged(current, before)) {
                    location.refresh(&state) { copy in source.owned(current, copy) }
                }
            })
    }
}

/// Finds a state's ``SharedValues`` declaration.
package enum SharedValuesReconciler {
    /// What reconciles the shared values of `type` after a reduction; `nil` when it declares none.
    package static func reconciler<State>(for type: State.Type) -> (@Sendable (inout State, State) -> Void)? {
        // A parent's declared copies (`SharedValues`), then the shared members features declare
        // (`SharedState`), wherever the reducers' composition put them.
        let declared = declaredReconciler(for: type)
        let featured = SharedWalk.reconciler(for: type)
        switch (declared, featured) {
        case (nil, nil): return nil
        case (let one?, nil), (nil, let one?): return one
        case (let declared?, let featured?):
            return { state, before in
                declared(&state, before)
                featured(&state, before)
            }
        }
    }

    private static func declaredReconciler<State>(for type: State.Type) -> (@Sendable (inout State, State) -> Void)? {
        guard let declaring = type as? any SharedValues.Type else { return nil }
        func reconcilers<Declaring: SharedValues>(_: Declaring.Type) -> Any? {
            let rules = Declaring.sharing
            return rules.isEmpty ? nil : reconcile(rules)
        }
        return reconcilers(declaring) as? @Sendable (inout State, State) -> Void
    }

    /// Reconciles the copies of `rules` after a reduction that started from `before`.
    static func reconcile<Declaring>(_ rules: [Sharing<Declaring>]) -> @Sendable (inout Declaring, Declaring) -> Void {
        // An action that renewed none of the collections is told before this is called
        // (``Reducer/reconcilingSharedValues()``, ``SharedValuesTracker``); each rule skips its
        // unchanged places too.
        { state, before in
            for rule in rules { rule.writeEdits(&state, before) }
            for rule in rules { rule.refresh(&state, before) }
        }
    }
}

/// One store's reconciliation of its ``SharedValues``, without a copy of the state before each
/// action: it keeps the versions of the identified collections the shared values live in as they
/// were after the last reconciliation, and each entry remembers its copies (``TrackedCopies``). An
/// action that renewed none of the collections (most actions) is told by comparing the versions, a
/// load each; one that renewed any is reconciled by the entries, which read only the copies the
/// action may have changed or made stale. A state whose shared values live anywhere else (a member,
/// a single value) gets no tracker: its store reconciles against a copy of the state before.
///
/// The store holds it and calls ``reconcile(_:)`` itself after the reducer, compiled for the state
/// in the app's module (``StoreCore/reduceAndReconcileSharedValues(_:)``): the check of the
/// versions is inlined there, a load and a compare a collection. Wrapping the reducer in a closure
/// that ran it and then the check, unspecialised, cost 146 instructions an action where this costs
/// 144 (`sharing, 10 copies, an action touching none`; 101 without sharing) — and wrapped the work
/// body of an app's reducer the same way.
///
/// `@unchecked Sendable`: it changes on every reconciliation, and is held by the one store it was
/// made for, which calls it on its actor, one action at a time.
@usableFromInline
final class SharedValuesTracker<State>: @unchecked Sendable {
    /// A version of a collection, and the offset in the state where it is stored.
    @usableFromInline
    struct Kept {
        @usableFromInline let offset: Int
        @usableFromInline var version: UInt64
    }

    /// How many versions are kept.
    @usableFromInline let count: Int
    /// The versions as they were after the last reconciliation: read after every action, written
    /// when a collection was renewed. Memory this tracker allocates once, of a fixed count: the
    /// check the store inlines has no array to bounds-check and no class property's exclusivity
    /// check to make (the pointer is a constant; what it points to is this object's alone, read
    /// and written by the one store, on its actor). Measured against an ARC-managed `var kept:
    /// [Kept]`: `sharing, 10 copies, an action touching none` 237 with the array, 144 with this
    /// memory; `.ci/perf-guard` holds that scenario at 152.
    @usableFromInline let kept: UnsafeMutablePointer<Kept>
    private let entries: [TrackedSteps<State>]

    private init(offsets: [Int], entries: [TrackedSteps<State>]) {
        count = offsets.count
        kept = .allocate(capacity: offsets.count)
        for (index, offset) in offsets.enumerated() {
            (kept + index).initialize(to: Kept(offset: offset, version: 0))
        }
        self.entries = entries
    }

    deinit {
        kept.deinitialize(count: count)
        kept.deallocate()
    }

    /// A tracker for a store whose state starts as `initialState`; `nil` when `State` declares no
    /// shared values, or a place where they live cannot be told unchanged by a version.
    static func make(from initialState: State) -> SharedValuesTracker? {
        guard let declaring = State.self as? any SharedValues.Type else { return nil }
        // Features' shared members too: the store reconciles through the reducer, which does both.
        if SharedGraph.typesHoldingShared(from: State.self) != nil { return nil }
        func make<Declaring: SharedValues>(_: Declaring.Type) -> Any? {
            let rules = Declaring.sharing
            guard !rules.isEmpty, SharedValuesReconciler.versionOffsets(of: rules) != nil else { return nil }
            var trackings: [CopyTracking<Declaring>] = []
            for rule in rules {
                guard let tracking = rule.tracking else { return nil }
                trackings.append(tracking)
            }
            return trackings
        }
        guard let trackings = make(declaring) as? [CopyTracking<State>],
            let offsets = SharedValuesReconciler.versionOffsets(for: State.self)
        else { return nil }
        let tracker = SharedValuesTracker(offsets: offsets, entries: trackings.map { $0.make(initialState) })
        tracker.keepVersions(of: initialState)
        return tracker
    }

    /// Reconciles the copies after a reduction of the state this tracker kept last.
    @inlinable
    @inline(__always)
    func reconcile(_ state: inout State) {
        if withUnsafePointer(to: &state, { areKept(in: UnsafeRawPointer($0)) }) { return }
        reconcileRenewed(&state)
    }

    /// Whether every version in the state at `state` is the one kept: no collection the shared
    /// values live in was renewed. Inlined into the store's reduction
    /// (``StoreCore/reduceAndReconcileSharedValues(_:)``).
    @inlinable
    @inline(__always)
    func areKept(in state: UnsafeRawPointer) -> Bool {
        var index = 0
        while index < count {
            let entry = kept[index]
            if loadMember(UInt64.self, at: entry.offset, in: state) != entry.version { return false }
            index += 1
        }
        return true
    }

    @usableFromInline
    @inline(never)
    func reconcileRenewed(_ state: inout State) {
        for entry in entries { entry.writeEdits(&state) }
        for entry in entries { entry.refresh(&state) }
        for entry in entries { entry.settle(state) }
        keepVersions(of: state)
    }

    /// Keeps the versions in `state`.
    private func keepVersions(of state: State) {
        withUnsafePointer(to: state) { pointer in
            for index in 0..<count {
                kept[index].version = loadMember(UInt64.self, at: kept[index].offset, in: UnsafeRawPointer(pointer))
            }
        }
    }
}

/// Whether the identified collection at `collection` has the same version in two states: no change
/// since (a version is a stamp every change renews). The version is loaded at its offset in the
/// state when the key path allows (``MemberReader``, the sanctioned reader ``StructureVersionReader``
/// uses), so the check costs two loads, not two reads through an unspecialised key path: measured
/// 6,650 → 3,657 instructions a dispatch (`sharing, 10 copies, an action touching none`, held by
/// `.ci/perf-guard`).
extension SharedValuesReconciler {
    /// Where every version the shared values of `type` depend on is stored (byte offsets), when
    /// each can be read at an offset: an action that renewed none of them (most actions) is told
    /// in a few loads, before any rule runs (``sameVersions(at:in:_:)``). `nil` when `type`
    /// declares no shared values, or one of its places cannot be told unchanged that way.
    package static func versionOffsets<State>(for type: State.Type) -> [Int]? {
        guard let declaring = type as? any SharedValues.Type else { return nil }
        func offsets<Declaring: SharedValues>(_: Declaring.Type) -> [Int]? { versionOffsets(of: Declaring.sharing) }
        return offsets(declaring)
    }

    static func versionOffsets<Declaring>(of rules: [Sharing<Declaring>]) -> [Int]? {
        rules.contains { $0.versionOffsets == nil } ? nil : rules.flatMap { $0.versionOffsets ?? [] }
    }
}

/// Whether the versions stored at `offsets` (of identified collections, see `collectionVersionOffset(of:)`)
/// are the same in `state` and `before`: no collection the shared values live in changed.
func sameVersions<State>(at offsets: [Int], in state: inout State, _ before: State) -> Bool {
    withUnsafePointer(to: &state) { now in
        withUnsafePointer(to: before) { old in
            for offset in offsets
            where loadMember(UInt64.self, at: offset, in: now) != loadMember(UInt64.self, at: offset, in: old) {
                return false
            }
            return true
        }
    }
}

/// Where the version of the identified collection at `collection` is stored in `State`, when the
/// key path is made of stored properties only (`MemoryLayout.offset(of:)`); `nil` otherwise.
func collectionVersionOffset<State, ID, Element>(
    of collection: WritableKeyPath<State, IdentifiedArray<ID, Element>> & Sendable
) -> Int? {
    MemoryLayout<State>.offset(of: collection.appending(path: \IdentifiedArray<ID, Element>.version))
}

private func versionsEqual<State, ID, Element>(
    _ collection: WritableKeyPath<State, IdentifiedArray<ID, Element>> & Sendable
) -> @Sendable (State, State) -> Bool {
    let reader = CollectionVersionReader(collection)
    return { state, before in reader.read(state) == reader.read(before) }
}

/// Reads an identified collection's version in a state: a ``MemberReader`` made `Sendable`.
///
/// `@unchecked Sendable` for the reason ``StructureVersionReader`` is: it holds only a key path
/// (the app's `Sendable` path with one stored-property component appended) and an offset computed
/// from it once, both immutable after `init`.
private struct CollectionVersionReader<State>: @unchecked Sendable {
    let reader: MemberReader<State, UInt64>

    init<ID, Element>(_ collection: WritableKeyPath<State, IdentifiedArray<ID, Element>> & Sendable) {
        reader = MemberReader(collection.appending(path: \IdentifiedArray<ID, Element>.version))
    }

    func read(_ state: State) -> UInt64 {
        reader.read(state)
    }
}

extension SharedView {
    /// `view` in the state of a stack's screen.
    static func screen<Screen>(_ view: SharedView<Screen, Value>) -> SharedView where Root == StackElement<Screen> {
        SharedView(get: { view.get($0.state) }, set: { view.set(&$0.state, $1) })
    }
}
