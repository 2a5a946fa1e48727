import Observation

/// What a feature needs from a store: its state, observation of its members, dispatch,
/// subscriptions, the in-flight work, and scoping further down.
///
/// ``Store`` and ``ScopedStore`` both conform, so a feature module is written against its own state
/// type and never imports the app's:
///
/// ```swift
/// struct SettingsState: Equatable {
///     var theme = "light"
///     var email = ""
/// }
/// struct ChooseTheme: Action { let theme: String }
///
/// @MainActor
/// func themeLabel(_ store: some StoreProtocol<SettingsState>) -> String {
///     "Theme: \(store.theme)"  // observed: only a change of `theme` invalidates this read
/// }
/// ```
///
/// Reading a member through dynamic member lookup (`store.theme`) registers a dependency on that
/// member only, when it is `Equatable`; reading ``state`` depends on the whole state of the store
/// or scope. See `docs/scoping-and-bindings.md`.
@MainActor
@dynamicMemberLookup
public protocol StoreProtocol<State>: AnyObject, Observable {
    /// The state this store, or this part of a store, holds.
    associatedtype State

    /// The current state. Reading it in observation tracking depends on all of it.
    var state: State { get }

    /// The asynchronous work in flight on behalf of the store (shared by all its scopes).
    var effects: Effects { get }

    /// Sends an action through the store's middleware and reducer.
    ///
    /// - Parameter action: The action to dispatch.
    func dispatch(_ action: any Action)

    /// Calls `observer` with the current state now and after every reduction, until the returned
    /// subscription is cancelled or released.
    ///
    /// - Parameter observer: Receives the state.
    /// - Returns: The handle that ends the subscription.
    func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> Subscription

    /// Calls `observer` with the member's current value now and whenever it changes.
    ///
    /// - Parameters:
    ///   - keyPath: The member to watch.
    ///   - observer: Receives each new value.
    /// - Returns: The handle that ends the subscription.
    func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription

    /// Calls `observer` with the selected value now and whenever it changes.
    ///
    /// - Parameters:
    ///   - select: Derives the value from the state.
    ///   - observer: Receives each new value.
    /// - Returns: The handle that ends the subscription.
    func subscribe<Value: Equatable>(
        select: @escaping @MainActor (State) -> Value, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription

    /// Reads a member; in observation tracking, depends on the whole state.
    ///
    /// - Parameter keyPath: The member.
    subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value { get }

    /// Reads an `Equatable` member; in observation tracking, depends on that member only.
    ///
    /// - Parameter keyPath: The member.
    subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value { get }

    /// A store-like view of one part of the state.
    ///
    /// The scope reads and observes through the composed key path, so `store.scope(\.settings).theme`
    /// is invalidated by a change of `settings.theme` and by nothing else. It dispatches into the
    /// same store. Calling `scope` again with the same key path returns the same scope.
    ///
    /// - Parameter keyPath: The part of the state.
    /// - Returns: The scoped store.
    func scope<Child>(_ keyPath: KeyPath<State, Child>) -> ScopedStore<Child>

    /// A scope for the element with `id` of an array of identified values — a list row.
    ///
    /// Observation through the row is invalidated only when that element changes. When the element
    /// leaves the array, the scope keeps showing its last value (dispatching still works).
    ///
    /// - Parameters:
    ///   - keyPath: The array.
    ///   - id: The element's identifier.
    /// - Returns: The row's scope, or `nil` when no element has that identifier.
    func scope<Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, [Element]>, id: Element.ID
    ) -> ScopedStore<Element>? where Element.ID: Sendable

    /// A scope per element of an array of identified values, in the array's order.
    ///
    /// In observation tracking this depends on the array's identifiers only: a list is invalidated
    /// when rows are added, removed or moved, not when a row's content changes (its row scope is).
    ///
    /// - Parameter keyPath: The array.
    /// - Returns: One scope per element.
    func scopes<Element: Identifiable & Equatable>(_ keyPath: KeyPath<State, [Element]>) -> [ScopedStore<Element>]
    where Element.ID: Sendable

