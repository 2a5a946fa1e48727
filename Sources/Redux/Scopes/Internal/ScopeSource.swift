import Observation

/// Where a ``ScopedStore`` reads, observes, subscribes and dispatches: a part of a store's state at
/// a key path (``MemberScope``), an element of an identified array (``RowScope``), or a projection
/// of another scope (``ProjectedScope``).
@MainActor
@usableFromInline
protocol ScopeSource<State>: AnyObject {
    associatedtype State
    var effects: Effects { get }
    /// How the scope's state is named from the store's state in a binding's log line
    /// (`settings`, `pokemons[id: 25]`); `nil` at the top.
    var pathPrefix: String? { get }
    /// The identifier of the list element this scope shows, for a row (bindings carry it).
    var elementID: (any Hashable & Sendable)? { get }
    /// The state, without registering any observation.
    func currentState() -> State
    /// Registers a dependency on the whole scoped state.
    func observeWhole()
    /// Registers a dependency on one member of the scoped state; `probe` makes its comparison,
    /// specialised for `Value` by the caller (see ``MemberProbe``).
    func observe<Value: Equatable>(_ keyPath: KeyPath<State, Value>, probe: (_ offset: Int) -> MemberProbe)
    func dispatch(_ action: any Action)
    /// The chain of elements this scope belongs to, from the store's state (see ``OwnerStep``);
    /// empty outside any element.
    var owner: [OwnerStep] { get }
    /// Dispatches `action` to the store as it is, with the work middleware start for it owned by
    /// `owner` (an async action dispatched through a row belongs to the row).
    func dispatchToStore(_ action: any Action, owner: [OwnerStep])
    func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> Subscription
    /// Calls `observer` after the reductions that may have changed this scope's state: what a
    /// ``Presentation`` watches. A scope that tells its state unchanged cheaply — a presented
    /// `Equatable` child by its own `==` (``PresenceFunctions/changeGate``), a row of an identified
    /// collection by the collection's version — skips the reductions that left it so; the others
    /// call it after every reduction, as ``subscribe(_:)`` (whose observers are the app's, promised
    /// every reduction).
    func watchChanges(_ observer: @escaping @MainActor (State) -> Void) -> Subscription
    func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription
    func subscribe<Value: Equatable>(
        select: @escaping @MainActor (State) -> Value, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription
    func scope<Child>(_ keyPath: KeyPath<State, Child>) -> ScopedStore<Child>
    func row<Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, [Element]>, id: Element.ID
    ) -> ScopedStore<Element>? where Element.ID: Sendable
    func rows<Element: Identifiable & Equatable>(_ keyPath: KeyPath<State, [Element]>) -> [ScopedStore<Element>]
    where Element.ID: Sendable
    func identifiedRow<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>, id: ID
    ) -> ScopedStore<Element>? where Element.ID == ID
    func identifiedRows<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
    ) -> [ScopedStore<Element>] where Element.ID == ID
    func presentChild<Child>(_ keyPath: KeyPath<State, Child?>, anchor: AnyObject?) -> ScopedStore<Child>?
    /// ``presentChild(_:anchor:)`` for an `Equatable` child, compared as `comparison` says where
    /// the scope can (a member scope's child has an offset in the store's state).
    func presentChild<Child: Equatable & SendableMetatype>(
        _ keyPath: KeyPath<State, Child?>, anchor: AnyObject?, comparing comparison: ChildComparison<Child>
    ) -> ScopedStore<Child>?
    /// Has the store ask `isLive` after each reduction while `chain` has work, and cancel that work
    /// when it says no: for work an element's scope starts (see ``StoreCore/watchLiveness(of:_:)``).
    func watchLiveness(of chain: [OwnerStep], _ isLive: @escaping @MainActor () -> Bool)
}

extension ScopeSource {
    var elementID: (any Hashable & Sendable)? { nil }
    var owner: [OwnerStep] { [] }

    // Defaults for scopes that project their state from another (rows, parts of rows): observed as
    // a whole, subscribed through a selector. `MemberScope` has its own, finer ones.

