// Where a child lives in its parent's state and who it is: what `forEach` and `ifLet` read,
// replace, clear and compare (split from Reducer+Elements.swift, issue 66).

/// How a `forEach` finds an element by its identifier and changes it in place. Made by the
/// inlinable ``Reducer/forEach(_:element:)`` in the app's module, so these closures are compiled for
/// the app's types there: run from the library's generic reducer, the same lookups through the key
/// path ran unspecialised and asked the runtime for the collection's metadata on every action.
@usableFromInline
struct ElementAccess<State, ID: Hashable & Sendable, Element: Identifiable & Sendable>: Sendable
where Element.ID == ID {
    /// The position of the element `id`, if it is there.
    @usableFromInline let index: @Sendable (_ state: State, _ id: ID) -> Int?
    /// Runs `body` on the element at a position, in place.
    @usableFromInline let update:
        @Sendable (_ state: inout State, _ index: Int, _ body: (inout Element) -> Void) -> Void

    @inlinable
    init(_ keyPath: WritableKeyPath<State, IdentifiedArray<ID, Element>> & Sendable) {
        // The collection read at its offset when the key path allows (``MemberReader``): a copy of
        // the collection (retains), not the runtime's key-path projection (~335 instructions on
        // every action a row sends, a generic-metadata lookup among them).
        let offset = MemoryLayout<State>.offset(of: keyPath)
        index = { state, id in
            guard let offset else { return state[keyPath: keyPath].index(id: id) }
            return withUnsafePointer(to: state) {
                loadMember(IdentifiedArray<ID, Element>.self, at: offset, in: UnsafeRawPointer($0)).index(id: id)
            }
        }
        update = { state, index, body in body(&state[keyPath: keyPath][index]) }
    }
}

/// Where an optional child lives in its parent's state: an optional member (a key path), or one
/// case of an enum reached by its constructor (``CaseReader``). How ``Reducer/ifLet(_:then:)-6g2hb``
/// and ``Reducer/ifLet(case:then:)-2mm1x`` read, replace and clear it, and the name its actions carry.
///
/// A member's place is made by the inlinable `ifLet`s in the app's module, so that its closures are
/// compiled there for the app's types: run from the library's generic reducer, the same key-path
/// reads asked the runtime for the optional's metadata on every action.
@usableFromInline
struct ChildPlace<State, Child>: Sendable {
    /// The child; `nil` while it is absent.
    @usableFromInline let get: @Sendable (State) -> Child?
    /// Moves the child out (leaving the place empty where it can).
    @usableFromInline let take: @Sendable (inout State) -> Child?
    /// Puts the child back.
    @usableFromInline let put: @Sendable (inout State, Child) -> Void
    /// Sets the place to `nil`; `false` when it cannot be (an enum's case, or an accessor ignoring `nil`).
    @usableFromInline let clear: @Sendable (inout State) -> Bool
    /// The name the child's actions carry when it does not depend on the value (a member's); `nil`
    /// for a case's.
    @usableFromInline let name: String?
    /// A case's name (`.detail`) while the state is that case.
    @usableFromInline let caseName: @Sendable (State) -> String?
    /// Whether an action is addressed to this place, or (for a case) to a case of this enum.
    @usableFromInline let isAddressed: @Sendable (ElementAction) -> Bool
    /// Whether the place's actions carry a fixed name (a member's), told without copying it.
    @usableFromInline let hasFixedName: Bool
    /// A member's offset in `State`, when its key path allows (see ``child(in:)``).
    @usableFromInline let offset: Int?

    /// The child, read in place: a load at a member's offset, without a closure call (the read
    /// an `ifLet` makes before and after every action), else ``get``.
    @inlinable
    func child(in state: inout State) -> Child? {
        if let offset {
            return withUnsafePointer(to: &state) { loadMember(Child?.self, at: offset, in: UnsafeRawPointer($0)) }
        }
        return get(state)
    }

    @inlinable
    init(_ keyPath: WritableKeyPath<State, Child?> & Sendable) {
        let name = ElementAction.path(of: keyPath)
        self.name = name
        hasFixedName = true
        // Read at the member's offset when the key path allows (as ``MemberReader`` does): a load,
        // not the runtime's key-path projection (~420 instructions) on every action.
        let offset = MemoryLayout<State>.offset(of: keyPath)
        self.offset = offset
        get = { state in
            guard let offset else { return state[keyPath: keyPath] }
            return withUnsafePointer(to: state) { loadMember(Child?.self, at: offset, in: UnsafeRawPointer($0)) }
        }
        take = { state in state[keyPath: keyPath].take() }
        put = { state, child in state[keyPath: keyPath] = child }
        clear = { state in
            state[keyPath: keyPath] = nil
            return state[keyPath: keyPath] == nil
        }
        caseName = { _ in name }
        isAddressed = { $0.isFor(name) }
    }

