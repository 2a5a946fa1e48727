import Observation

/// Watches one optional child of a store's state for ``StoreProtocol/scope(ifPresent:)``: a view
/// that asks for the child's scope depends on the child's presence and identity only (its `id`, or
/// its case for an enum), not on its content — the child's own scope is observed for that.
@MainActor
@usableFromInline
final class PresenceWatcher<Root, Child>: DetachableWatcher {
    let core: StoreCore<Root>
    let keyPath: KeyPath<Root, Child?>
    /// Reads the child at its offset when the key path allows, when its scope is asked for (after
    /// every action, the presence is read through ``functions``).
    let childReader: MemberReader<Root, Child?>
    /// Reads the child's presence after every action, made for the app's types when the inlinable
    /// ``StoreProtocol/scope(ifPresent:)`` made the watcher.
    let functions: PresenceFunctions<Root, Child>
    let name: String
    let registrationKey: KeyPath<StoreCore<Root>, Int>
    /// The child's presence after the last action. Unchecked exclusivity in release builds (the
    /// pattern of `docs/architecture.md`; main-actor isolated, read and written only by the
    /// member's closures, which run none of the app's code): compared after every action, the
    /// check cost ~65 instructions an action of an enum destination's case.
    #if DEBUG
        var lastPresence = ChildPresence.absent
    #else
        @exclusivity(unchecked) var lastPresence = ChildPresence.absent
    #endif
    var member: ObservedMember<Root>?
    /// The scope of the child last shown, while anyone holds it, with its presentation (weak: it
    /// watches the store, which holds this watcher).
    weak var cached: ScopedStore<Child>?
    weak var cachedPresentation: Presentation?

    init(core: StoreCore<Root>, keyPath: KeyPath<Root, Child?>, functions: PresenceFunctions<Root, Child>) {
        self.core = core
        self.keyPath = keyPath
        self.functions = functions
        childReader = MemberReader(keyPath)
        name = ElementAction.path(of: keyPath)
        registrationKey = \StoreCore<Root>.[observedMember: core.machine.members.newSlot()]
    }

    func makeMember() -> ObservedMember<Root> {
        let presenceIn = functions.presenceIn
        // An `Equatable` child left equal has its presence still: not read again.
        let changed = functions.changeGate?()
        return ObservedMember<Root>(
            isUnchanged: { root in
                if let changed, !changed(root) { return true }
                return presenceIn(root) == self.lastPresence
            },
            remember: { root in
                _ = changed?(root)
                self.lastPresence = presenceIn(root)
            },
            // The gate lets its child go while nobody observes: a child dismissed meanwhile is not
            // kept alive by it (the next `remember` shows it the child again).
            disarm: { _ = changed?(nil) },
            access: { _ in },
            publish: { core in
                core.registrar.willSet(core, keyPath: self.registrationKey)
                core.registrar.didSet(core, keyPath: self.registrationKey)
            })
    }

    func detach() {
        member = nil
    }

    /// The child's scope while it is present; registers a dependency on its presence.
    @usableFromInline
    func scope(anchor: AnyObject?) -> ScopedStore<Child>? {
        core.registrar.access(core, keyPath: registrationKey)
        if let member, !member.isArmed {
            core.arm(member)
        }
        let child = withPointer(to: core.state) { childReader.read($0) }
        guard let present = child else { return nil }
        // The scope of the presentation shown, while it lasts: a child presented again (even equal)
        // is another presentation, with a scope of its own.
        if let cached, let cachedPresentation, !cachedPresentation.isOver {
            return cached
        }
        let parent = MemberScope(
            core: core, keyPath: keyPath, observeWhole: functions.observeChild, changeGate: functions.changeGate)
        let projected = ProjectedScope<Child?, Child>(
            parent: parent, initial: present, path: name, projectingInto: functions.project)
        let step = OwnerStep(path: name, id: nil)
        let presence = functions.presence(present)
        let presentation = Presentation(parent: parent, presenceOf: functions.presence, presence: presence, path: name)
        let scope = ScopedStore(
            ElementScope(
                base: projected, step: step, presentation: presentation, watchWork: livenessWatch(presence: presence))
        ).anchored(to: anchor)
        cached = scope
        cachedPresentation = presentation
        return scope
    }
}

