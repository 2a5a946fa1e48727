import CReduxAtomics

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
/// feature's reducer. A button's action clears the alert by itself — after the feature's reducer has
/// seen the action with the alert still shown, unless it showed another alert in answer — so no
/// handler clears it, and a cancel button needs no action case:
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
///         state.isDeleted = true   // the alert is still shown here; it closes after
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
    /// Which presentation this is: a number no other alert made in this process has, kept by its
    /// copies. A button's action leaves the alert shown only when the parent answered with another
    /// presentation — a new alert, even with equal content — not when it left this one in place.
    /// Not part of `==`, not encoded, not shown in diffs or logs (an alert is what it says).
    let presentation = PresentationNumber()

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

extension AlertState: Equatable where Action: Equatable {
    /// Whether both say the same: title, message and buttons (not which presentation each is).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
    }
}

/// Encoded as its title, message and buttons (see ``ButtonState``); a decoded alert is a new
/// presentation.
extension AlertState: Codable where Action: Codable {
    private enum CodingKeys: String, CodingKey {
        case title, message, buttons
    }
}

extension AlertState: CustomReflectable {
    /// Its title, message and buttons: what diffs and logs show.
    public var customMirror: Mirror {
        Mirror(self, children: ["title": title, "message": message as Any, "buttons": buttons], displayStyle: .struct)
    }
}

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
    /// Which presentation this is (see ``AlertState``): not part of `==`, not encoded.
    let presentation = PresentationNumber()

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
/// Encoded as its title, its visibility, message and buttons (see ``ButtonState``); a decoded dialog
/// is a new presentation.
extension ConfirmationDialogState: Codable where Action: Codable {
    private enum CodingKeys: String, CodingKey {
        case title, titleVisibility, message, buttons
    }
}

extension ConfirmationDialogState: CustomReflectable {
    /// Its title, visibility, message and buttons: what diffs and logs show.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "title": title, "titleVisibility": titleVisibility, "message": message as Any, "buttons": buttons,
            ], displayStyle: .struct)
    }
}

/// Which presentation an alert or a dialog is: a number drawn when it is made, from a counter of
/// the process (never handed out twice), and kept by its copies.
struct PresentationNumber: Hashable, Sendable {
    let number: UInt64

    /// A new presentation: a number never handed out before.
    init() {
        number = c_redux_next_stamp()
    }

    /// The presentation of the alert or dialog `value` is, or holds as the payload of the enum case
    /// it is (an enum destination's `.alert(…)`); `nil` for anything else.
    init?(of value: Any) {
        if let shown = value as? any PresentationIdentified {
            self = shown.presentation
            return
        }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, var payload = mirror.children.first?.value else { return nil }
        // A labelled payload (`case alert(state: AlertState<…>)`) is shown as a one-element tuple.
        let tuple = Mirror(reflecting: payload)
        if tuple.displayStyle == .tuple, tuple.children.count == 1, let only = tuple.children.first {
            payload = only.value
        }
        guard let shown = payload as? any PresentationIdentified else { return nil }
        self = shown.presentation
    }
}

/// An alert or a dialog, by its presentation.
protocol PresentationIdentified: SendableMetatype {
    var presentation: PresentationNumber { get }
}

extension AlertState: PresentationIdentified {}
extension ConfirmationDialogState: PresentationIdentified {}
extension ConfirmationDialogState.TitleVisibility: Codable {}

extension Reducer {
    /// Closes the alert at `keyPath` when one of its buttons is tapped, after this reducer has seen
    /// the button's action — which it receives as it is (`DetailAlert.confirmDeletion`), not
    /// wrapped — with the alert still shown. The alert is closed only if this reducer left that
    /// alert in place: a new alert it shows in answer (even one equal to it) stays. A button with
    /// no action (a cancel button) only closes the alert; this reducer then sees the ``Dismiss``
    /// wrapped in an ``ElementAction``, the alert still shown.
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

    /// Closes the confirmation dialog at `keyPath` when one of its buttons is tapped, after this
    /// reducer has seen the button's action with the dialog still shown; see ``alert(_:)``.
    ///
    /// - Parameter keyPath: The optional dialog in this reducer's state.
    /// - Returns: The reducer.
    public func confirmationDialog<A: Action>(
        _ keyPath: WritableKeyPath<State, ConfirmationDialogState<A>?> & Sendable
    ) -> Reducer {
        closingOnButtons(keyPath)
    }

    /// Closes the alert that is the case `embed` builds of this reducer's state (an enum
    /// destination's `case alert(AlertState<…>)`), when one of its buttons is tapped: the button's
    /// action goes on as it is (a parent reads it with ``ElementAction/presented(_:at:)``), the
    /// parent one level up sees it with the alert still shown, and the destination is closed then —
    /// unless the parent showed another presentation. See ``alert(_:)``.
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

    private func closingOnButtons<Shown: PresentationIdentified>(
        _ keyPath: WritableKeyPath<State, Shown?> & Sendable
    ) -> Reducer {
        closingOnButtons(ChildPlace(keyPath))
    }

    private func closingOnButtons<Shown: PresentationIdentified>(_ place: ChildPlace<State, Shown>) -> Reducer {
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
            // The parent sees the button's action with the alert still shown (it may read what the
            // alert carried, or check which destination is up); the alert goes after, and only if
            // the parent left this very presentation in place — a new alert it showed, even one
            // equal to this, a dialog or another destination stays.
            // A member's alert is read through its key path; a case's from the value itself (its
            // payload by `Mirror`, on a button's action only): a case reader may hand back an equal
            // alert it met before, and equal alerts are not the same presentation.
            func presentation(_ state: State) -> PresentationNumber? {
                place.hasFixedName ? place.get(state)?.presentation : PresentationNumber(of: state)
            }
            guard let shown = presentation(state) else {
                // A case whose payload `Mirror` does not show as the alert: closed first, as a
                // `Dismiss` is, the parent seeing the action after.
                if !place.clear(&state) { work.append(DismissRequest()) }
                return parent(&state, scoped.isDismiss ? action : scoped.action, &work)
            }
            parent(&state, scoped.isDismiss ? action : scoped.action, &work)
            guard presentation(state) == shown else { return }
            if !place.clear(&state) {
                // A case of an enum destination: the destination is cleared one level up, by its
                // `ifLet`, after the parent there has seen the button — if it still shows this alert.
                work.append(DismissRequest(ifStillShowing: { PresentationNumber(of: $0) == shown }))
            }
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
