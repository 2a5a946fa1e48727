import ReduxDiff

/// Sets one member of the state to a value: what a text field, a toggle or a picker writes back,
/// without a hand-written action per field.
///
/// Dispatch it with ``StoreProtocol/set(_:to:)`` (`store.set(\.email, to: text)`) and apply it with
/// ``Reducer/binding(only:)`` in the reducer of the state it sets, which says which members views may
/// set. Through a scope it is logged with the path from the store's state:
/// `settings.email = "ada@example.com"`. On Apple platforms, a SwiftUI control is one line:
/// `Binding(get: { store.email }, set: { store.set(\.email, to: $0) })`.
///
/// Secrets: the logging middleware's action transformer can hide the value with ``redacted()``:
///
/// ```swift
/// options.actionTransformer = { action in
///     guard let binding = action as? BindingAction<SettingsState>, binding.keyPath == \SettingsState.password
///     else { return action }
///     return binding.redacted()
/// }
/// ```
public struct BindingAction<State>: Action, Equatable, CustomStringConvertible, CustomReflectable {
    /// The member set.
    public let keyPath: PartialKeyPath<State> & Sendable
    /// The new value.
    public let value: any Sendable
    /// The member's path from the store's state, as logged (`settings.email`).
    public let path: String
    /// The identifier of the list element the member belongs to, when set through a row scope
    /// (``StoreProtocol/scope(_:id:)-(_,Element.ID)``); ``Reducer/forEach(_:)-(WritableKeyPath<Root,[State]>Sendable)`` applies the binding to that element.
    public let elementID: (any Hashable & Sendable)?
    private let write: @Sendable (inout State) -> Void
    private let isRedacted: Bool

    /// Creates the action that sets the member at `keyPath` to `value`.
    ///
    /// - Parameters:
    ///   - keyPath: The member to set.
    ///   - value: The new value.
    public init<Value: Equatable & Sendable>(_ keyPath: WritableKeyPath<State, Value> & Sendable, _ value: Value) {
        self.init(keyPath, value, path: nil, elementID: nil)
    }

    /// The same, named in logs by `path` (a scope's composed path) and tied to the list element
    /// `elementID` (a row scope's); for the package's scopes, not public API.
    package init<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<State, Value> & Sendable, _ value: Value, path: String?,
        elementID: (any Hashable & Sendable)?
    ) {
        self.keyPath = keyPath
        self.value = value
        self.path = path ?? Self.path(of: keyPath)
        self.elementID = elementID
        write = { state in state[keyPath: keyPath] = value }
        isRedacted = false
    }

    private init(copy other: BindingAction, redacted: Bool) {
        keyPath = other.keyPath
        value = other.value
        path = other.path
        elementID = other.elementID
        write = other.write
        isRedacted = redacted
    }

    /// ``elementID``, hashable.
    var hashableElementID: AnyHashable? {
        elementID.map { AnyHashable($0) }
    }

    /// Sets the member in `state`.
    ///
    /// - Parameter state: The state to change.
    public func apply(to state: inout State) {
        write(&state)
    }

    /// The same action, logged as `path = <redacted>`: for passwords and tokens. It still sets the
    /// value when reduced.
    ///
    /// - Returns: The redacted copy.
    public func redacted() -> BindingAction {
        BindingAction(copy: self, redacted: true)
    }

    /// `settings.email = "ada@example.com"`, or `settings.password = <redacted>`.
    public var description: String {
        "\(path) = \(isRedacted ? "<redacted>" : ValueDiff.describe(value))"
    }

    /// Whether both set the same member (of the same list element) to equal values — what a test
    /// compares when it receives a binding. How each is logged (its ``path``, redaction) is not
    /// compared: a binding built in a test equals the one a scope sent.
    public static func == (lhs: BindingAction, rhs: BindingAction) -> Bool {
        guard lhs.keyPath == rhs.keyPath, lhs.hashableElementID == rhs.hashableElementID,
            let value = lhs.value as? any Equatable  // always: `init` takes an `Equatable` value
        else { return false }
        func isEqual<Value: Equatable>(_ value: Value) -> Bool { (rhs.value as? Value) == value }
        return isEqual(value)
    }

    /// No children: logs show ``description``.
    public var customMirror: Mirror {
        Mirror(self, children: [])
    }

    /// A key path's member names from `State` (`settings.email`); the key path's description for
    /// a member without a name (a computed property).
    ///
    /// - Parameter keyPath: The key path.
    /// - Returns: The names, joined by dots.
    @usableFromInline
    package static func path(of keyPath: AnyKeyPath) -> String {
        let text = "\(keyPath)"
        let root = "\\\(State.self)."
        return text.hasPrefix(root) ? String(text.dropFirst(root.count)) : text
    }
}

