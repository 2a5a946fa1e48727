import Observation

/// One member of the state read through dynamic member lookup, tracked so that observers of that
/// member are told only when its value changes.
///
/// The comparison and the notification are closures created where the member is first read — in
/// the inlinable dynamic-member subscript — so they are specialised for the caller's types instead
/// of going through generic metadata on every dispatch.
@MainActor
@usableFromInline
final class ObservedMember<State> {
    /// Whether the member was read since its observers were last told about a change.
    @usableFromInline var isArmed = false
    /// Whether the member still has the value it had when it was read.
    @usableFromInline let isUnchanged: @MainActor (State) -> Bool
    /// Remembers the member's value in the given state.
    @usableFromInline let remember: @MainActor (State) -> Void
    /// Forgets the value read.
    @usableFromInline let disarm: @MainActor () -> Void
    /// Tells the member's observers that it changed.
    @usableFromInline let publish: @MainActor (StoreCore<State>) -> Void
    /// The key path under which the member is registered with the observation registrar.
    @usableFromInline let coreKeyPath: AnyKeyPath

    @usableFromInline
    init(
        isUnchanged: @escaping @MainActor (State) -> Bool,
        remember: @escaping @MainActor (State) -> Void,
        disarm: @escaping @MainActor () -> Void,
        publish: @escaping @MainActor (StoreCore<State>) -> Void,
        coreKeyPath: AnyKeyPath
    ) {
        self.coreKeyPath = coreKeyPath
        self.isUnchanged = isUnchanged
        self.remember = remember
        self.disarm = disarm
        self.publish = publish
    }
}

/// The value of a member when it was last read.
@MainActor
@usableFromInline
final class LastRead<Value> {
    @usableFromInline var value: Value?

    @usableFromInline
    init() {}
}

/// The members read through dynamic member lookup, and which of them are armed.
///
/// Only armed members are compared after a reduction, and a member is armed only between a read
/// and the next change of its value: observation in SwiftUI and `withObservationTracking` is
/// one-shot, so after a change nobody is observing a member until it is read again. A store whose
/// members are never read pays one `isEmpty` check per dispatch.
@MainActor
@usableFromInline
struct MemberTracker<State> {
    @usableFromInline var members: [AnyKeyPath: ObservedMember<State>] = [:]
    @usableFromInline var armed: [ObservedMember<State>] = []

    @usableFromInline nonisolated init() {}

    @inlinable
    var hasArmedMembers: Bool { !armed.isEmpty }
}

extension StoreCore {
    /// Arms the member at `keyPath` (remembers its current value, so that a later reduction that
    /// changes it notifies its observers), and returns the key path under which it is registered
    /// with the observation registrar.
    @inlinable
    @MainActor
    func armMember<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> AnyKeyPath {
        let member: ObservedMember<State>
        if let existing = machine.members.members[keyPath] {
            member = existing
        } else {
            let coreKeyPath = \StoreCore<State>.[observedMember: keyPath]
            let lastRead = LastRead<Value>()
            member = ObservedMember(
                isUnchanged: { state in lastRead.value.map { $0 == state[keyPath: keyPath] } ?? false },
                remember: { state in lastRead.value = state[keyPath: keyPath] },
                disarm: { lastRead.value = nil },
                publish: { core in
                    core.registrar.willSet(core, keyPath: coreKeyPath)
                    core.registrar.didSet(core, keyPath: coreKeyPath)
                },
                coreKeyPath: coreKeyPath
            )
            machine.members.members[keyPath] = member
        }
        if !member.isArmed {
            member.remember(state)
            member.isArmed = true
            machine.members.armed.append(member)
        }
        return member.coreKeyPath
    }

    /// Tells the observers of every armed member whose value changed. Compares first and runs
    /// observer code last, so nothing is allocated when no member changed, and re-arming from an
    /// observer cannot disturb the pass.
    @inlinable
    @MainActor
    func publishMemberChanges() {
        let armed = machine.members.armed
        let current = state
        var changed: [ObservedMember<State>] = []
        for member in armed where !member.isUnchanged(current) {
            changed.append(member)
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
