import Observation

/// A store-like view of one part of a store's state, for a feature written against its own state
/// type: made with ``StoreProtocol/scope(_:)`` (or ``StoreProtocol/scope(_:id:)-(_,Element.ID)`` for a list row).
///
/// ```swift
/// struct AppState: Equatable {
///     var settings = SettingsState()
///     var count = 0
/// }
///
/// let app = Store(initialState: AppState(), reducer: .on(ChooseTheme.self) { state, action in
///     state.settings.theme = action.theme
/// })
/// let settings = app.scope(\.settings)
/// settings.dispatch(ChooseTheme(theme: "dark"))
/// print(themeLabel(settings))  // Theme: dark
/// ```
///
/// ## Observation
/// Reading a member (`settings.theme`) observes the composed key path (`\.settings.theme`): a change
/// elsewhere, even in `settings.email`, does not invalidate it. Reading ``state`` observes the whole
/// part when it is `Equatable` (and the whole store's state otherwise). A row scope
/// (``StoreProtocol/scope(_:id:)-(_,Element.ID)``) is observed as one value: any change of its element
/// invalidates it, nothing else does.
///
/// ## Lifetime
/// A scope keeps its ``Store`` alive, as a child store does in the Composable Architecture: a
/// preview that holds only `Store(…).scope(\.settings)` works. The store shuts down (cancelling its
/// work) when the app has released it and every scope made from it, and scopes of scopes and row
/// scopes count too. The store's cache of scopes holds them weakly, so no cycle keeps anything alive.
@MainActor
@dynamicMemberLookup
public final class ScopedStore<State>: StoreProtocol, Identifiable {
    @usableFromInline let source: any ScopeSource<State>
    /// The store this scope keeps alive; set by the store or scope that made it.
    @usableFromInline var anchor: AnyObject?

    /// What tells this scope apart from its siblings: for a row scope, its element's identifier
    /// (so `ForEach(store.scopes(\.items)) { row in … }` needs no key path, and reads nothing);
    /// otherwise the path of its part from the store's state.
    public nonisolated let id: ScopeID

    init(_ source: any ScopeSource<State>) {
        self.source = source
        id = ScopeID(source.elementID ?? source.pathPrefix ?? "")
    }

    /// This scope, keeping `store` alive (once set, it stays: a scope belongs to one store).
    @usableFromInline
    func anchored(to store: AnyObject?) -> ScopedStore {
        if anchor == nil {
            anchor = store
        }
        return self
    }

    /// The current state of this part. Reading it in observation tracking depends on all of it.
    public var state: State {
        source.observeWhole()
        return source.currentState()
    }

    /// The store's in-flight work (the same for the store and all its scopes).
    public var effects: Effects { source.effects }

    /// Sends an action through the store's middleware and reducer; does nothing once the store was
    /// released.
    ///
    /// - Parameter action: The action to dispatch.
    public func dispatch(_ action: any Action) {
        source.dispatch(action)
    }

    /// Calls `observer` with this part's state now and after every reduction of the store.
    ///
    /// - Parameter observer: Receives the state.
    /// - Returns: The handle that ends the subscription.
    public func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> Subscription {
        source.subscribe(observer)
    }