    func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        subscribe(select: { $0[keyPath: keyPath] }, observer)
    }

    func scope<Child>(_ keyPath: KeyPath<State, Child>) -> ScopedStore<Child> {
        let path = BindingAction<State>.path(of: keyPath)
        // The member read at its offset when the key path allows (``MemberReader``), written into
        // the scope's last known state: through the runtime's key-path projection, returning an
        // optional, a read cost ~700 instructions (the key path's projection and the metadata of
        // `Child?`), once an action for a scope in a stack's screen.
        let reader = MemberReader(keyPath)
        let projected = ProjectedScope<State, Child>(
            parent: self, initial: currentState()[keyPath: keyPath],
            path: pathPrefix.map { "\($0).\(path)" } ?? path
        ) { parent, into in
            into = reader.read(parent)
            return true
        }
        return ScopedStore(MemberCompositions.addressing(projected, member: keyPath))
    }

    func row<Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, [Element]>, id: Element.ID
    ) -> ScopedStore<Element>? where Element.ID: Sendable {
        projectedRow(of: self, keyPath, id: id)
    }

    func rows<Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, [Element]>
    ) -> [ScopedStore<Element>] where Element.ID: Sendable {
        observeWhole()
        return currentState()[keyPath: keyPath].compactMap { projectedRow(of: self, keyPath, id: $0.id) }
    }

    func identifiedRow<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>, id: ID
    ) -> ScopedStore<Element>? where Element.ID == ID {
        projectedIdentifiedRow(of: self, keyPath, id: id)
    }

    func identifiedRows<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
    ) -> [ScopedStore<Element>] where Element.ID == ID {
        observeWhole()
        return currentState()[keyPath: keyPath].ids.compactMap { projectedIdentifiedRow(of: self, keyPath, id: $0) }
    }

    func presentChild<Child>(_ keyPath: KeyPath<State, Child?>, anchor: AnyObject?) -> ScopedStore<Child>? {
        presentChild(named: ElementAction.path(of: keyPath), anchor: anchor) { $0[keyPath: keyPath] }
    }

    /// A projected scope's child is watched through its parent's changes (``watchChanges(_:)``):
    /// no comparison of its own.
    func presentChild<Child: Equatable & SendableMetatype>(
        _ keyPath: KeyPath<State, Child?>, anchor: AnyObject?, comparing _: ChildComparison<Child>
    ) -> ScopedStore<Child>? {
        presentChild(keyPath, anchor: anchor)
    }

    /// The scope of the case `reader` reaches while this scope's state (an enum) is that case,
    /// read with `read` and watched with `presenceOf` (closures the inlinable `scope(case:)` made
    /// for the app's types).
    func presentCase<Child>(
        _ reader: CaseReader<State, Child>, read: @escaping @MainActor (State) -> Child?,
        presence presenceOf: @escaping @MainActor (State) -> ChildPresence, anchor: AnyObject?
    ) -> ScopedStore<Child>? {
        observeWhole()
        guard let (_, name) = reader.extract(from: currentState()) else { return nil }
        return presentChild(named: ElementAction.caseRoute(name), anchor: anchor, read, presence: presenceOf)
    }

    /// The scope of the optional child `read` finds, named `name` in the actions it sends;
    /// `presenceOf` tells the child's presence in a state (made from `read` when not given).
    private func presentChild<Child>(
        named name: String, anchor: AnyObject?, _ read: @escaping @MainActor (State) -> Child?,
        presence presenceOf: (@MainActor (State) -> ChildPresence)? = nil
    ) -> ScopedStore<Child>? {
        observeWhole()
        let state = currentState()
        guard let child = read(state) else { return nil }
        let path = pathPrefix.map { name.hasPrefix(".") ? "\($0)\(name)" : "\($0).\(name)" } ?? name
        let projected = ProjectedScope<State, Child>(parent: self, initial: child, path: path, project: read)
        let step = OwnerStep(path: name, id: nil)
        let presenceOf =
            presenceOf ?? { [reader = PresenceReader<Child>()] state in reader.presence(of: read(state)) }
        let presence = presenceOf(state)
        let presentation = Presentation(parent: self, presenceOf: presenceOf, presence: presence, path: path)
        // Work the child's scope starts ends with this presentation, whoever ends it — held or not.
        // The check holds the parent scope (so a view releasing its scopes ends nothing) until the
        // work ends, the child leaves, or the store shuts down.
        let watch: @MainActor ([OwnerStep]) -> Void = { [weak self] owner in
            guard let parent = self else { return }
            parent.watchLiveness(of: owner) {
                presenceOf(parent.currentState()) == presence
            }
        }
        return ScopedStore(ElementScope(base: projected, step: step, presentation: presentation, watchWork: watch))
            .anchored(to: anchor)
    }

    /// A subscription for a scope whose store was released: never called, holds nothing.
    func releasedSubscription() -> Subscription {
        Diagnostics.warnOnce(
            "scope-released:\(State.self)",
            "swift-redux: warning: subscribed through a scope of \(State.self) after its store was released; "
                + "the observer will never be called.")
        return Subscription {}
    }
}