extension PresenceWatcher {
    /// How the store tells that work the child's scope starts outlived this presentation: the
    /// child is gone, or shown with another identity, whoever changed it (held scope or not).
    func livenessWatch(presence: ChildPresence) -> @MainActor ([OwnerStep]) -> Void {
        { [weak self] owner in
            guard let self else { return }
            self.core.watchLiveness(of: owner) { [presenceIn = self.functions.presenceIn] root in
                presenceIn(root) == presence
            }
        }
    }
}

extension StoreCore {
    /// The presence watcher of the optional child at `keyPath`; made once per child, reading the
    /// child's presence with what `functions` makes.
    @usableFromInline
    func presenceWatcher<Child>(
        at keyPath: KeyPath<State, Child?>, functions: () -> PresenceFunctions<State, Child>
    ) -> PresenceWatcher<State, Child> {
        watcher(at: keyPath) { core in
            let watcher = PresenceWatcher(core: core, keyPath: keyPath, functions: functions())
            watcher.member = watcher.makeMember()
            return watcher
        }
    }
}

/// How a ``PresenceWatcher`` reads its child's presence after every action: closures made by the
/// inlinable ``StoreProtocol/scope(ifPresent:)`` in the app's module, so that they run compiled for
/// the app's types. Made in the library's generic code (a scope's nested `scope(ifPresent:)`), each
/// read asked the runtime for the child's optional's metadata (~330 instructions), four reads an
/// action for a shown sheet's scope.
@usableFromInline
struct PresenceFunctions<Root, Child> {
    /// The child's presence in the state at a pointer (read at its offset when the key path allows).
    @usableFromInline let presenceIn: @MainActor (UnsafePointer<Root>) -> ChildPresence
    /// The presence of a child read already.
    @usableFromInline let presence: @MainActor (Child?) -> ChildPresence
    /// Writes the child into its scope's last known state when it is present (``ProjectedScope``).
    @usableFromInline let project: @MainActor (Child?, inout Child) -> Bool
    /// For an `Equatable` child: arms the observation of the child's whole state as one member
    /// compared with its own `==` (found at run time otherwise, and compared through the
    /// conformance's witness: ~1,300 instructions an action for an enum destination).
    @usableFromInline let observeChild: (@MainActor (StoreCore<Root>) -> Void)?
    /// For an `Equatable` child: makes a gate — a function of a state telling whether the child
    /// differs from the one it saw last (the first call: it does), remembering it; given no state,
    /// it forgets the child. What the watcher's presence check and the child's scope's
    /// presentations ask first, so that an action that leaves the child equal (most of an app's
    /// actions) reads no presence (an enum's case) after it. `nil` for other children: their
    /// presence is read after every action.
    @usableFromInline let changeGate: (@MainActor () -> @MainActor (UnsafePointer<Root>?) -> Bool)?

    @MainActor
    @inlinable
    init(
        _ keyPath: KeyPath<Root, Child?>, observeChild: (@MainActor (StoreCore<Root>) -> Void)? = nil,
        changeGate: (@MainActor () -> @MainActor (UnsafePointer<Root>?) -> Bool)? = nil
    ) {
        let reader = MemberReader(keyPath)
        let presenceReader = PresenceReader<Child>()
        presenceIn = { presenceReader.presence(of: reader.read($0)) }
        presence = { presenceReader.presence(of: $0) }
        project = Self.project
        self.observeChild = observeChild
        self.changeGate = changeGate
    }

    @usableFromInline
    static func project(_ child: Child?, into: inout Child) -> Bool {
        guard let child else { return false }
        into = child
        return true
    }
}

extension PresenceFunctions where Child: Equatable & SendableMetatype {
    /// The functions of an `Equatable` child, with its comparisons compiled for its type in the
    /// app's module (`comparison`): see ``observeChild`` and ``changeGate``. Where the child's key
    /// path has no offset in `Root` (a computed property), its presence is read after every action.
    @MainActor
    @inlinable
    init(_ keyPath: KeyPath<Root, Child?>, comparing comparison: ChildComparison<Child>) {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else {
            self.init(keyPath)
            return
        }
        let probe = comparison.probe
        let gate = comparison.gate
        self.init(
            keyPath, observeChild: { core in core.observeMember(keyPath) { probe($0) } },
            changeGate: {
                let changed = gate(offset)
                return { root in changed(root.map(UnsafeRawPointer.init)) }
            })
    }
}

