import Testing

@testable import Redux

/// Issue 37, point 3: alerts and confirmation dialogs as state; a cancel button needs no action case.
/// Issue 64 (SPEC §15): the feature's reducer sees a button's action with the alert still shown; the
/// alert is then closed only if the reducer left that presentation in place.
@MainActor
struct AlertStateTests {
    enum DetailAlert: Action, Equatable { case confirmDeletion, keep }
    struct DeleteTapped: Action {}
    struct ShareTapped: Action {}

    struct Detail: Equatable, Sendable {
        var alert: AlertState<DetailAlert>?
        var dialog: ConfirmationDialogState<DetailAlert>?
        var isDeleted = false
        /// Whether the alert was still shown when the reducer saw a button's action.
        var alertShownAtButton: Bool?
        var cancelled = 0
    }

    nonisolated static let deleteAlert = AlertState<DetailAlert>(
        title: "Delete?", message: "This cannot be undone.",
        buttons: [.destructive("Delete", action: .confirmDeletion), .cancel("Nevermind")])

    static let reducer = Reducer<Detail> { state, action in
        switch action {
        case is DeleteTapped:
            state.alert = deleteAlert
        case is ShareTapped:
            state.dialog = ConfirmationDialogState(
                title: "Share", titleVisibility: .visible,
                buttons: [.default("Keep", action: .keep), .cancel("Cancel")])
        case let alert as DetailAlert:
            state.alertShownAtButton = state.alert != nil || state.dialog != nil
            if alert == .confirmDeletion { state.isDeleted = true }
        case let element as ElementAction where element.action is Dismiss:
            state.cancelled += 1
        default:
            break
        }
    }
    .alert(\.alert)
    .confirmationDialog(\.dialog)

    @Test func theReducerSeesTheButtonWithTheAlertShownThenTheAlertCloses() throws {
        let store = Store(initialState: Detail(), reducer: Self.reducer)
        store.dispatch(DeleteTapped())
        let alert = try #require(store.state.alert)
        store.tap(alert.buttons[0], in: \.alert)
        #expect(store.state.alert == nil)
        #expect(store.state.isDeleted)
        #expect(store.state.alertShownAtButton == true, "the alert was still shown when the reducer saw the action")
    }

    enum Again: Action, Equatable { case askAgain, other }
    struct Asking: Equatable, Sendable {
        var alert: AlertState<Again>?
        var dialog: ConfirmationDialogState<Again>?
        var asked = 0
    }
    nonisolated static func question() -> AlertState<Again> {
        AlertState(
            title: "Sure?", buttons: [.default("Ask again", action: .askAgain), .default("Other", action: .other)])
    }