    @inlinable
    init(case reader: CaseReader<State, Child>) {
        name = nil
        hasFixedName = false
        offset = nil
        get = { state in reader.extract(from: state)?.payload }
        take = { state in reader.extract(from: state)?.payload }
        put = { state, child in state = reader.write(child) }
        clear = { _ in false }
        caseName = { state in reader.knownRoute ?? reader.extract(from: state).map { ElementAction.caseRoute($0.name) }
        }
        isAddressed = { $0.namesConstructorCase }
    }
}

/// Whether two identifiers are equal: compared as their own type when both are of one — as two
/// identities of one child type are — and through `AnyHashable` otherwise (which equates, say, an
/// `Int` and an `Int64` of one value). The existentials are opened, not cast: a runtime cast cost
/// ~250 instructions each, and boxing both in `AnyHashable` ~1,600 a comparison of `Int`s.
@usableFromInline
func sameIdentifier(_ lhs: any Hashable, _ rhs: any Hashable) -> Bool {
    func compare<Identifier: Hashable>(_ lhs: Identifier) -> Bool? {
        guard let rhs = exactly(rhs, as: Identifier.self) else { return nil }
        return lhs == rhs
    }
    return compare(lhs) ?? (AnyHashable(lhs) == AnyHashable(rhs))
}

/// A child's `id` in a ``ChildIdentity``: immutable, so a copy of the identity is a retain.
@usableFromInline
final class ChildID: Sendable {
    @usableFromInline let id: any Hashable & Sendable

    @usableFromInline
    init(_ id: any Hashable & Sendable) {
        self.id = id
    }
}

/// Whether an optional child is present, and which one: its `id` when `Identifiable`, its case
/// when an enum, else `nil` (only its presence counts).
@usableFromInline
enum ChildIdentity: Equatable, Sendable {
    case absent
    /// An enum's child, by its case's name: held as a string, not in an existential — copied with a
    /// retain and compared as strings (in `any Hashable & Sendable`, each copy and comparison went
    /// through the existential's value witnesses, ~1,500 instructions an action of an enum sheet).
    case named(String)
    /// A child by its `id`, boxed (``ChildID``): in the enum itself, the existential made every
    /// copy of an identity — of any case — go through the enum's value witnesses (~1,500
    /// instructions an action of an enum sheet, whose identities are names).
    case identified(ChildID)
    /// A child by its presence only (neither `Identifiable` nor an enum).
    case present

    /// Inlinable, so that it is compiled for the child's type in the `ifLet` that reads it: generic,
    /// the child's optional asked the runtime for its metadata on each read.
    @inlinable
    init<Child>(_ child: Child?, _ identify: (Child) -> ChildIdentity) {
        guard let child else {
            self = .absent
            return
        }
        self = identify(child)
    }

    /// The identity of `found`, the child before an action: `known` when it was read already, else
    /// read and kept in `known`.
    @inlinable
    static func before<Child>(
        _ found: Child?, _ identify: (Child) -> ChildIdentity, known: inout ChildIdentity?
    ) -> ChildIdentity {
        if let known { return known }
        let identity = ChildIdentity(found, identify)
        known = identity
        return identity
    }

    /// Whether the child `now` has the identity `found` had before the action: equal values have,
    /// without reading it (`unchanged`, for an `Equatable` child).
    @inlinable
    static func same<Child>(
        _ found: Child?, _ now: Child?, _ identify: (Child) -> ChildIdentity,
        unchanged: ((Child, Child) -> Bool)?, known: inout ChildIdentity?
    ) -> Bool {
        switch (found, now) {
        case (nil, nil): return true
        case (nil, _?), (_?, nil): return false
        case (let old?, let new?):
            if let unchanged, unchanged(old, new) { return true }
            return ChildIdentity(new, identify) == before(found, identify, known: &known)
        }
    }

    /// Whether the child is present.
    @inlinable
    var isPresent: Bool {
        if case .absent = self { return false }
        return true
    }

    /// The identity as an element action's or a work owner's identifier: the `id`, the case's
    /// name, or `nil`.
    @inlinable
    var id: (any Hashable & Sendable)? {
        switch self {
        case .absent: return nil
        case .named(let name): return name
        case .identified(let box): return box.id
        case .present: return nil
        }
    }

    /// The child's `id`.
    @usableFromInline
    @Sendable
    static func identifier<Child: Identifiable>(_ child: Child) -> ChildIdentity where Child.ID: Sendable {
        .identified(ChildID(child.id))
    }

    /// An enum's case name, `nil` (presence only) for other types — for one `ifLet`, which reads it
    /// on every action that addresses or changes its child: a child type seen not to be an enum (a
    /// sheet's struct) is remembered in an atomic flag, so it costs no reflection after the first
    /// action, and an `Equatable` enum's case is recognised with `==` in the value a case's
    /// constructor last wrote or this read last reflected (``CaseMemo``): reflected once per value.
    @usableFromInline
    static func caseOrPresence<Child>() -> @Sendable (Child) -> ChildIdentity {
        let notAnEnum = ReleaseFlag()  // an atomic set-once flag (its name is the store's use)
        let memo = CaseMemos.memo(for: Child.self)
        return { child in caseName(of: child, notAnEnum: notAnEnum, memo: memo).map(ChildIdentity.named) ?? .present }
    }