/// The scopes and identified-array watchers made for one store, found again by key path so that
/// `store.scope(\.settings)` in a view's body returns the same scope — and its observation the same
/// registrations — every time. Looked up by identity first (a key-path literal is one object per
/// call site), then by `==`.
///
/// Scopes are kept weakly: a scope keeps its ``Store`` alive (a preview holds only
/// `Store(…).scope(\.feature)`), so a strong cache here would be a cycle store → cache → scope →
/// store that nothing breaks. A scope nobody holds is made again on the next call. Watchers are
/// kept strongly; they do not hold the store, and the store breaks their cycles when it shuts down.
@MainActor
@usableFromInline
final class ScopeRegistry {
    @usableFromInline var scopes: [(keyPath: AnyKeyPath, object: WeakScope)] = []
    @usableFromInline var watchers: [(keyPath: AnyKeyPath, object: AnyObject)] = []

    @usableFromInline nonisolated init() {}

    @inlinable
    static func find(_ keyPath: AnyKeyPath, in entries: [(keyPath: AnyKeyPath, object: AnyObject)]) -> AnyObject? {
        KeyPathLookup.first(in: entries, at: keyPath, \.keyPath)?.object
    }

    /// The cached scope at `keyPath`, if anyone still holds it.
    func findScope(_ keyPath: AnyKeyPath) -> AnyObject? {
        KeyPathLookup.first(in: scopes, at: keyPath, \.keyPath) { $0.object.value != nil }?.object.value
    }

    /// Caches `scope`, dropping entries whose scope is gone.
    func remember(_ scope: AnyObject, at keyPath: AnyKeyPath) {
        if scopes.count >= 16, scopes.count.isMultiple(of: 16) {
            scopes.removeAll { $0.object.value == nil }
        }
        scopes.append((keyPath, WeakScope(scope)))
    }

    /// The scope of the part of `core`'s state at `keyPath`; the same one while anyone holds it.
    /// `member` is the key path as the caller named it, from its own state: when that member is
    /// composed by instance (``Reducer/scope(_:_:)``), the scope addresses what it sends to it.
    func memberScope<Root, Parent, Child>(
        of core: StoreCore<Root>, at keyPath: KeyPath<Root, Child>, member: KeyPath<Parent, Child>
    ) -> ScopedStore<Child> {
        if let found = findScope(keyPath) as? ScopedStore<Child> {
            return found
        }
        let source = MemberScope(core: core, keyPath: keyPath)
        let scope = ScopedStore(MemberCompositions.addressing(source, member: member))
        if !core.released.isSet {
            remember(scope, at: keyPath)
        }
        return scope
    }

    /// Drops every cached scope and watcher (watchers hold the core: a cycle until the store shuts down).
    func removeAll() -> [AnyObject] {
        for entry in watchers {
            (entry.object as? any DetachableWatcher)?.detach()
        }
        let dropped = watchers.map(\.object)
        scopes = []
        watchers = []
        return dropped
    }
}

