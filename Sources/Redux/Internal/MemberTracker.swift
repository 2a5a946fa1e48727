import Observation

/// One member of the state read through dynamic member lookup, tracked so that observers of that
/// member are told only when its value changes.
@MainActor
@usableFromInline
class ObservedMember<State> {
    /// Whether the member was read since its observers were last told about a change.
    var isArmed = false

    /// Compares the member with the value last read. Returns `true` when it is unchanged (it stays
    /// armed); otherwise disarms it, tells its observers and returns `false` — an observer that
    /// reads the member again re-arms it through the read path.
    func publishIfUnchanged(in core: StoreCore<State>) -> Bool {
        false
    }
}

@MainActor
final class EquatableMember<State, Value: Equatable>: ObservedMember<State> {
    let keyPath: KeyPath<State, Value>
    /// The key path under which the core reports this member to its `ObservationRegistrar`.
    let coreKeyPath: KeyPath<StoreCore<State>, Value>
    private var lastRead: Value?

    init(keyPath: KeyPath<State, Value>) {
        self.keyPath = keyPath
        self.coreKeyPath = \StoreCore<State>.[observedMember: keyPath]
    }

    func arm(with value: Value) {
        lastRead = value
        isArmed = true
    }

    override func publishIfUnchanged(in core: StoreCore<State>) -> Bool {
        let current = core.state.pointee[keyPath: keyPath]
        if let lastRead, lastRead == current { return true }
        isArmed = false
        lastRead = nil
        core.registrar.willSet(core, keyPath: coreKeyPath)
        core.registrar.didSet(core, keyPath: coreKeyPath)
        return false
    }
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
    private var members: [AnyKeyPath: ObservedMember<State>] = [:]

    @usableFromInline nonisolated init() {}
    @usableFromInline private(set) var armed: [ObservedMember<State>] = []

    @inlinable
    var hasArmedMembers: Bool { !armed.isEmpty }

    mutating func member<Value: Equatable>(for keyPath: KeyPath<State, Value>) -> EquatableMember<State, Value> {
        if let existing = members[keyPath] as? EquatableMember<State, Value> {
            return existing
        }
        let member = EquatableMember<State, Value>(keyPath: keyPath)
        members[keyPath] = member
        return member
    }

    mutating func arm(_ member: ObservedMember<State>) {
        armed.append(member)
    }

    /// Removes and returns the armed members, to be published and re-armed.
    mutating func takeArmed() -> [ObservedMember<State>] {
        let taken = armed
        armed = []
        return taken
    }
}
