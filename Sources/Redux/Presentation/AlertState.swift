/// One button of an alert or a confirmation dialog: its label, its role, and the action it sends —
/// state, so a test compares it and a log shows it.
///
/// ```swift
/// ButtonState.destructive("Delete", action: DetailAlert.confirmDeletion)
/// ButtonState<DetailAlert>.cancel("Nevermind")  // closes the alert; no action of its own
/// ```
public struct ButtonState<Action: Sendable>: Identifiable, Sendable {
    /// What a button means, as SwiftUI's `ButtonRole`.
    public enum Role: Sendable, Equatable {
        /// Closes without doing anything; shown apart.
        case cancel
        /// Deletes or discards; shown in red.
        case destructive
    }

    /// The label.
    public var label: String
    /// The role, if any.
    public var role: Role?
    /// The action the button sends; `nil` for a button that only closes what shows it.
    public var action: Action?

    /// The button's identity in a `ForEach`: its label (labels of one alert's buttons differ).
    public var id: String { label }

    /// A button.
    ///
    /// - Parameters:
    ///   - label: The label.
    ///   - role: The role, if any.
    ///   - action: The action the button sends; `nil` for one that only closes.
    public init(_ label: String, role: Role? = nil, action: Action? = nil) {
        self.label = label
        self.role = role
        self.action = action
    }

    /// A button with no role that sends `action`.
    ///
    /// - Parameters:
    ///   - label: The label.
    ///   - action: The action it sends.
    /// - Returns: The button.
    public static func `default`(_ label: String, action: Action) -> ButtonState {
        ButtonState(label, action: action)
    }

    /// A destructive button that sends `action`.
    ///
    /// - Parameters:
    ///   - label: The label.
    ///   - action: The action it sends.
    /// - Returns: The button.
    public static func destructive(_ label: String, action: Action) -> ButtonState {
        ButtonState(label, role: .destructive, action: action)
    }

    /// A cancel button: it closes what shows it, and sends `action` too when given.
    ///
    /// - Parameters:
    ///   - label: The label.
    ///   - action: An action to send as well; none by default.
    /// - Returns: The button.
    public static func cancel(_ label: String, action: Action? = nil) -> ButtonState {
        ButtonState(label, role: .cancel, action: action)
    }
}

extension ButtonState: Equatable where Action: Equatable {}
/// Encoded as its label, role and action: an alert shown is state a recording, a restored app
/// and a Redux DevTools file carry.
extension ButtonState: Codable where Action: Codable {}
extension ButtonState.Role: Codable {}

/// An alert as state: a title, a message and buttons whose actions the parent's reducer receives.
///
/// Keep it in an optional member of the feature's state and apply ``Reducer/alert(_:)`` to the
/// feature's reducer. A button's action clears the alert by itself — before the feature's reducer
/// sees the action — so no handler clears it, and a cancel button needs no action case:
///
/// ```swift
/// enum DetailAlert: Action, Equatable { case confirmDeletion }
/// struct DeleteTapped: Action {}
///
/// struct DetailState: Equatable {
///     var alert: AlertState<DetailAlert>?
///     var isDeleted = false
/// }
///
/// let detailReducer = Reducer<DetailState> { state, action in
///     switch action {
///     case is DeleteTapped:
///         state.alert = AlertState(
///             title: "Delete?", message: "This cannot be undone.",
///             buttons: [.destructive("Delete", action: .confirmDeletion), .cancel("Nevermind")])
///     case let choice as DetailAlert where choice == .confirmDeletion:
///         state.isDeleted = true   // the alert is already gone
///     default:
///         break
///     }
/// }
/// .alert(\.alert)
/// ```
///
/// A view shows it with SwiftUI's `.alert(_:isPresented:presenting:actions:message:)`, each button
/// calling ``StoreProtocol/tap(_:in:)-(_,KeyPath<Self.State,AlertState<A>?>)`` (see docs/navigation.md).
public struct AlertState<Action: Sendable>: Sendable {
    /// The title.
    public var title: String
    /// The message under the title, if any.
    public var message: String?
    /// The buttons, in order; none shows the system's single OK button, which only closes.
    public var buttons: [ButtonState<Action>]