/// A weak reference to a cached scope.
@MainActor
@usableFromInline
final class WeakScope {
    @usableFromInline weak var value: AnyObject?

    init(_ value: AnyObject) {
        self.value = value
    }
}

/// A watcher whose reference cycles the store breaks when it shuts down.
@MainActor
protocol DetachableWatcher: AnyObject {
    func detach()
}

/// The part of a store's state at a key path.
@MainActor
final class MemberScope<Root, State>: ScopeSource {
    let core: StoreCore<Root>
    let keyPath: KeyPath<Root, State>
    let reader: MemberReader<Root, State>
    let observeAll: @MainActor (StoreCore<Root>) -> Void
    let pathPrefix: String?
    /// The key paths from the store's state composed for members read through this scope, by the
    /// identity of the member's key path (kept, so no identity is reused).
    private var composed: [(member: AnyKeyPath, fromRoot: AnyKeyPath)] = []

    /// For a presented `Equatable` child's member: makes the gate each ``watchChanges(_:)``
    /// subscription asks whether the child changed (see ``PresenceFunctions/changeGate``).
    private let changeGate: (@MainActor () -> @MainActor (UnsafePointer<Root>?) -> Bool)?

    /// - Parameters:
    ///   - observeWhole: How the whole part is observed, made for the app's types by the caller
    ///     (a presented `Equatable` child's ``PresenceFunctions``); found at run time when `nil`.
    ///   - changeGate: See ``PresenceFunctions/changeGate``.
    init(
        core: StoreCore<Root>, keyPath: KeyPath<Root, State>,
        observeWhole: (@MainActor (StoreCore<Root>) -> Void)? = nil,
        changeGate: (@MainActor () -> @MainActor (UnsafePointer<Root>?) -> Bool)? = nil
    ) {
        self.core = core
        self.keyPath = keyPath
        reader = MemberReader(keyPath)
        observeAll = observeWhole ?? Self.wholeObservation(keyPath)
        self.changeGate = changeGate
        pathPrefix = BindingAction<Root>.path(of: keyPath)
    }

    /// Observes the part as one member when it is `Equatable`, else the whole state of the store.
    private static func wholeObservation(_ keyPath: KeyPath<Root, State>) -> @MainActor (StoreCore<Root>) -> Void {
        guard let equatable = State.self as? any Equatable.Type else {
            return { core in core.accessState() }
        }
        func observing<Value: Equatable>(_: Value.Type) -> @MainActor (StoreCore<Root>) -> Void {
            guard let typed = keyPath as? KeyPath<Root, Value> else { return { core in core.accessState() } }
            return { core in core.observeMember(typed) { MemberProbe.make(Value.self, offset: $0) } }
        }
        return observing(equatable)
    }

    var effects: Effects { core.effects }

    func currentState() -> State {
        if core.machine.rules.isInReducer { ReducerRules.refuseRead(storeState: Root.self) }
        return withPointer(to: core.state) { reader.read($0) }
    }

    func observeWhole() {
        observeAll(core)
    }

    /// The key path from the store's state to `member`, composed once per member key path.
    func fromRoot<Value>(_ member: KeyPath<State, Value>) -> KeyPath<Root, Value> {
        let entry = KeyPathLookup.first(in: composed, at: member, \.member)
        if let path = entry?.fromRoot as? KeyPath<Root, Value> {
            return path
        }
        let path = keyPath.appending(path: member)
        composed.append((member, path))
        return path
    }

    func observe<Value: Equatable>(_ keyPath: KeyPath<State, Value>, probe: (_ offset: Int) -> MemberProbe) {
        core.observeMember(fromRoot(keyPath), probe: probe)
    }

    func dispatch(_ action: any Action) {
        core.dispatchFromScope(action)
    }

    func dispatchToStore(_ action: any Action, owner: [OwnerStep]) {
        core.effects.withOwner(owner) { core.dispatchFromScope(action) }
    }

    func watchLiveness(of chain: [OwnerStep], _ isLive: @escaping @MainActor () -> Bool) {
        core.watchLiveness(of: chain) { _ in isLive() }
    }