    /// A follow-up alert — equal to the one whose button was tapped — stays: it is another
    /// presentation. Leaving the alert in place (or assigning it back) closes it.
    @Test func aFollowUpAlertStaysEvenAnEqualOne() throws {
        let reducer = Reducer<Asking>.on(Again.self) { state, action in
            state.asked += 1
            switch action {
            case .askAgain: state.alert = Self.question()
            case .other:
                let same = state.alert
                state.alert = same  // the same presentation, assigned back: still closes
            }
        }.alert(\.alert)
        let store = Store(initialState: Asking(alert: Self.question()), reducer: reducer)
        store.tap(try #require(store.state.alert?.buttons[0]), in: \.alert)
        #expect(store.state.alert == Self.question(), "the follow-up alert stays")
        store.tap(try #require(store.state.alert?.buttons[1]), in: \.alert)
        #expect(store.state.alert == nil)
        #expect(store.state.asked == 2)
    }

    /// The reducer answering a dialog's button with an alert keeps both as it left them.
    @Test func aDialogsButtonAnsweredWithAnAlertLeavesTheAlert() throws {
        let reducer = Reducer<Asking>.on(Again.self) { state, _ in state.alert = Self.question() }
            .alert(\.alert).confirmationDialog(\.dialog)
        let dialog = ConfirmationDialogState<Again>(title: "Pick", buttons: [.default("Ask", action: .askAgain)])
        let store = Store(initialState: Asking(dialog: dialog), reducer: reducer)
        store.tap(try #require(store.state.dialog?.buttons[0]), in: \.dialog)
        #expect(store.state.dialog == nil && store.state.alert == Self.question())
    }

    enum AskDestination: Equatable, Sendable {
        case alert(AlertState<Again>)
        case editor(String)
    }
    struct AskScreen: Equatable, Sendable {
        var destination: AskDestination?
        var seenAtButton: [String] = []
    }

    /// An enum destination's alert: the parent handling its button sees the destination still
    /// showing the alert (what it carried too), and the same rule of presentations holds.
    @Test func anEnumDestinationsAlertIsStillShownWhenTheParentHandlesItsButton() {
        let destinationReducer = Reducer<AskDestination> { _, _ in }.alert(case: AskDestination.alert)
        let reducer = Reducer<AskScreen> { state, action in
            guard let answer = ElementAction.presented(action, at: \AskScreen.destination) as? Again else { return }
            if case .alert(let alert)? = state.destination {
                state.seenAtButton.append(alert.title)
            } else {
                state.seenAtButton.append("no alert")
            }
            if answer == .askAgain { state.destination = .alert(Self.question()) }
        }
        .ifLet(\.destination, then: destinationReducer)
        let store = Store(initialState: AskScreen(destination: .alert(Self.question())), reducer: reducer)
        store.scope(ifPresent: \.destination)?.tap(.default("Ask again", action: .askAgain), in: AskDestination.alert)
        #expect(store.state.destination == .alert(Self.question()), "the follow-up alert stays")
        store.scope(ifPresent: \.destination)?.tap(.default("Other", action: .other), in: AskDestination.alert)
        #expect(store.state.destination == nil)
        #expect(store.state.seenAtButton == ["Sure?", "Sure?"])
    }

    @Test func equalAlertsAreNotTheSamePresentationButCopiesAre() {
        let first = Self.question()
        let second = Self.question()
        let copy = first
        #expect(first == second)
        #expect(PresentationNumber(of: first) != PresentationNumber(of: second))
        #expect(PresentationNumber(of: first) == PresentationNumber(of: copy))
        #expect(PresentationNumber(of: 5) == nil)
    }

    @Test func aCancelButtonOnlyCloses() throws {
        let store = Store(initialState: Detail(), reducer: Self.reducer)
        store.dispatch(DeleteTapped())
        store.tap(try #require(store.state.alert?.buttons[1]), in: \.alert)
        #expect(store.state.alert == nil)
        #expect(!store.state.isDeleted)
        #expect(store.state.cancelled == 1)
        #expect(store.state.alertShownAtButton == nil)
    }

    @Test func theSameActionDispatchedOtherwiseLeavesTheAlert() {
        let store = Store(initialState: Detail(), reducer: Self.reducer)
        store.dispatch(DeleteTapped())
        store.dispatch(DetailAlert.keep)
        #expect(store.state.alert == Self.deleteAlert)
        #expect(store.state.alertShownAtButton == true)
    }

    @Test func aDialogClosesTheSameWay() throws {
        let store = Store(initialState: Detail(), reducer: Self.reducer)
        store.dispatch(ShareTapped())
        #expect(store.state.dialog?.titleVisibility == .visible)
        store.tap(try #require(store.state.dialog?.buttons[0]), in: \.dialog)
        #expect(store.state.dialog == nil)
        #expect(store.state.alertShownAtButton == true)
    }

    @Test func aTapWithNoAlertShownSendsNothingAndSaysSo() {
        let store = Store(initialState: Detail(), reducer: Self.reducer)
        let warnings = Diagnostics.capture { store.tap(Self.deleteAlert.buttons[0], in: \.alert) }
        #expect(!store.state.isDeleted)
        #if DEBUG
            #expect(warnings.contains { $0.contains("a button of alert was tapped while it is not shown") })
        #endif
    }

    @Test func buttonsAndAlertsAreEqualByValue() {
        #expect(ButtonState<DetailAlert>.cancel("No") == ButtonState("No", role: .cancel))
        #expect(
            ButtonState.destructive("Delete", action: DetailAlert.keep)
                != .destructive("Delete", action: .confirmDeletion))
        #expect(Self.deleteAlert.buttons.map(\.id) == ["Delete", "Nevermind"])
        var other = Self.deleteAlert
        other.message = nil
        #expect(other != Self.deleteAlert)
    }

    // An alert as a case of an enum destination: the destination is cleared one level up.
    struct Form: Equatable, Sendable { var title = "" }
    enum Destination: Equatable, Sendable {
        case alert(AlertState<DetailAlert>)
        case edit(Form)

        var alert: AlertState<DetailAlert>? {
            get { if case .alert(let alert) = self { alert } else { nil } }
            set { if let newValue { self = .alert(newValue) } }
        }
    }

    struct Screen: Equatable, Sendable {
        var destination: Destination?
        var confirmed = 0
    }

    @Test func anAlertCaseOfAnEnumDestinationClearsTheDestination() throws {
        let destination = Reducer<Destination> { _, _ in }.alert(\.alert)
        let reducer = Reducer<Screen> { state, action in
            if let element = action as? ElementAction,
                (element.action as? ElementAction)?.action as? DetailAlert == .confirmDeletion
            {
                state.confirmed += 1
            }
        }
        .ifLet(\.destination, then: destination)
        let store = Store(initialState: Screen(destination: .alert(Self.deleteAlert)), reducer: reducer)
        let shown = try #require(store.scope(ifPresent: \.destination))
        shown.tap(Self.deleteAlert.buttons[0], in: \.alert)
        #expect(store.state.destination == nil)
        #expect(store.state.confirmed == 1)
    }

    /// The same, reached by the case's constructor (no accessor): the button closes the destination,
    /// the parent reads the button's action with `ElementAction.presented`, an edit case is untouched.
    @Test func anAlertCaseReachedByItsConstructorClearsTheDestination() throws {
        let destination = Reducer<Destination> { _, _ in }.alert(case: Destination.alert)
        let reducer = Reducer<Screen> { state, action in
            if ElementAction.presented(action, at: \Screen.destination) as? DetailAlert == .confirmDeletion {
                state.confirmed += 1
            }
        }
        .ifLet(\.destination, then: destination)
        let store = Store(initialState: Screen(destination: .alert(Self.deleteAlert)), reducer: reducer)
        let shown = try #require(store.scope(ifPresent: \.destination))
        shown.tap(Self.deleteAlert.buttons[0], in: Destination.alert)
        #expect(store.state.destination == nil)
        #expect(store.state.confirmed == 1)
        // A cancel button closes it too, and is no confirmation.
        let cancelled = Store(initialState: Screen(destination: .alert(Self.deleteAlert)), reducer: reducer)
        try #require(cancelled.scope(ifPresent: \.destination)).tap(Self.deleteAlert.buttons[1], in: Destination.alert)
        #expect(cancelled.state.destination == nil)
        #expect(cancelled.state.confirmed == 0)
        // A button sent to the alert case while the edit case is shown leaves the destination as it is
        // (the parent still sees the action after its children, as in the Composable Architecture).
        let edit = Store(initialState: Screen(destination: .edit(Form(title: "x"))), reducer: reducer)
        let warnings = Diagnostics.capture {
            edit.dispatch(
                ElementAction(
                    path: "destination", id: nil, ElementAction(path: ".alert", id: nil, DetailAlert.confirmDeletion)))
        }
        #expect(edit.state.destination == .edit(Form(title: "x")), "the edit case stays")
        #if DEBUG
            #expect(warnings.contains { $0.contains(".alert") }, "\(warnings)")
        #endif
    }
}

/// Issue 46: a dialog's equality is what it says, as upstream's: `titleVisibility` is left out.
struct ConfirmationDialogEqualityTests {
    enum Choice: Equatable, Sendable { case keep }

    @Test func titleVisibilityIsNotCompared() {
        let visible = ConfirmationDialogState<Choice>(
            title: "Share", titleVisibility: .visible, buttons: [.cancel("No")])
        let automatic = ConfirmationDialogState<Choice>(title: "Share", buttons: [.cancel("No")])
        #expect(visible == automatic)
        #expect(visible != ConfirmationDialogState<Choice>(title: "Share", message: "?", buttons: [.cancel("No")]))
        #expect(visible != ConfirmationDialogState<Choice>(title: "Share", buttons: [.default("Keep", action: .keep)]))
    }
}