/// How an `Equatable` presented child is compared after each action, compiled for its type in the
/// app's module (by the inlinable `scope(ifPresent:)` of an `Equatable` child) — independent of the
/// state it lives in, so that a scope's nested `scope(ifPresent:)` has it too: run from the
/// library's generic code, the comparison went through the conformance's witness and the child's
/// optional's value witnesses (~1,300 instructions an action for an enum destination).
@usableFromInline
struct ChildComparison<Child> {
    /// The child's whole-state observation at an offset in its parent's state (``MemberProbe``).
    @usableFromInline let probe: @MainActor (_ offset: Int) -> MemberProbe
    /// Makes a gate for the child at an offset: a function of the parent's state telling whether
    /// the child differs from the one it saw last (the first call: it does), remembering it; given
    /// no state, it forgets the child (and says so).
    @usableFromInline let gate: @MainActor (_ offset: Int) -> @MainActor (UnsafeRawPointer?) -> Bool

    @inlinable
    init() where Child: Equatable & SendableMetatype {
        probe = { MemberProbe.make(Child?.self, offset: $0) }
        gate = { offset in
            let last = LastChild<Child>()
            return { parent in
                guard let parent else {
                    last.child = nil
                    last.hasSeen = false
                    return true
                }
                let now = loadMember(Child?.self, at: offset, in: parent)
                if last.hasSeen, last.child == now { return false }
                last.child = now
                last.hasSeen = true
                return true
            }
        }
    }
}

/// The child a ``PresenceFunctions/changeGate`` saw last. Unchecked exclusivity in release builds
/// (the pattern of `docs/architecture.md`; main-actor isolated, read and written only by its gate,
/// which runs no code of the app's between — the child's `==` only reads): read after every action
/// by each gate, the checks cost ~520 instructions a parent's action with an enum destination's
/// scope held (1,016 → 1,538; held by `.ci/perf-guard`'s threshold for that scenario).
@MainActor
@usableFromInline
final class LastChild<Child> {
    #if DEBUG
        @usableFromInline var child: Child?
        @usableFromInline var hasSeen = false
    #else
        @exclusivity(unchecked) @usableFromInline var child: Child?
        @exclusivity(unchecked) @usableFromInline var hasSeen = false
    #endif

    @usableFromInline init() {}
}

/// What tells one presented child from another: its `id` when `Identifiable`, its case for an
/// enum, else only that it is present. ``ChildIdentity`` with the `id` as `any Hashable`: a
/// scope finds it at run time (`as? any Identifiable`, once per type), where the identifier's type
/// is not known to be `Sendable`, which `ChildIdentity` (held by reducers' `@Sendable` work) needs.
@usableFromInline
enum ChildPresence: Hashable {
    case absent
    /// A child by its `id`, compared as its own type (``sameIdentifier(_:_:)``): in an
    /// `AnyHashable`, making it and comparing it cost ~1,600 instructions a presence read of an
    /// `Int` identifier.
    case identified(PresenceID)
    case named(String)
    case present

    /// The synthesized comparison's, written out so that each side's payload is bound only when
    /// both are of that case: compared after every action by each presentation and presence
    /// watcher, the synthesized one copied both sides whole first (~230 instructions a
    /// comparison, three an action of an enum destination's case).
    @usableFromInline
    static func == (lhs: ChildPresence, rhs: ChildPresence) -> Bool {
        switch lhs {
        case .absent:
            if case .absent = rhs { return true }
        case .present:
            if case .present = rhs { return true }
        case .named(let name):
            if case .named(let other) = rhs { return name == other }
        case .identified(let id):
            if case .identified(let other) = rhs { return id === other || sameIdentifier(id.id, other.id) }
        }
        return false
    }

    /// Hashes the case and its payload (an identifier as `AnyHashable` does, so that the values
    /// `==` calls equal hash alike).
    @usableFromInline
    func hash(into hasher: inout Hasher) {
        switch self {
        case .absent: hasher.combine(0)
        case .present: hasher.combine(1)
        case .named(let name):
            hasher.combine(2)
            hasher.combine(name)
        case .identified(let box):
            hasher.combine(3)
            hasher.combine(AnyHashable(box.id))
        }
    }
}

/// A child's `id` in a ``ChildPresence``: immutable, so a copy of the presence is a retain (with
/// the identifier in the enum itself, every copy of a presence — of any case — went through the
/// enum's value witnesses).
@usableFromInline
final class PresenceID {
    @usableFromInline let id: any Hashable