    /// Calls `observer` with the member's value now and whenever it changes.
    ///
    /// - Parameters:
    ///   - keyPath: The member to watch.
    ///   - observer: Receives each new value.
    /// - Returns: The handle that ends the subscription.
    public func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        source.subscribe(to: keyPath, observer)
    }

    /// Calls `observer` with the selected value now and whenever it changes.
    ///
    /// - Parameters:
    ///   - select: Derives the value from this part's state.
    ///   - observer: Receives each new value.
    /// - Returns: The handle that ends the subscription.
    public func subscribe<Value: Equatable>(
        select: @escaping @MainActor (State) -> Value, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        source.subscribe(select: select, observer)
    }

    /// Reads a member; in observation tracking, depends on the whole part.
    ///
    /// - Parameter keyPath: The member.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        source.observeWhole()
        return source.currentState()[keyPath: keyPath]
    }

    /// Reads an `Equatable` member; in observation tracking, depends on that member only (on the
    /// whole element, in a row scope).
    ///
    /// - Parameter keyPath: The member.
    @inlinable
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        // Inlined into the caller, where `Value` is known: the comparison made here runs
        // specialised after every reduction.
        source.observe(keyPath) { offset in MemberProbe.make(Value.self, offset: offset) }
        return source.currentState()[keyPath: keyPath]
    }

    /// A scope of a part of this part. See ``StoreProtocol/scope(_:)``.
    ///
    /// - Parameter keyPath: The part of this part's state.
    /// - Returns: The scoped store; the same one for the same key path.
    public func scope<Child>(_ keyPath: KeyPath<State, Child>) -> ScopedStore<Child> {
        source.scope(keyPath).anchored(to: anchor)
    }

    /// A scope for one element of an array of identified values. See ``StoreProtocol/scope(_:id:)-(_,Element.ID)``.
    ///
    /// - Parameters:
    ///   - keyPath: The array.
    ///   - id: The element's identifier.
    /// - Returns: The row's scope, or `nil` when no element has that identifier.
    public func scope<Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, [Element]>, id: Element.ID
    ) -> ScopedStore<Element>? where Element.ID: Sendable {
        source.row(keyPath, id: id)?.anchored(to: anchor)
    }

    /// A scope per element of an array of identified values. See ``StoreProtocol/scopes(_:)-(KeyPath<Self.State,[Element]>)``.
    ///
    /// - Parameter keyPath: The array.
    /// - Returns: One scope per element, in order.
    public func scopes<Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, [Element]>
    ) -> [ScopedStore<Element>] where Element.ID: Sendable {
        source.rows(keyPath).map { $0.anchored(to: anchor) }
    }

    /// A scope of an optional child of this part that exists only while it is present. See
    /// ``StoreProtocol/scope(ifPresent:)``.
    ///
    /// - Parameter keyPath: The optional child state.
    /// - Returns: The child's scope, or `nil` while the child is absent.
    public func scope<Child>(ifPresent keyPath: KeyPath<State, Child?>) -> ScopedStore<Child>? {
        source.presentChild(keyPath, anchor: anchor)
    }

    /// A scope of an optional `Equatable` child of this part that exists only while it is
    /// present. See ``StoreProtocol/scope(ifPresent:)``.
    ///
    /// The same scope as for any child; an `Equatable` one is compared with its own `==` after each
    /// action, so that an action leaving it equal costs its scope's checks (presence, presentation)
    /// one comparison.
    ///
    /// - Parameter keyPath: The optional child state.
    /// - Returns: The child's scope, or `nil` while the child is absent.
    @inlinable
    public func scope<Child: Equatable & SendableMetatype>(
        ifPresent keyPath: KeyPath<State, Child?>
    ) -> ScopedStore<Child>? {
        presentChild(keyPath, comparing: ChildComparison())
    }

    /// The scope of an `Equatable` child, compared as `comparison` says (see ``scope(ifPresent:)``).
    @usableFromInline
    func presentChild<Child: Equatable & SendableMetatype>(
        _ keyPath: KeyPath<State, Child?>, comparing comparison: ChildComparison<Child>
    ) -> ScopedStore<Child>? {
        source.presentChild(keyPath, anchor: anchor, comparing: comparison)
    }

    /// A scope of one case of this part (an enum) while it is that case. See
    /// ``StoreProtocol/scope(case:)``.
    ///
    /// - Parameter embed: The case's constructor.
    /// - Returns: The case's scope, or `nil` while the state is another case.
    @inlinable
    public func scope<Child>(case embed: @escaping @Sendable (Child) -> State) -> ScopedStore<Child>? {
        // The scope reads the case and its presence after every action: these closures are made
        // here, in the app's module, so that they run compiled for the app's types (run from the
        // library's generic code, each read asked the runtime for the metadata of optionals and
        // tuples of the payload, ~3,000 instructions an action).
        let reader = CaseReader(embed)
        let presence = PresenceReader<Child>()
        return presentCase(
            reader, read: { reader.extract(from: $0)?.payload },
            presence: { presence.presence(of: reader.extract(from: $0)?.payload) })
    }

    /// The scope of the case `reader` reaches, read with `read` and watched with `presence` (see
    /// ``scope(case:)``).
    @usableFromInline
    func presentCase<Child>(
        _ reader: CaseReader<State, Child>, read: @escaping @MainActor (State) -> Child?,
        presence: @escaping @MainActor (State) -> ChildPresence
    ) -> ScopedStore<Child>? {
        source.presentCase(reader, read: read, presence: presence, anchor: anchor)
    }

    /// A scope for one element of an ``IdentifiedArray`` in this part. See
    /// ``StoreProtocol/scope(_:id:)-(_,ID)``.
    ///
    /// - Parameters:
    ///   - keyPath: The collection.
    ///   - id: The element's identifier.
    /// - Returns: The row's scope, or `nil` when no element has that identifier.
    public func scope<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>, id: ID
    ) -> ScopedStore<Element>? where Element.ID == ID {
        source.identifiedRow(keyPath, id: id)?.anchored(to: anchor)
    }

    /// A scope per element of an ``IdentifiedArray`` in this part. See
    /// ``StoreProtocol/scopes(_:)-(KeyPath<Self.State,IdentifiedArray<ID,Element>>)``.
    ///
    /// - Parameter keyPath: The collection.
    /// - Returns: One scope per element, in order.
    public func scopes<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
    ) -> [ScopedStore<Element>] where Element.ID == ID {
        source.identifiedRows(keyPath).map { $0.anchored(to: anchor) }
    }

    /// Dispatches a ``BindingAction`` that sets a member of this part. It is logged with the whole
    /// path from the store's state (`settings.email = "…"`) and applied by the part's reducer
    /// (``Reducer/binding(only:)`` on this part's state, pulled back into the app's reducer).
    ///
    /// - Parameters:
    ///   - keyPath: The member to set.
    ///   - value: The new value.
    public func set<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<State, Value> & Sendable, to value: Value
    ) {
        let path = BindingAction<State>.path(of: keyPath)
        source.dispatch(
            BindingAction(
                keyPath, value, path: source.pathPrefix.map { "\($0).\(path)" } ?? path, elementID: source.elementID))
    }
}

/// The identity of a ``ScopedStore`` among its siblings: a row's element identifier, or the path of
/// a part of the state (`settings`). It prints as what it wraps (`25`, `settings`).
///
/// On a concrete `ScopedStore`, `id` is this identity, not the state's `id` member (a property wins
/// over dynamic member lookup): read the element's own identifier as `row.state.id`. Code written
/// against `some StoreProtocol<Element>` reads `row.id` through dynamic member lookup, as usual.
public struct ScopeID: Hashable, Sendable, CustomStringConvertible {
    private let value: any Hashable & Sendable

    init(_ value: any Hashable & Sendable) {
        self.value = value
    }

    /// Whether both wrap equal identifiers (of the same type) or equal paths.
    public static func == (lhs: ScopeID, rhs: ScopeID) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

    /// Hashes the wrapped identifier or path.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(value))
    }

    /// The wrapped identifier or path, as text.
    public var description: String {
        "\(value)"
    }
}