    /// An enum's case name (its description for a case without a payload); `nil` for other types.
    /// `notAnEnum` remembers a concrete type seen not to be an enum; `memo` recognises a value
    /// met before (``CaseMemo``).
    static func caseName<Child>(of child: Child, notAnEnum: ReleaseFlag?, memo: CaseMemo<Child>?) -> String? {
        if notAnEnum?.isSet == true { return nil }
        // Through the optional, not bound first: bound (`if let memo`), the memo was retained and
        // released around each read (`navigation, enum destination shown, the case's action sent
        // to the store` 8,134 → 7,919, four reads an action; the same in `CaseReader`).
        if let known = memo?.recall(child) { return known.name }
        return reflectedCaseName(of: child, notAnEnum: notAnEnum, memo: memo)
    }

    /// ``caseName(of:notAnEnum:memo:)`` for a value the memo does not hold: read with `Mirror`.
    /// Out of line, so that the memo's path does not set up `Mirror` (~250 instructions a read).
    @inline(never)
    static func reflectedCaseName<Child>(of child: Child, notAnEnum: ReleaseFlag?, memo: CaseMemo<Child>?) -> String? {
        let mirror = Mirror(reflecting: child)
        guard mirror.displayStyle == .enum else {
            // Only a concrete type is remembered: the values of an existential (`any P`) may be
            // enums or not. (`type(of:)` of a generic value is `Child` itself when `Child` is an
            // existential: the value is asked as `Any` for its own type.)
            if let notAnEnum, isOfConcreteType(child) { notAnEnum.set() }
            return nil
        }
        guard let first = mirror.children.first, let name = first.label else { return "\(child)" }
        memo?.remember(child, name: name, reflected: first.value)
        return name
    }

    /// An identity (`any Hashable & Sendable`, opened by this call) as a `Wanted` when its type is
    /// exactly that (``exactly(_:as:)``), instead of the runtime's `as?`. Measured with `as?`: a
    /// case name's comparison, `navigation, enum destination shown, an action of the case` 25,903 →
    /// 26,124; a row's identifier in `forEach`, `scope, a row of 1000, an action sent through the
    /// row` 3,354 → 3,686 (held by `.ci/perf-guard`, 5% over).
    @inlinable
    static func exactly<Value: Hashable & Sendable, Wanted>(_ value: Value, as type: Wanted.Type) -> Wanted? {
        Redux.exactly(value, as: type)
    }

    @usableFromInline
    static func == (lhs: ChildIdentity, rhs: ChildIdentity) -> Bool {
        switch (lhs, rhs) {
        case (.absent, .absent): return true
        case (.named(let l), .named(let r)): return l == r
        case (.present, .present): return true
        case (.identified(let lhs), .identified(let rhs)): return lhs === rhs || sameIdentifier(lhs.id, rhs.id)
        default: return false
        }
    }
}

/// Reads an identified collection's structure version in a state: a ``MemberReader`` (a load at
/// the stamp's offset when the key path allows), made `Sendable` for the reducer's closure.
///
/// `@unchecked Sendable`, safe because the reader holds only a key path — the app's `Sendable` key
/// path to the collection with one stored-property component appended — and an offset computed
/// from it once: both immutable after `init`, and a key path captures nothing (the appended path is
/// not typed `Sendable` only because `appending(path:)` drops the marker). Removing it would read
/// the stamp through the whole key path on every dispatch of every `forEach`. Shown by
/// `ElementAndChildTests.aForEachReducerMadeOffTheMainActorIsSharedByStores`, which builds the
/// reducer on another thread and runs it in two stores, under the thread sanitizer in CI.
@usableFromInline
struct StructureVersionReader<State>: @unchecked Sendable {
    @usableFromInline let reader: MemberReader<State, UInt64>

    @usableFromInline
    init<ID, Element>(_ collection: WritableKeyPath<State, IdentifiedArray<ID, Element>> & Sendable) {
        reader = MemberReader(collection.appending(path: \IdentifiedArray<ID, Element>.structureVersion))
    }

    @inlinable
    func read(_ state: inout State) -> UInt64 {
        withUnsafePointer(to: &state) { reader.read($0) }
    }
}

/// Whether `Child` is the value's own type — a concrete type, not an existential its value is
/// held in. `type(of:)` of a generic value gives `Child` itself when `Child` is an existential
/// (`any P`), so the value's type is asked of it as `Any`. For what is learned once per type (a
/// type seen not to be an enum, not to be `Identifiable`): off the per-action path.
func isOfConcreteType<Child>(_ value: Child) -> Bool {
    type(of: value as Any) == Child.self
}
