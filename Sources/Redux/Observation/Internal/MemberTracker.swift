import Observation

/// One member of the state read through dynamic member lookup, tracked so that observers of that
/// member are told only when its value changes.
///
/// The comparison, the registration and the notification are closures created where the member is
/// first read — in the inlinable dynamic-member subscript — so they are specialised for the
/// caller's types: no generic cast of the registrar's key path, and the member is read at its
/// stored offset (``MemberReader``) instead of through the runtime's key-path projection.
@MainActor
@usableFromInline
final class ObservedMember<State> {
    /// Whether the member was read since its observers were last told about a change.
    #if DEBUG
        @usableFromInline var isArmed = false
    #else
        @exclusivity(unchecked) @usableFromInline var isArmed = false
    #endif
    /// Whether the member still has the value it had when it was read.
    @usableFromInline let isUnchanged: @MainActor (UnsafePointer<State>) -> Bool
    /// Remembers the member's value in the given state.
    @usableFromInline let remember: @MainActor (UnsafePointer<State>) -> Void
    /// Forgets the value read.
    @usableFromInline let disarm: @MainActor () -> Void
    /// Registers a dependency on the member with the current observation tracking.
    @usableFromInline let access: @MainActor (StoreCore<State>) -> Void
    /// Tells the member's observers that it changed.
    @usableFromInline let publish: @MainActor (StoreCore<State>) -> Void

    @usableFromInline
    init(
        isUnchanged: @escaping @MainActor (UnsafePointer<State>) -> Bool,
        remember: @escaping @MainActor (UnsafePointer<State>) -> Void,
        disarm: @escaping @MainActor () -> Void,
        access: @escaping @MainActor (StoreCore<State>) -> Void,
        publish: @escaping @MainActor (StoreCore<State>) -> Void
    ) {
        self.isUnchanged = isUnchanged
        self.remember = remember
        self.disarm = disarm
        self.access = access
        self.publish = publish
    }
}

/// The comparison of one member stored at a byte offset of the state, made where the member's type
/// is known and the state's is not (a scope's dynamic member lookup, inlined into the app): the
/// per-dispatch comparison then runs specialised for the member, as it does for a store's member.
@MainActor
@usableFromInline
struct MemberProbe {
    /// Whether the member, at its offset in the state at the pointer, still has the value read.
    @usableFromInline let isUnchanged: @MainActor (UnsafeRawPointer) -> Bool
    /// Remembers the member's value in the state at the pointer.
    @usableFromInline let remember: @MainActor (UnsafeRawPointer) -> Void
    /// Forgets the value read.
    @usableFromInline let disarm: @MainActor () -> Void

    @usableFromInline
    init(
        isUnchanged: @escaping @MainActor (UnsafeRawPointer) -> Bool,
        remember: @escaping @MainActor (UnsafeRawPointer) -> Void, disarm: @escaping @MainActor () -> Void
    ) {
        self.isUnchanged = isUnchanged
        self.remember = remember
        self.disarm = disarm
    }

    /// The comparison of a `Value` at `offset`: a load at that offset, as ``MemberReader`` does.
    @inlinable
    static func make<Value: Equatable>(_: Value.Type, offset: Int) -> MemberProbe {
        let lastRead = LastRead<Value>()
        return MemberProbe(
            // A `guard`, not `Optional.map`: the closure given to `map` was a main-actor closure
            // of its own, which checked the executor on each call (~45 instructions a probe).
            isUnchanged: { state in
                guard let last = lastRead.value else { return false }
                return last == loadMember(Value.self, at: offset, in: state)
            },
            remember: { state in lastRead.value = loadMember(Value.self, at: offset, in: state) },
            disarm: { lastRead.value = nil }
        )
    }
}

/// The value of a member when it was last read (by a probe, or by a row's scope: its list's
/// version). Unchecked exclusivity in release builds (the pattern of `docs/architecture.md`;
/// main-actor isolated, read and written only by the closures of the one probe or subscription
/// that made it, whose comparison is the member's `==`, which only reads): read after every action
/// while the member is observed, the dynamic check cost ~57 instructions a probe.
@MainActor
@usableFromInline
final class LastRead<Value> {
    #if DEBUG
        @usableFromInline var value: Value?
    #else
        @exclusivity(unchecked) @usableFromInline var value: Value?
    #endif

    @usableFromInline
    init() {}
}

/// The members read through dynamic member lookup, and which of them are armed.
///
/// Only armed members are compared after a reduction, and a member is armed only between a read
/// and the next change of its value: observation in SwiftUI and `withObservationTracking` is
/// one-shot, so after a change nobody is observing a member until it is read again. A store whose
/// members are never read pays one `isEmpty` check per dispatch.
///
/// Members are found by the identity of the key path read (a key-path literal is one object per
/// call site), so a read costs a pointer comparison per member tracked, not the hash of a key path
/// (~2,000 instructions through `AnyKeyPath.hash(into:)`). The key paths are kept, so an identity
/// can never be reused by another key path; an equal key path from another call site is matched by
/// `==` the first time and remembered under its own identity.
@MainActor
@usableFromInline
struct MemberTracker<State> {
    @usableFromInline var byIdentity: [(keyPath: AnyKeyPath, member: ObservedMember<State>)] = []
    @usableFromInline var armed: [ObservedMember<State>] = []
    /// How many registration keys were handed out (members, rows, lists of rows).
    @usableFromInline var slotCount = 0