    func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> Subscription {
        guard !core.released.isSet else { return releasedSubscription() }
        let reader = reader
        return core.subscribe(Subscriber(reading: { root in observer(reader.read(root)) }))
    }

    func watchChanges(_ observer: @escaping @MainActor (State) -> Void) -> Subscription {
        guard let changeGate else { return subscribe(observer) }
        guard !core.released.isSet else { return releasedSubscription() }
        let reader = reader
        let changed = changeGate()
        return core.subscribe(
            Subscriber(reading: { root in
                if changed(root) { observer(reader.read(root)) }
            }))
    }

    func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        guard !core.released.isSet else { return releasedSubscription() }
        return core.subscribe(to: fromRoot(keyPath), observer)
    }

    func subscribe<Value: Equatable>(
        select: @escaping @MainActor (State) -> Value, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        guard !core.released.isSet else { return releasedSubscription() }
        let reader = reader
        let last = LastValue<Value?>(nil)
        return core.subscribe(
            Subscriber(reading: { root in
                let value = select(reader.read(root))
                if last.replace(with: value) { observer(value) }
            }))
    }

    func scope<Child>(_ keyPath: KeyPath<State, Child>) -> ScopedStore<Child> {
        core.scopes.memberScope(of: core, at: fromRoot(keyPath), member: keyPath)
    }

    func row<Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, [Element]>, id: Element.ID
    ) -> ScopedStore<Element>? where Element.ID: Sendable {
        core.collectionWatcher(at: fromRoot(keyPath)).row(id: id)
    }

    func rows<Element: Identifiable & Equatable>(_ keyPath: KeyPath<State, [Element]>) -> [ScopedStore<Element>]
    where Element.ID: Sendable {
        core.collectionWatcher(at: fromRoot(keyPath)).allRows()
    }

    func identifiedRow<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>, id: ID
    ) -> ScopedStore<Element>? where Element.ID == ID {
        core.identifiedWatcher(at: fromRoot(keyPath)).row(id: id)
    }

    func presentChild<Child>(_ keyPath: KeyPath<State, Child?>, anchor: AnyObject?) -> ScopedStore<Child>? {
        let fromRoot = fromRoot(keyPath)
        return core.presenceWatcher(at: fromRoot) { PresenceFunctions(fromRoot) }.scope(anchor: anchor)
    }

    func presentChild<Child: Equatable & SendableMetatype>(
        _ keyPath: KeyPath<State, Child?>, anchor: AnyObject?, comparing comparison: ChildComparison<Child>
    ) -> ScopedStore<Child>? {
        let fromRoot = fromRoot(keyPath)
        return core.presenceWatcher(at: fromRoot) { PresenceFunctions(fromRoot, comparing: comparison) }
            .scope(anchor: anchor)
    }

    func identifiedRows<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
    ) -> [ScopedStore<Element>] where Element.ID == ID {
        core.identifiedWatcher(at: fromRoot(keyPath)).allRows()
    }
}

/// A value derived from another scope's state (a part of a list row, a row of a row's list):
/// observed as the scope it derives from. Keeps showing its last value when the projection finds
/// nothing (the row left its list).
@MainActor
final class ProjectedScope<Parent, State>: ScopeSource {
    let parent: any ScopeSource<Parent>
    /// Writes the state found in the parent's into the last known one and says whether it found
    /// one. Given in that form by a caller that made it for the app's types, it spares this generic
    /// class the metadata of `State?` (~330 instructions a read, a read per action for a presented
    /// child's scope).
    private let project: @MainActor (Parent, inout State) -> Bool
    let pathPrefix: String?
    /// The state last found. Unchecked exclusivity in release builds (the pattern of
    /// `docs/architecture.md`; main-actor isolated, written only by ``currentState()``): written in
    /// place and read on every action a presented child's scope sees, the check cost ~70
    /// instructions an action of an enum destination's case.
    #if DEBUG
        private var lastKnown: State
    #else
        @exclusivity(unchecked) private var lastKnown: State
    #endif