    /// A scope for one element of an ``IdentifiedArray``: a list row, a pushed detail.
    ///
    /// Observing it costs what changed, not the list's size: the collection logs which elements
    /// were written, so after a reduction the store looks only at those (see ``IdentifiedArray``).
    /// An action dispatched through the row reaches the row's reducer (``Reducer/forEach(_:)-(WritableKeyPath<Root,[State]>Sendable)``)
    /// with no identifier written by hand: it travels as an ``ElementAction`` carrying the row's
    /// identifier.
    ///
    /// - Parameters:
    ///   - keyPath: The collection.
    ///   - id: The element's identifier.
    /// - Returns: The row's scope, or `nil` when no element has that identifier.
    func scope<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>, id: ID
    ) -> ScopedStore<Element>? where Element.ID == ID

    /// A scope per element of an ``IdentifiedArray``, in order. In observation tracking this
    /// depends on the identifiers only: appending, inserting or removing a row invalidates the
    /// list, not the other rows.
    ///
    /// - Parameter keyPath: The collection.
    /// - Returns: One scope per element.
    func scopes<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
    ) -> [ScopedStore<Element>] where Element.ID == ID

    /// A scope of an optional child — a sheet, an alert, a drill-down — that exists only while the
    /// child is present: `nil` otherwise, for SwiftUI's `sheet(item:)`.
    ///
    /// In observation tracking this depends on the child's presence and identity (its `id`, or
    /// its case for an enum) only; the child's content is observed through the returned scope, as
    /// a row's is. The same scope is returned while the same child is shown. An action dispatched
    /// through it reaches the child's reducer (``Reducer/ifLet(_:then:)-6g2hb``) as an
    /// ``ElementAction``; the child closes itself by dispatching ``Dismiss``; the work it starts is
    /// cancelled when it is dismissed or replaced.
    ///
    /// - Parameter keyPath: The optional child state.
    /// - Returns: The child's scope, or `nil` while the child is absent.
    func scope<Child>(ifPresent keyPath: KeyPath<State, Child?>) -> ScopedStore<Child>?

    /// A scope of one case of this state (an enum) — an enum destination's case, a kind of stack
    /// screen — reached by its constructor, that exists only while the state is that case: `nil`
    /// otherwise. No accessor is written by hand:
    ///
    /// ```swift
    /// if let editor = store.scope(ifPresent: \.destination)?.scope(case: Destination.editor) {
    ///     editor.dispatch(Save())   // reaches the reducer given to ifLet(case: Destination.editor, then:)
    /// }
    /// ```
    ///
    /// As ``scope(ifPresent:)``: actions dispatched through it reach the case's reducer
    /// (``Reducer/ifLet(case:then:)-2mm1x``), named by the case (`.editor`); the case closes itself
    /// with ``Dismiss``; its work is cancelled when the state leaves the case. A new scope is made
    /// on each call (observation follows this scope's whole state).
    ///
    /// - Parameter embed: The case's constructor (`Destination.editor`); a case with one associated value.
    /// - Returns: The case's scope, or `nil` while the state is another case.
    func scope<Child>(case embed: @escaping @Sendable (Child) -> State) -> ScopedStore<Child>?

    /// Dispatches a ``BindingAction`` that sets a member to `value`: what a text field or a toggle
    /// writes back. The store's reducer applies it with ``Reducer/binding(only:)``.
    ///
    /// - Parameters:
    ///   - keyPath: The member to set.
    ///   - value: The new value.
    func set<Value: Equatable & Sendable>(_ keyPath: WritableKeyPath<State, Value> & Sendable, to value: Value)
}

extension Store: StoreProtocol {
    /// A store-like view of one part of the state. See ``StoreProtocol/scope(_:)``.
    ///
    /// - Parameter keyPath: The part of the state.
    /// - Returns: The scoped store; the same one for the same key path.
    public func scope<Child>(_ keyPath: KeyPath<State, Child>) -> ScopedStore<Child> {
        core.scopes.memberScope(of: core, at: keyPath, member: keyPath).anchored(to: self)
    }

