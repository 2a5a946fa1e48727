import Observation

/// Watches one optional child of a store's state for ``StoreProtocol/scope(ifPresent:)``: a view
/// that asks for the child's scope depends on the child's presence and identity only (its `id`, or
/// its case for an enum), not on its content — the child's own scope is observed for that.
@MainActor
final class PresenceWatcher<Root, Child>: DetachableWatcher {
    let core: StoreCore<Root>
    let keyPath: KeyPath<Root, Child?>
    /// Reads the child at its offset when the key path allows (the runtime's key-path projection
    /// cost ~420 instructions a read, after every action).
    let childReader: MemberReader<Root, Child?>
    let name: String
    let registrationKey: KeyPath<StoreCore<Root>, Int>
    var lastPresence = ChildPresence.absent
    /// Reads the child's presence (its case learned once per value, see ``CaseMemo``).
    let reader = PresenceReader<Child>()
    var member: ObservedMember<Root>?
    /// The scope of the child last shown, while anyone holds it, with its presentation (weak: it
    /// watches the store, which holds this watcher).
    weak var cached: ScopedStore<Child>?
    weak var cachedPresentation: Presentation?

    init(core: StoreCore<Root>, keyPath: KeyPath<Root, Child?>) {
        self.core = core
        self.keyPath = keyPath
        childReader = MemberReader(keyPath)
        name = ElementAction.path(of: keyPath)
        registrationKey = \StoreCore<Root>.[observedMember: core.machine.members.newSlot()]
    }

    func makeMember() -> ObservedMember<Root> {
        ObservedMember<Root>(
            isUnchanged: { root in
                self.reader.presence(of: self.childReader.read(root)) == self.lastPresence
            },
            remember: { root in self.lastPresence = self.reader.presence(of: self.childReader.read(root)) },
            disarm: {},
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
        let parent = MemberScope(core: core, keyPath: keyPath)
        let projected = ProjectedScope<Child?, Child>(parent: parent, initial: present, path: name) { $0 }
        let step = OwnerStep(path: name, id: nil)
        let reader = reader
        let presentation = Presentation(
            parent: parent, presenceOf: { reader.presence(of: $0) }, presence: reader.presence(of: present), path: name)
        let scope = ScopedStore(
            ElementScope(
                base: projected, step: step, presentation: presentation,
                watchWork: livenessWatch(presence: reader.presence(of: present)))
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
            self.core.watchLiveness(of: owner) { [weak self] root in
                guard let self else { return false }
                return self.reader.presence(of: self.childReader.read(root)) == presence
            }
        }
    }
}

extension StoreCore {
    /// The presence watcher of the optional child at `keyPath`; made once per child.
    func presenceWatcher<Child>(at keyPath: KeyPath<State, Child?>) -> PresenceWatcher<State, Child> {
        watcher(at: keyPath) { core in
            let watcher = PresenceWatcher(core: core, keyPath: keyPath)
            watcher.member = watcher.makeMember()
            return watcher
        }
    }
}

/// What tells one presented child from another: its `id` when `Identifiable`, its case for an
/// enum, else only that it is present.
@usableFromInline
enum ChildPresence: Hashable {
    case absent
    case identified(AnyHashable)
    case named(String)
    case present
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
        if !notIdentifiable.isSet {
            if let identified = child as? any Identifiable {
                func identifier<T: Identifiable>(_ value: T) -> AnyHashable { AnyHashable(value.id) }
                return .identified(identifier(identified))
            }
            // Only a concrete type is remembered: the values of an existential may conform or not.
            if type(of: child) == Child.self { notIdentifiable.set() }
        }
        return ChildIdentity.caseName(of: child, notAnEnum: notAnEnum, memo: memo).map(ChildPresence.named) ?? .present
    }
}