    @usableFromInline nonisolated init() {}

    /// A registration key not used by any other member, row or list of this store.
    @inlinable
    mutating func newSlot() -> Int {
        slotCount += 1
        return slotCount
    }

    @inlinable
    var hasArmedMembers: Bool { !armed.isEmpty }

    /// The member tracked for this key path, if any.
    @inlinable
    func member(for keyPath: AnyKeyPath) -> ObservedMember<State>? {
        for entry in byIdentity where entry.keyPath === keyPath {
            return entry.member
        }
        return nil
    }
}

extension StoreCore {
    /// Registers a dependency on the member at `keyPath` with the current observation tracking,
    /// and arms it: remembers its current value, so that a later reduction that changes it
    /// notifies its observers.
    ///
    /// - Parameters:
    ///   - keyPath: The member, from the store's state.
    ///   - probe: Makes the comparison for a member at a byte offset, specialised for `Value` where
    ///     the caller knows it (a scope does, without knowing `State`): `MemberProbe.make`.
    @inlinable
    func observeMember<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>, probe: (_ offset: Int) -> MemberProbe
    ) {
        let member = machine.members.member(for: keyPath) ?? makeMember(keyPath, probe: probe)
        member.access(self)
        if !member.isArmed {
            arm(member)
        }
    }

    /// Tracks a member read for the first time from this key path object.
    @inlinable
    func makeMember<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>, probe: (_ offset: Int) -> MemberProbe
    ) -> ObservedMember<State> {
        if let index = machine.members.byIdentity.firstIndex(where: { $0.keyPath == keyPath }) {
            let equal = machine.members.byIdentity[index].member
            // Remembered under this key path's identity too — unless the caller makes a new key
            // path object on every read (composed at run time): then the newest replaces one, so
            // the list stays bounded. Replacing is sound: identities are compared only with key
            // paths the list keeps alive.
            if machine.members.byIdentity.lazy.filter({ $0.member === equal }).count < 4 {
                machine.members.byIdentity.append((keyPath, equal))
            } else {
                machine.members.byIdentity[index].keyPath = keyPath
            }
            return equal
        }
        let coreKeyPath = \StoreCore<State>.[observedMember: machine.members.newSlot()]
        let reader = MemberReader(keyPath)
        let member: ObservedMember<State>
        let access: @MainActor (StoreCore<State>) -> Void = { core in core.registrar.access(core, keyPath: coreKeyPath)
        }
        let publish: @MainActor (StoreCore<State>) -> Void = { core in
            core.registrar.willSet(core, keyPath: coreKeyPath)
            core.registrar.didSet(core, keyPath: coreKeyPath)
        }
        if let offset = reader.offset {
            // The caller's comparison, specialised for `Value`, on the raw state.
            let made = probe(offset)
            member = ObservedMember<State>(
                isUnchanged: { state in made.isUnchanged(UnsafeRawPointer(state)) },
                remember: { state in made.remember(UnsafeRawPointer(state)) },
                disarm: made.disarm,
                access: access,
                publish: publish
            )
            machine.members.byIdentity.append((keyPath, member))
            return member
        }
        let lastRead = LastRead<Value>()
        member = ObservedMember<State>(
            isUnchanged: { state in
                guard let last = lastRead.value else { return false }
                return last == reader.read(state)
            },
            remember: { state in lastRead.value = reader.read(state) },
            disarm: { lastRead.value = nil },
            access: access,
            publish: publish
        )
        machine.members.byIdentity.append((keyPath, member))
        return member
    }

    /// Tells the observers of every armed member whose value changed. Compares first and runs
    /// observer code last, so nothing is allocated when no member changed, and re-arming from an
    /// observer cannot disturb the pass.
    @inlinable
    func publishMemberChanges() {
        let armed = machine.members.armed
        var changed: [ObservedMember<State>] = []
        // The comparisons read the state in place (no copy, so no retain of each of its
        // references). They call each member's `==`, which for the app's own types is app code: it
        // must be pure. A `==` that dispatches is still safe — the store is busy until this pass
        // ends, so the action is queued (DispatchRules) and the state is not written meanwhile.
        withStatePointer { pointer in
            withBuffer(of: armed) { armed in
                for index in armed.indices where !armed[index].isUnchanged(pointer) {
                    changed.append(armed[index])
                }
            }
        }
        guard !changed.isEmpty else { return }
        machine.members.armed.removeAll { member in changed.contains { $0 === member } }
        for member in changed {
            // Disarmed first: an observer that reads the member again re-arms it with the new value.
            member.isArmed = false
            member.disarm()
            member.publish(self)
        }
    }
}