    /// An alert.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - message: The message, if any.
    ///   - buttons: The buttons, in order.
    public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

extension AlertState: Equatable where Action: Equatable {}
/// Encoded as its title, message and buttons (see ``ButtonState``).
extension AlertState: Codable where Action: Codable {}

/// A confirmation dialog (an action sheet) as state: like ``AlertState``, with whether its title
/// shows. Apply ``Reducer/confirmationDialog(_:)`` to the feature's reducer.
public struct ConfirmationDialogState<Action: Sendable>: Sendable {
    /// Whether the title shows, as SwiftUI's `Visibility`.
    public enum TitleVisibility: Sendable, Equatable {
        /// As the platform decides.
        case automatic
        /// Shown.
        case visible
        /// Hidden.
        case hidden
    }

    /// The title.
    public var title: String
    /// Whether the title shows.
    public var titleVisibility: TitleVisibility
    /// The message, if any.
    public var message: String?
    /// The buttons, in order.
    public var buttons: [ButtonState<Action>]

    /// A confirmation dialog.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - titleVisibility: Whether the title shows.
    ///   - message: The message, if any.
    ///   - buttons: The buttons, in order.
    public init(
        title: String, titleVisibility: TitleVisibility = .automatic, message: String? = nil,
        buttons: [ButtonState<Action>] = []
    ) {
        self.title = title
        self.titleVisibility = titleVisibility
        self.message = message
        self.buttons = buttons
    }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
    /// Whether both show the same title, message and buttons; `titleVisibility` is how the title
    /// shows, not what the dialog says, and is left out, as the Composable Architecture's is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
    }
}
/// Encoded as its title, its visibility, message and buttons (see ``ButtonState``).
extension ConfirmationDialogState: Codable where Action: Codable {}
extension ConfirmationDialogState.TitleVisibility: Codable {}

extension Reducer {
    /// Closes the alert at `keyPath` when one of its buttons is tapped, before this reducer sees the
    /// button's action — which it receives as it is (`DetailAlert.confirmDeletion`), not wrapped. A
    /// button with no action (a cancel button) only closes the alert; this reducer then sees the
    /// ``Dismiss`` wrapped in an ``ElementAction``, with the alert already gone.
    ///
    /// A button reaches here sent through the alert's scope (``StoreProtocol/tap(_:in:)-(_,KeyPath<Self.State,AlertState<A>?>)``,
    /// or `scope(ifPresent: \.alert)`); the same action dispatched any other way is an action of the
    /// feature like any other, and leaves the alert as it is. A button of an alert that is no longer
    /// shown changes nothing, and debug builds say so.
    ///
    /// - Parameter keyPath: The optional alert in this reducer's state.
    /// - Returns: The reducer.
    public func alert<A: Action>(_ keyPath: WritableKeyPath<State, AlertState<A>?> & Sendable) -> Reducer {
        closingOnButtons(keyPath)
    }

    /// Closes the confirmation dialog at `keyPath` when one of its buttons is tapped, before this
    /// reducer sees the button's action; see ``alert(_:)``.
    ///
    /// - Parameter keyPath: The optional dialog in this reducer's state.
    /// - Returns: The reducer.
    public func confirmationDialog<A: Action>(
        _ keyPath: WritableKeyPath<State, ConfirmationDialogState<A>?> & Sendable
    ) -> Reducer {
        closingOnButtons(keyPath)
    }

    /// Closes the alert that is the case `embed` builds of this reducer's state (an enum
    /// destination's `case alert(AlertState<…>)`), when one of its buttons is tapped: the
    /// destination is closed one level up, and the button's action goes on as it is (a parent reads
    /// it with ``ElementAction/presented(_:at:)``). See ``alert(_:)``.
    ///
    /// - Parameter embed: The alert's case constructor (`Destination.alert`).
    /// - Returns: The reducer.
    public func alert<A: Action>(case embed: @escaping @Sendable (AlertState<A>) -> State) -> Reducer {
        closingOnButtons(ChildPlace(case: CaseReader(embed)))
    }

    /// Closes the confirmation dialog that is the case `embed` builds of this reducer's state when
    /// one of its buttons is tapped; see ``alert(case:)``.
    ///
    /// - Parameter embed: The dialog's case constructor.
    /// - Returns: The reducer.
    public func confirmationDialog<A: Action>(
        case embed: @escaping @Sendable (ConfirmationDialogState<A>) -> State
    ) -> Reducer {
        closingOnButtons(ChildPlace(case: CaseReader(embed)))
    }