extension Reducer {
    /// Applies ``BindingAction``s on this reducer's state — only those that set a member listed in
    /// `allowed`, when given.
    ///
    /// A binding for a member not allowed is not applied, and a debug build warns, naming it:
    /// a view cannot set what the feature did not open to it (a computed total, the logged-in user).
    /// A member listed opens the members inside it too: `\.syncUp` allows `\.syncUp.title` and
    /// `\.syncUp.attendees[0].name` (a view may set the whole, so it may set a part).
    ///
    /// ```swift
    /// let settingsReducer = Reducer<SettingsState>.combine(
    ///     .binding(only: [\.email, \.theme]),
    ///     .on(ChooseTheme.self) { state, action in state.theme = action.theme }
    /// )
    /// ```
    ///
    /// - Parameter allowed: The members views may set; `nil` for every writable member.
    /// - Returns: The reducer.
    public static func binding(only allowed: [PartialKeyPath<State> & Sendable]? = nil) -> Reducer {
        Reducer { state, action in
            guard let binding = action as? BindingAction<State> else { return }
            if let allowed, !allowed.contains(where: { $0 == binding.keyPath || isInside(binding.keyPath, $0) }) {
                let path = binding.path
                let stateName = "\(State.self)"
                MainActorCheck.runOnMainActor { Diagnostics.warnBindingNotAllowed(path, state: stateName) }
                return
            }
            binding.apply(to: &state)
        }
    }
}

/// Whether `member` is a member inside `container` (`\.syncUp.title` inside `\.syncUp`): the
/// container's path, then more components. Key paths have no public components, so this compares
/// their descriptions, which name stored members; a computed member is allowed by itself only.
private func isInside(_ member: AnyKeyPath, _ container: AnyKeyPath) -> Bool {
    let inner = "\(member)"
    let outer = "\(container)"
    guard inner.count > outer.count, inner.hasPrefix(outer), !outer.contains("<computed") else { return false }
    let next = inner[inner.index(inner.startIndex, offsetBy: outer.count)]
    return next == "." || next == "[" || next == "?" || next == "!"
}

extension Reducer {
    /// Runs this reducer — for one element of a list — on the element a ``BindingAction`` set
    /// through a row scope addresses (``BindingAction/elementID``). Other actions are not passed.
    ///
    /// ```swift
    /// let rowReducer = Reducer<Row>.binding(only: [\.isDone])
    /// let listReducer: Reducer<TodoList> = rowReducer.forEach(\.rows)
    /// ```
    ///
    /// - Parameter keyPath: The list in the parent state.
    /// - Returns: The parent's reducer.
    public func forEach<Root, ID: Hashable & Sendable>(
        _ keyPath: WritableKeyPath<Root, [State]> & Sendable
    ) -> Reducer<Root> where State: Identifiable, State.ID == ID {
        forEach(keyPath, id: \.id)
    }

    /// Runs this reducer on the element of a list that a row's ``BindingAction`` addresses, the
    /// elements being identified by `id`. See ``forEach(_:)-(WritableKeyPath<Root,[State]>Sendable)``.
    ///
    /// - Parameters:
    ///   - keyPath: The list in the parent state.
    ///   - idPath: The elements' identifier.
    /// - Returns: The parent's reducer.
    public func forEach<Root, ID: Hashable & Sendable>(
        _ keyPath: WritableKeyPath<Root, [State]> & Sendable, id idPath: KeyPath<State, ID> & Sendable
    ) -> Reducer<Root> {
        let stateName = "\(State.self)"
        /// The index of the element `binding` addresses, if it is in the list.
        @Sendable func element(_ root: inout Root, _ binding: BindingAction<State>) -> Int? {
            guard let id = binding.hashableElementID else { return nil }
            guard let index = root[keyPath: keyPath].firstIndex(where: { AnyHashable($0[keyPath: idPath]) == id })
            else {
                Diagnostics.warnRowMissing(binding.path, state: stateName)
                return nil
            }
            return index
        }
        guard let workBody else {
            let body = self.body
            return Reducer<Root>.on(BindingAction<State>.self) { root, binding in
                guard let index = element(&root, binding) else { return }
                body(&root[keyPath: keyPath][index], binding)
            }
        }
        // The row reducer returns work: it is the parent's to run, as `pullback` forwards it.
        return Reducer<Root>(work: { root, action, work in
            guard let binding = ActionCast.cast(action, to: BindingAction<State>.self),
                let index = element(&root, binding)
            else { return }
            let id = root[keyPath: keyPath][index][keyPath: idPath]
            let start = work.items.count
            workBody(&root[keyPath: keyPath][index], binding, &work)
            work.liftProbes(from: start) { (probe: LivenessProbe<State>) in
                probe.lifted(through: nil) { (root: inout Root, ask: (inout State) -> Bool) in
                    guard var row = root[keyPath: keyPath].first(where: { $0[keyPath: idPath] == id })
                    else { return false }
                    return ask(&row)
                }
            }
        })
    }
}

extension Diagnostics {
    /// A row's binding found no element with its identifier. Callable from a reducer.
    nonisolated static func warnRowMissing(_ path: String, state: String) {
        MainActorCheck.runOnMainActor {
            Diagnostics.warnOnce(
                "binding-row:\(state)",
                "swift-redux: warning: \(path) was not applied: no \(state) with that id in the list "
                    + "(it was removed before the binding was reduced).")
        }
    }

    static func warnBindingNotAllowed(_ path: String, state: String) {
        Diagnostics.warnOnce(
            "binding-not-allowed:\(state).\(path)",
            "swift-redux: warning: \(path) was not set: Reducer<\(state)>.binding(only:) does not allow it.")
    }
}
