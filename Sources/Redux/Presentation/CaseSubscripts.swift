import ReduxDiff

extension Optional {
    /// The payload of one case of this optional enum — an enum destination — reached by the case's
    /// constructor: `nil` while the value is `nil` or another case. Setting a payload shows that
    /// case when the destination is `nil` or that case; setting `nil` clears the destination when it
    /// shows that case. A write through a case the destination does not show changes nothing (a
    /// debug build names both cases): it was meant for a screen that is not there.
    ///
    /// What a test's expected change and a reducer write instead of a hand-written accessor:
    ///
    /// ```swift
    /// $0.destination[case: Destination.editor]?.title = "Draft"
    /// ```
    ///
    /// The case is recognised with `Mirror` (see ``Reducer/ifLet(case:then:)-2mm1x``).
    ///
    /// - Parameter embed: The case's constructor; a case with one associated value.
    public subscript<Payload>(case embed: @escaping @Sendable (Payload) -> Wrapped) -> Payload? {
        get { flatMap { CaseReader(embed).extract(from: $0)?.payload } }
        set {
            guard let wrapped = self else {
                if let newValue { self = embed(newValue) }
                return
            }
            guard CaseReader(embed).extract(from: wrapped) != nil else {
                warnOtherCase(shown: wrapped, written: embed, isNil: newValue == nil)
                return
            }
            self = newValue.map(embed)
        }
    }
}

/// Says (in a debug build) that a write through the case `written` builds reached a value showing
/// another case, and changed nothing.
func warnOtherCase<Enum, Payload>(shown: Enum, written embed: (Payload) -> Enum, isNil: Bool) {
    let shownCase = ValueDiff.caseName(of: shown) ?? "\(shown)"
    MainActorCheck.runOnMainActor {
        Diagnostics.warnOnce(
            "case-write-other:\(Enum.self).\(shownCase)",
            "swift-redux: warning: a write of \(isNil ? "nil" : "a payload") through [case:] of \(Enum.self) reached "
                + "the case .\(shownCase), not the case written (a payload of \(Payload.self)); nothing changed.")
    }
}

extension StackElement {
    /// The payload of one case of this screen's state (the stack's enum of screens), reached by the
    /// case's constructor: `nil` while the screen is another case. Setting a payload while the
    /// screen shows that case changes it (its identifier stays); setting `nil` removes the screen
    /// from its stack (`$0.path[id: 1]?[case: Path.detail] = nil`; a screen outside a stack is
    /// marked removed). A write through a case the screen does not show changes nothing (a debug
    /// build names both cases).
    ///
    /// ```swift
    /// $0.path[id: screen]?[case: Path.detail]?.isEditing = true
    /// ```
    ///
    /// - Parameter embed: The case's constructor; a case with one associated value.
    public subscript<Payload>(case embed: @escaping @Sendable (Payload) -> State) -> Payload? {
        get { CaseReader(embed).extract(from: state)?.payload }
        set {
            guard CaseReader(embed).extract(from: state) != nil else {
                warnOtherCase(shown: state, written: embed, isNil: newValue == nil)
                return
            }
            guard let newValue else {
                id = .removed  // the stack's `[id:]` removes the screen as the write comes back
                return
            }
            state = embed(newValue)
        }
    }
}

/// A state that is an enum — an app's root that is logged in or out, a screen of several kinds —
/// whose cases `[case:]` and ``modify(case:_:)`` reach by their constructors, as they reach an
/// optional destination's and a stack screen's. Conform with one line:
///
/// ```swift
/// enum AppState: Equatable, Sendable, EnumState {
///     case login(LoginState)
///     case main(MainState)
/// }
/// // A test's expected change: $0.modify(case: AppState.login) { $0.email = "ada@example.com" }
/// ```
public protocol EnumState {}

extension EnumState {
    /// The payload of the case `embed` builds: `nil` while the value is another case. Setting a
    /// payload while the value is that case changes it; a write through another case, or `nil`
    /// (an enum that is not optional cannot be absent), changes nothing, and a debug build says so.
    ///
    /// - Parameter embed: The case's constructor; a case with one associated value (several are
    ///   their tuple).
    public subscript<Payload>(case embed: @escaping @Sendable (Payload) -> Self) -> Payload? {
        get { CaseReader(embed).extract(from: self)?.payload }
        set {
            guard CaseReader(embed).extract(from: self) != nil, let newValue else {
                warnOtherCase(shown: self, written: embed, isNil: newValue == nil)
                return
            }
            self = embed(newValue)
        }
    }

    /// The action the case `embed` builds sent through its scope (`store.scope(case: AppState.login)`)
    /// — unwrapped from the case it was sent to — while this value is that case; `nil` for any other
    /// action, or one sent to another case. What a parent matches with one `if case`, after the
    /// case's reducer ran (upstream's `case .login(.loginResponse(.success(let response))):`):
    ///
    /// ```swift
    /// if case .loginResponse(.success(let response))? = state.sent(action, by: AppState.login) as? LoginAction {
    ///     state = .main(MainState(user: response.user))
    /// }
    /// ```
    ///
    /// What a child of the case sent arrives inside: read it with
    /// `ElementAction.presented(_:at:)` (a sheet of the case) on the returned action.
    ///
    /// - Parameters:
    ///   - action: The action the parent's reducer received.
    ///   - embed: The case's constructor.
    /// - Returns: The case's action, or `nil`.
    public func sent<Payload>(_ action: any Action, by embed: @escaping @Sendable (Payload) -> Self) -> (any Action)? {
        guard let element = action as? ElementAction, element.id == nil,
            let (_, name) = CaseReader(embed).extract(from: self), element.path == ElementAction.caseRoute(name)
        else { return nil }
        return element.action
    }

    /// Changes the payload of the case `embed` builds in place — upstream's `$0.modify(\.login) { … }`;
    /// when the value is another case, changes nothing and a debug build names both.
    ///
    /// - Parameters:
    ///   - embed: The case's constructor.
    ///   - body: Changes the payload.
    public mutating func modify<Payload>(
        case embed: @escaping @Sendable (Payload) -> Self, _ body: (inout Payload) throws -> Void
    ) rethrows {
        guard var payload = CaseReader(embed).extract(from: self)?.payload else {
            warnOtherCase(shown: self, written: embed, isNil: false)
            return
        }
        try body(&payload)
        self = embed(payload)
    }
}