    private func closingOnButtons<Shown>(_ keyPath: WritableKeyPath<State, Shown?> & Sendable) -> Reducer {
        closingOnButtons(ChildPlace(keyPath))
    }

    private func closingOnButtons<Shown>(_ place: ChildPlace<State, Shown>) -> Reducer {
        let parent = bodyCollectingWork
        return Reducer(work: { state, action, work in
            guard let scoped = ElementAction.unwrap(action), place.isAddressed(scoped) else {
                return parent(&state, action, &work)
            }
            guard place.get(state) != nil, let name = place.name ?? place.caseName(state), scoped.isFor(name) else {
                if let route = place.name ?? Optional(scoped.path), ElementAction.namesCase(route) {
                    work.claims.append(CaseClaim(path: route, isTaken: false, state: State.self))
                } else {
                    Diagnostics.warnElementMissing(scoped, state: "\(State.self)")
                    // A button of an alert no longer shown: the parent does not see it either.
                    if scoped.path == place.name { return }
                }
                return parent(&state, action, &work)
            }
            if ElementAction.namesCase(name) {
                work.claims.append(CaseClaim(path: name, isTaken: true, state: State.self))
            }
            if !place.clear(&state) {
                // A case of an enum destination: the destination is cleared one level up, by its
                // `ifLet`, before the parent there sees the button — so a follow-up alert it shows stays.
                work.append(DismissRequest(beforeParent: true))
            }
            parent(&state, scoped.isDismiss ? action : scoped.action, &work)
        })
    }
}

extension StoreProtocol {
    /// Sends what tapping `button` of the alert at `keyPath` sends: its action, or `Dismiss` for a
    /// button without one, through the alert's scope — so the alert closes by itself
    /// (``Reducer/alert(_:)``). Does nothing when no alert is shown (a debug build says so).
    ///
    /// - Parameters:
    ///   - button: The button tapped.
    ///   - keyPath: The optional alert in this store's state.
    public func tap<A: Action>(_ button: ButtonState<A>, in keyPath: KeyPath<State, AlertState<A>?>) {
        send(button.action, through: scope(ifPresent: keyPath), named: keyPath)
    }

    /// Sends what tapping `button` of the confirmation dialog at `keyPath` sends; see
    /// ``tap(_:in:)-(_,KeyPath<Self.State,AlertState<A>?>)``.
    ///
    /// - Parameters:
    ///   - button: The button tapped.
    ///   - keyPath: The optional dialog in this store's state.
    public func tap<A: Action>(_ button: ButtonState<A>, in keyPath: KeyPath<State, ConfirmationDialogState<A>?>) {
        send(button.action, through: scope(ifPresent: keyPath), named: keyPath)
    }

    /// Sends what tapping `button` of the alert that is the case `embed` builds of this store's
    /// state (an enum destination) sends, through the case's scope (``Reducer/alert(case:)``).
    ///
    /// - Parameters:
    ///   - button: The button tapped.
    ///   - embed: The alert's case constructor (`Destination.alert`).
    public func tap<A: Action>(_ button: ButtonState<A>, in embed: @escaping @Sendable (AlertState<A>) -> State) {
        send(button.action, through: scope(case: embed), named: "a case of \(State.self) holding an alert")
    }

    /// Sends what tapping `button` of the confirmation dialog that is the case `embed` builds of this
    /// store's state sends; see the alert's `tap(_:in:)`.
    ///
    /// - Parameters:
    ///   - button: The button tapped.
    ///   - embed: The dialog's case constructor.
    public func tap<A: Action>(
        _ button: ButtonState<A>, in embed: @escaping @Sendable (ConfirmationDialogState<A>) -> State
    ) {
        send(button.action, through: scope(case: embed), named: "a case of \(State.self) holding a dialog")
    }

    private func send<A: Action, Shown>(_ action: A?, through scope: ScopedStore<Shown>?, named keyPath: AnyKeyPath) {
        send(action, through: scope, named: ElementAction.path(of: keyPath))
    }

    private func send<A: Action, Shown>(_ action: A?, through scope: ScopedStore<Shown>?, named name: String) {
        guard let scope else {
            Diagnostics.warnOnce(
                "tap-absent:\(name)",
                "swift-redux: warning: a button of \(name) was tapped while it is not shown; nothing was sent.")
            return
        }
        if let action { scope.dispatch(action) } else { scope.dispatch(Dismiss()) }
    }
}