    @usableFromInline
    init(_ id: any Hashable) {
        self.id = id
    }
}

/// Reads a child's ``ChildPresence``, for a watcher that reads it on every notification: made
/// once, it remembers a child type seen not to be `Identifiable` or not an enum (no conformance
/// lookup or reflection again), and recognises an `Equatable` enum's value met before with `==`
/// (``CaseMemo``).
@usableFromInline
struct PresenceReader<Child>: Sendable {
    /// Set once a value of the concrete type `Child` was seen not to be `Identifiable`: its
    /// conformance is not looked up again.
    let notIdentifiable = ReleaseFlag()  // an atomic set-once flag (its name is the store's use)
    /// Set once a value of the concrete type `Child` was seen not to be an enum.
    let notAnEnum = ReleaseFlag()
    let memo = CaseMemos.memo(for: Child.self)
    /// How the `id` of a `Child` found `Identifiable` is read: learned from the first, then read
    /// without asking the runtime for the conformance again (a cast to `any Identifiable`, ~1,100
    /// instructions, twice an action of an identified sheet).
    let identifier = LearnedIdentifier<Child>()

    @usableFromInline init() {}

    /// The child's presence: absent, its `id`, its case, or present. Inlinable, so that a reader
    /// made in the app's module (by `scope(case:)`) runs it for the app's types.
    @inlinable
    func presence(of child: Child?) -> ChildPresence {
        guard let child else { return .absent }
        return presence(ofPresent: child)
    }

    /// The presence of a child that is there: its `id`, its case, or present.
    @usableFromInline
    func presence(ofPresent child: Child) -> ChildPresence {
        // A type seen not to be `Identifiable` never learns an identifier: its case is read
        // without asking for one — an empty optional existential made and destroyed on each read,
        // three reads an action of an enum destination's case with its scope held (`navigation,
        // enum destination shown, the case's action sent to the store` 8,425 → 8,134).
        if !notIdentifiable.isSet {
            if let id = identifier.id(of: child) { return .identified(PresenceID(id)) }
            if let identified = child as? any Identifiable {
                // Only a concrete type is learned (and remembered not to conform): the values of
                // an existential may conform or not, each its own way.
                if isOfConcreteType(child) { identifier.learn(from: identified) }
                func anyID<T: Identifiable>(_ value: T) -> any Hashable { value.id }
                return .identified(PresenceID(anyID(identified)))
            }
            if isOfConcreteType(child) { notIdentifiable.set() }
        }
        return ChildIdentity.caseName(of: child, notAnEnum: notAnEnum, memo: memo).map(ChildPresence.named) ?? .present
    }
}

/// How the `id` of an `Identifiable` `Child` is read, learned from the first value found to
/// conform (through a cast, once), on any thread: written once, then published with an atomic
/// flag, as ``LearnedCaseName`` is.
///
/// `@unchecked Sendable`: `read` is written only by the one thread that took `writing` (never
/// freed, so nobody writes again), before `published` is set with release ordering; it is read
/// only after `published` is seen set with acquire ordering.
final class LearnedIdentifier<Child>: @unchecked Sendable {
    private let writing = TryLock()
    private let published = ReleaseFlag()
    /// Reads a child's `id`; written once, before `published` is set. (Checked exclusivity: with
    /// the check off, as for ``LearnedCaseName``'s name, an action of an identified sheet measured
    /// the same, 6,271 against 6,272 instructions.)
    private var read: ((Child) -> (any Hashable)?)?

    /// The child's `id` once the way to read it is learned; `nil` before.
    func id(of child: Child) -> (any Hashable)? {
        guard published.isSet, let read else { return nil }
        return read(child)
    }

    /// Learns how to read the `id` of `Child` from a value of it (`Child` itself conforms).
    func learn(from identified: any Identifiable) {
        func reader<Identified: Identifiable>(_: Identified) -> (Child) -> (any Hashable)? {
            // `Child` is `Identified` (the caller checked the value's type): the value is
            // reinterpreted as its own type (``exactly(_:as:)``), not cast.
            { child in
                guard let identified = exactly(child, as: Identified.self) else { return nil }
                return identified.id
            }
        }
        guard !published.isSet, writing.tryTake() else { return }
        read = reader(identified)
        published.set()
    }
}