    /// A scope for one element of an array of identified values. See
    /// ``StoreProtocol/scope(_:id:)-(_,Element.ID)``.
    ///
    /// - Parameters:
    ///   - keyPath: The array.
    ///   - id: The element's identifier.
    /// - Returns: The row's scope, or `nil` when no element has that identifier.
    @inlinable
    public func scope<Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, [Element]>, id: Element.ID
    ) -> ScopedStore<Element>? where Element.ID: Sendable {
        core.collectionWatcher(at: keyPath).row(id: id)?.anchored(to: self)
    }

    /// A scope per element of an array of identified values. See ``StoreProtocol/scopes(_:)-(KeyPath<Self.State,[Element]>)``.
    ///
    /// - Parameter keyPath: The array.
    /// - Returns: One scope per element, in order.
    @inlinable
    public func scopes<Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, [Element]>
    ) -> [ScopedStore<Element>] where Element.ID: Sendable {
        core.collectionWatcher(at: keyPath).allRows().map { $0.anchored(to: self) }
    }

    /// A scope of an optional child that exists only while it is present. See
    /// ``StoreProtocol/scope(ifPresent:)``.
    ///
    /// - Parameter keyPath: The optional child state.
    /// - Returns: The child's scope, or `nil` while the child is absent.
    @inlinable
    public func scope<Child>(ifPresent keyPath: KeyPath<State, Child?>) -> ScopedStore<Child>? {
        // The child's presence is read after every action: its readers are made here, in the app's
        // module, for the app's types (``PresenceFunctions``), once per child.
        core.presenceWatcher(at: keyPath) { PresenceFunctions(keyPath) }.scope(anchor: self)
    }

    /// A scope of an optional `Equatable` child that exists only while it is present. See
    /// ``StoreProtocol/scope(ifPresent:)``.
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
        core.presenceWatcher(at: keyPath) { PresenceFunctions(keyPath, comparing: ChildComparison()) }
            .scope(anchor: self)
    }

    /// A scope of one case of this state (an enum) while it is that case. See
    /// ``StoreProtocol/scope(case:)``.
    ///
    /// - Parameter embed: The case's constructor.
    /// - Returns: The case's scope, or `nil` while the state is another case.
    public func scope<Child>(case embed: @escaping @Sendable (Child) -> State) -> ScopedStore<Child>? {
        scope(\State.self).scope(case: embed)
    }

    /// A scope for one element of an ``IdentifiedArray``. See
    /// ``StoreProtocol/scope(_:id:)-(_,ID)``.
    ///
    /// - Parameters:
    ///   - keyPath: The collection.
    ///   - id: The element's identifier.
    /// - Returns: The row's scope, or `nil` when no element has that identifier.
    @inlinable
    public func scope<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>, id: ID
    ) -> ScopedStore<Element>? where Element.ID == ID {
        core.identifiedWatcher(at: keyPath).row(id: id)?.anchored(to: self)
    }

    /// A scope per element of an ``IdentifiedArray``, in order. See
    /// ``StoreProtocol/scopes(_:)-(KeyPath<Self.State,IdentifiedArray<ID,Element>>)``.
    ///
    /// - Parameter keyPath: The collection.
    /// - Returns: One scope per element.
    @inlinable
    public func scopes<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        _ keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
    ) -> [ScopedStore<Element>] where Element.ID == ID {
        core.identifiedWatcher(at: keyPath).allRows().map { $0.anchored(to: self) }
    }

    /// Dispatches a ``BindingAction`` that sets a member. See ``StoreProtocol/set(_:to:)``.
    ///
    /// - Parameters:
    ///   - keyPath: The member to set.
    ///   - value: The new value.
    public func set<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<State, Value> & Sendable, to value: Value
    ) {
        dispatch(BindingAction(keyPath, value))
    }
}

extension StoreProtocol {
    /// Dispatches `action` and returns when the work it started has ended — the tasks its
    /// middleware and the commands of its reduction started, and those started by the actions they
    /// sent, down the tree. Cancelling the awaiting task cancels that work. For work tied to a
    /// screen's lifetime, with SwiftUI's `task` modifier:
    ///
    /// ```swift
    /// .task { await store.send(RecordingAppeared()) }   // the timer ends when the view goes away
    /// ```
    ///
    /// ``dispatch(_:)`` is unchanged: it returns at once, and its work runs until it ends or the
    /// store goes away. An action sent while the store is busy (from a reducer or an observer) is
    /// queued and reduced after the current one, outside this call: then nothing is awaited. Work a
    /// presented child starts through its own scope is the child's, not the awaited dispatch's:
    /// cancelling the screen's task never stops a child from dismissing itself.
    ///
    /// - Parameter action: The action to dispatch.
    public func send(_ action: any Action) async {
        await effects.send(action) { dispatch($0) }
    }
}