    init(
        parent: any ScopeSource<Parent>, initial: State, path: String?, project: @escaping @MainActor (Parent) -> State?
    ) {
        self.parent = parent
        self.project = { parent, into in
            guard let value = project(parent) else { return false }
            into = value
            return true
        }
        self.pathPrefix = path
        lastKnown = initial
    }

    /// A projection that writes the state found into `into` and says whether it found one.
    init(
        parent: any ScopeSource<Parent>, initial: State, path: String?,
        projectingInto projectInto: @escaping @MainActor (Parent, _ into: inout State) -> Bool
    ) {
        self.parent = parent
        project = projectInto
        self.pathPrefix = path
        lastKnown = initial
    }

    var effects: Effects { parent.effects }

    func currentState() -> State {
        projected(from: parent.currentState())
    }

    func observeWhole() { parent.observeWhole() }

    func observe<Value: Equatable>(_: KeyPath<State, Value>, probe: (_ offset: Int) -> MemberProbe) {
        parent.observeWhole()
    }

    func dispatch(_ action: any Action) { parent.dispatch(action) }

    var owner: [OwnerStep] { parent.owner }

    func dispatchToStore(_ action: any Action, owner: [OwnerStep]) {
        parent.dispatchToStore(action, owner: owner)
    }

    func watchLiveness(of chain: [OwnerStep], _ isLive: @escaping @MainActor () -> Bool) {
        parent.watchLiveness(of: chain, isLive)
    }

    // The parent's state its observer is handed is projected, not read again through
    // ``currentState()`` (which asked the parent, down to the store, for the same state: ~190
    // instructions an action of an enum destination's case, whose presentation watches this way).

    func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> Subscription {
        parent.subscribe { [self] parentState in observer(projected(from: parentState)) }
    }

    func watchChanges(_ observer: @escaping @MainActor (State) -> Void) -> Subscription {
        parent.watchChanges { [self] parentState in observer(projected(from: parentState)) }
    }

    /// The state projected from the parent's `parentState`, kept as the last known one.
    private func projected(from parentState: Parent) -> State {
        _ = project(parentState, &lastKnown)
        return lastKnown
    }

    func subscribe<Value: Equatable>(
        select: @escaping @MainActor (State) -> Value, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        parent.subscribe(select: { [self] _ in select(currentState()) }, observer)
    }

}

/// A row of an array inside a row or a projection: found by identifier on every read.
@MainActor
func projectedRow<Parent, Element: Identifiable & Equatable>(
    of parent: any ScopeSource<Parent>, _ keyPath: KeyPath<Parent, [Element]>, id: Element.ID
) -> ScopedStore<Element>? where Element.ID: Sendable {
    guard let element = parent.currentState()[keyPath: keyPath].first(where: { $0.id == id }) else { return nil }
    let path = BindingAction<Parent>.path(of: keyPath) + "[id: \(id)]"
    return ScopedStore(
        ProjectedScope(parent: parent, initial: element, path: parent.pathPrefix.map { "\($0).\(path)" } ?? path) {
            $0[keyPath: keyPath].first { $0.id == id }
        })
}

/// A row of an identified collection inside a row or a projection: found by identifier on every read.
@MainActor
func projectedIdentifiedRow<Parent, ID: Hashable & Sendable, Element: Identifiable & Equatable>(
    of parent: any ScopeSource<Parent>, _ keyPath: KeyPath<Parent, IdentifiedArray<ID, Element>>, id: ID
) -> ScopedStore<Element>? where Element.ID == ID {
    guard let element = parent.currentState()[keyPath: keyPath][id: id] else { return nil }
    let path = BindingAction<Parent>.path(of: keyPath) + "[id: \(id)]"
    let projected = ProjectedScope(
        parent: parent, initial: element, path: parent.pathPrefix.map { "\($0).\(path)" } ?? path
    ) { $0[keyPath: keyPath][id: id] }
    return ScopedStore(
        ElementScope(base: projected, step: OwnerStep(path: BindingAction<Parent>.path(of: keyPath), id: id)))
}
