import Redux
import ReduxDiff

extension TestStore {
    /// The way to a part of the state, to dispatch through it and receive what it sent, written as
    /// the state's own members — `store.root.path[id: screen].state.detail.destination.edit` —
    /// as a view scopes its store (``TestScope``).
    ///
    /// ```swift
    /// let edit = store.root.path[id: screen].state.detail.destination.edit
    /// await edit.set(\.syncUp.title, to: "Product") { … }   // a binding in a sheet in a pushed screen
    /// await store.root.path[id: recorder].state.record.receive(Dismiss()) { $0.path = StackState() }
    /// ```
    public var root: TestScope<State, State> {
        TestScope(store: self, resolve: { [store] in store }, steps: [], fromRoot: \State.self, name: "")
    }

    /// Waits for an action of type `A` built by `embed` — one case of an enum, whatever its
    /// payload, at any depth — and checks the state change it made. One spelling for a case with
    /// one value, several or none:
    ///
    /// ```swift
    /// await store.receive(case: AppAction.loginDone) { $0.isLoggingIn = false }
    /// await store.receive(case: { SearchAction.response(.success($0)) }) { $0.results = … }
    /// await store.receive(case: { AppAction.socket(.didClose(code: $0, reason: $1)) })
    /// await store.receive(case: { Ping.pong })   // a case without payload, `Ping` not Equatable
    /// ```
    ///
    /// The case is recognised by its name (with `Mirror`, see ``TestScope/receive(case:timeout:_:fileID:filePath:line:column:)``).
    ///
    /// - Parameters:
    ///   - embed: The case, as its constructor (`AppAction.loginDone`), or a closure building it.
    ///   - timeout: How long to wait; defaults to ``timeout``.
    ///   - update: Applies the expected change to the previous state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive<A: Action, each Value>(
        case embed: @escaping (repeat each Value) -> A,
        timeout: Duration? = nil,
        _ update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await root.receive(
            .case(EnumCase.taking(embed), given: pendingActions), timeout, update,
            SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the case `embed` builds with the payload `payload` — upstream's
    /// `receive(\.searchResponse.success, results)` — and checks the state change. The case received
    /// with another payload fails at once, with both.
    ///
    /// - Parameters:
    ///   - embed: The case, as its constructor, or a closure building it.
    ///   - payload: The payload expected.
    ///   - timeout: How long to wait; defaults to ``timeout``.
    ///   - update: Applies the expected change to the previous state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive<A: Action, Payload: Equatable>(
        case embed: @escaping (Payload) -> A,
        _ payload: Payload,
        timeout: Duration? = nil,
        _ update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await root.receive(
            .case(embed, payload: { $0 == payload }, named: "with payload \(payload)", given: pendingActions),
            timeout, update, SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the case `embed` builds with a payload that `check` accepts — a payload that is not
    /// `Equatable` (`Result<…, any Error>`), or a part of it — and checks the state change.
    ///
    /// - Parameters:
    ///   - embed: The case, as its constructor, or a closure building it.
    ///   - check: Whether the payload is the one expected.
    ///   - timeout: How long to wait; defaults to ``timeout``.
    ///   - update: Applies the expected change to the previous state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive<A: Action, Payload>(
        case embed: @escaping (Payload) -> A,
        where check: @escaping (Payload) -> Bool,
        timeout: Duration? = nil,
        _ update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await root.receive(
            .case(embed, payload: check, named: "whose payload passes the check", given: pendingActions),
            timeout, update, SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// A path from a ``TestStore``'s state to a part of it — a member, a presented child, an element of
/// an identified collection — made from ``TestStore/root`` by naming members as the state does:
///
/// ```swift
/// let form = store.root.path[id: screen].state.detail.destination.edit
/// ```
///
/// A member that is optional is a presented child (as `scope(ifPresent:)`), a member that is an
/// `IdentifiedArray` is indexed by `[id:]` (as `scope(_:id:)`), any other member is a part (as
/// `scope(_:)`). Through the path the test dispatches (``dispatch(_:_:fileID:filePath:line:column:)``,
/// ``set(_:to:_:fileID:filePath:line:column:)``) exactly as the view holding that scope would —
/// the action wrapped in the `ElementAction`s of each element on the way, work owned by the
/// element — and receives what the element sent: an equal action, any action of a type, one case of
/// an enum whatever its payload. Every `update` closure changes the test store's whole state, as
/// with ``TestStore/dispatch(_:_:fileID:filePath:line:column:)``.
///
/// Members of the state named `dispatch`, `set`, `receive` or `action` are reached with a scope of
/// the real store instead (these names are this type's own).
@MainActor
@dynamicMemberLookup
public struct TestScope<Root: Equatable, State> {
    let store: TestStore<Root>
    /// Finds the real scope this path names, now; `nil` when a child on the way is absent.
    let resolve: @MainActor () -> (any StoreProtocol<State>)?
    /// The element steps on the way, outermost first: what wraps an action sent here.
    let steps: [TestPathStep]
    /// The key path from the root while no element was entered (element paths are named from the
    /// root there, as the store's own scopes name them); `nil` inside an element.
    let fromRoot: PartialKeyPath<Root>?
    /// The path as written, for messages (`path[id: #1].state.detail`).
    let name: String

    /// A part of the state (as `scope(_:)`): actions sent through it are not wrapped — unless the
    /// member is composed by instance (`Reducer.scope(_:_:)`), when they are addressed to it, as
    /// its scope addresses them.
    ///
    /// - Parameter keyPath: The member.
    public subscript<Child>(dynamicMember keyPath: KeyPath<State, Child>) -> TestScope<Root, Child> {
        let resolve = resolve
        if let instance = MemberCompositions.instanceName(keyPath) {
            return TestScope<Root, Child>(
                store: store, resolve: { resolve()?.scope(keyPath) },
                steps: steps + [TestPathStep(path: instance, id: nil, rawID: nil)], fromRoot: nil,
                name: joined(BindingAction<State>.path(of: keyPath)))
        }
        return TestScope<Root, Child>(
            store: store, resolve: { resolve()?.scope(keyPath) }, steps: steps,
            fromRoot: composed(keyPath), name: joined(BindingAction<State>.path(of: keyPath)))
    }

    /// A presented child (as `scope(ifPresent:)`): an optional member, or an enum destination's case.
    ///
    /// - Parameter keyPath: The optional member.
    public subscript<Child>(dynamicMember keyPath: KeyPath<State, Child?>) -> TestScope<Root, Child> {
        let resolve = resolve
        let path = composed(keyPath).map { ElementAction.path(of: $0) } ?? ElementAction.path(of: keyPath)
        return TestScope<Root, Child>(
            store: store, resolve: { resolve()?.scope(ifPresent: keyPath) },
            steps: steps + [TestPathStep(path: path, id: nil, rawID: nil)], fromRoot: nil,
            name: joined(ElementAction.path(of: keyPath)))
    }

    /// One case of this part (an enum destination, a stack screen's enum), reached by its constructor
    /// (as `scope(case:)`): `store.root.path[id: screen].state[case: Path.detail]`. The case is named
    /// (`.detail`) from the state the first time the part shows it — when the path is made, or when
    /// it is first used — and the name is kept, so what the case sent is received after it closed.
    ///
    /// - Parameter embed: The case's constructor; a case with one associated value.
    public subscript<Child>(case embed: @escaping @Sendable (Child) -> State) -> TestScope<Root, Child> {
        let resolve = resolve
        let reader = CaseReader(embed)
        let route = CaseRoute(placeholder: ".(a case of \(State.self) not shown yet)") {
            resolve().flatMap { reader.extract(from: $0.state).map { ElementAction.caseRoute($0.name) } }
        }
        return TestScope<Root, Child>(
            store: store, resolve: { resolve()?.scope(case: embed) },
            steps: steps + [TestPathStep(caseRoute: route)], fromRoot: nil,
            name: name + route.route)
    }

    /// An identified collection, whose elements are reached by `[id:]` (as `scope(_:id:)`).
    ///
    /// - Parameter keyPath: The collection.
    public subscript<ID: Hashable & Sendable, Element: Identifiable & Equatable>(
        dynamicMember keyPath: KeyPath<State, IdentifiedArray<ID, Element>>
    ) -> TestElements<Root, ID, Element> where Element.ID == ID {
        let resolve = resolve
        let path = composed(keyPath).map { ElementAction.path(of: $0) } ?? ElementAction.path(of: keyPath)
        return TestElements(
            store: store, resolve: { id in resolve()?.scope(keyPath, id: id) },
            steps: steps, path: path,
            name: joined(BindingAction<State>.path(of: keyPath)))
    }

    private func composed<Value>(_ keyPath: KeyPath<State, Value>) -> PartialKeyPath<Root>? {
        (fromRoot as? KeyPath<Root, State>)?.appending(path: keyPath)
    }

    private func joined(_ member: String) -> String {
        name.isEmpty ? member : "\(name).\(member)"
    }

    /// `action` as this path's scope sends it: wrapped in one `ElementAction` per element on the
    /// way, outermost first. Actions a middleware handles are sent as they are (see `ElementAction`).
    ///
    /// - Parameter action: The action for the part this path names.
    /// - Returns: The action the store receives.
    public func action(_ action: any Action) -> any Action {
        if action is any HandledByMiddleware { return action }
        return steps.reversed().reduce(action) { inner, step in ElementAction(path: step.path, id: step.rawID, inner) }
    }

    /// The action inside `action` for this path's part: `action` unwrapped from one `ElementAction`
    /// per element on the way (matching each by its path and identifier); `nil` when it is for
    /// another part.
    func unwrap(_ action: any Action) -> (any Action)? {
        TestPathStep.unwrap(action, through: steps)
    }

    // MARK: - Sending

    /// Dispatches `action` through this path's scope, as the view holding it does, and checks that
    /// the state changed exactly as `update` says. Fails the test, naming the path, when a child on
    /// the way is not in the state.
    ///
    /// - Parameters:
    ///   - action: The action for this part.
    ///   - update: Applies the expected change to the test store's whole state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    /// - Returns: The work the action started (see ``TestStore/dispatch(_:_:fileID:filePath:line:column:)``).
    @discardableResult
    public func dispatch(
        _ action: any Action,
        _ update: ((inout Root) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> TestStoreTask {
        let location = SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let scope = resolve() else {
            return absent(String(describing: type(of: action)), at: location)
        }
        return await store.dispatch(
            String(describing: type(of: action)), send: { scope.dispatch(action) }, update, at: location)
    }

    /// Sets the member at `keyPath` of this part through its scope — what a text field, a toggle or a
    /// picker bound to it does — and checks the state change, as ``dispatch(_:_:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - keyPath: The member, from this part.
    ///   - value: The new value.
    ///   - update: Applies the expected change to the test store's whole state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    /// - Returns: The work the binding started.
    @discardableResult
    public func set<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<State, Value> & Sendable,
        to value: Value,
        _ update: ((inout Root) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> TestStoreTask {
        let location = SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column)
        let what = "a binding of \(BindingAction<State>.path(of: keyPath))"
        guard let scope = resolve() else { return absent(what, at: location) }
        return await store.dispatch(what, send: { scope.set(keyPath, to: value) }, update, at: location)
    }

    private func absent(_ what: String, at location: SourceLocationInfo) -> TestStoreTask {
        reportFailure(
            "Cannot dispatch \(what) at \(name.isEmpty ? "the root" : name): a child on the way is not in the state "
                + "(dismissed, popped, or never presented).",
            at: location)
        return store.noTask
    }

    // MARK: - Receiving

    /// Every receive of a path and of the store itself: one matcher, tried on the part's action.
    func receive(
        _ matcher: ReceiveMatcher, _ timeout: Duration?, _ update: ((inout Root) throws -> Void)?,
        _ location: SourceLocationInfo
    ) async {
        await store.receive(matcher, through: steps, named: name, timeout: timeout, update, at: location)
    }

    /// What this part received so far, unwrapped: what names a case in messages.
    private var received: [Any] { store.pendingActions.compactMap { unwrap($0) } }

    /// Waits for an action equal to `expected` that this path's part sent (or that was sent to it),
    /// and checks the state change. A received action for this part that differs fails at once,
    /// with the differing fields.
    ///
    /// - Parameters:
    ///   - expected: The action, as the part's reducer sees it (unwrapped).
    ///   - timeout: How long to wait; defaults to the test store's timeout.
    ///   - update: Applies the expected change to the test store's whole state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive<A: Action & Equatable>(
        _ expected: A,
        timeout: Duration? = nil,
        _ update: ((inout Root) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            .equal(expected, describe: store.describe), timeout, update,
            SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for an action of type `type` sent by (or to) this path's part, whatever its value, and
    /// checks the state change.
    ///
    /// - Parameters:
    ///   - type: The action's type, as the part's reducer sees it.
    ///   - timeout: How long to wait; defaults to the test store's timeout.
    ///   - update: Applies the expected change to the test store's whole state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive<A: Action>(
        _ type: A.Type,
        timeout: Duration? = nil,
        _ update: ((inout Root) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            .type(A.self), timeout, update,
            SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for an action sent by (or to) this path's part that `predicate` accepts — given the
    /// part's action, unwrapped — and checks the state change.
    ///
    /// ```swift
    /// await store.root.path[id: 0].receive("a saved draft", where: { ($0 as? DraftAction)?.isSaved == true })
    /// ```
    ///
    /// - Parameters:
    ///   - description: Names the expected action in failure messages.
    ///   - timeout: How long to wait; defaults to the test store's timeout.
    ///   - predicate: Whether the part's action is the one expected.
    ///   - update: Applies the expected change to the test store's whole state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive(
        _ description: String = "an action matching the predicate",
        timeout: Duration? = nil,
        where predicate: @escaping (any Action) -> Bool,
        _ update: ((inout Root) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            ReceiveMatcher(description, matches: predicate), timeout, update,
            SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for one case of an enum action, whatever its payload, sent by (or to) this path's
    /// part, and checks the state change. The case is recognised by its name (with `Mirror`), from
    /// its constructor — cases with one value, several (their tuple) or a nested case
    /// (`{ SearchAction.response(.success($0)) }`), payloads that are not `Equatable` — and a failure
    /// names the case expected.
    ///
    /// - Parameters:
    ///   - embed: The case, as its constructor (`SyncUpDetailAction.delegate`), or a closure building it.
    ///   - timeout: How long to wait; defaults to the test store's timeout.
    ///   - update: Applies the expected change to the test store's whole state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive<A: Action, each Value>(
        case embed: @escaping (repeat each Value) -> A,
        timeout: Duration? = nil,
        _ update: ((inout Root) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            .case(EnumCase.taking(embed), given: received), timeout, update,
            SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the case `embed` builds with the payload `payload`, sent by (or to) this path's
    /// part (see ``TestStore/receive(case:_:timeout:_:fileID:filePath:line:column:)``).
    ///
    /// - Parameters:
    ///   - embed: The case, as its constructor, or a closure building it.
    ///   - payload: The payload expected.
    ///   - timeout: How long to wait; defaults to the test store's timeout.
    ///   - update: Applies the expected change to the test store's whole state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive<A: Action, Payload: Equatable>(
        case embed: @escaping (Payload) -> A,
        _ payload: Payload,
        timeout: Duration? = nil,
        _ update: ((inout Root) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            .case(embed, payload: { $0 == payload }, named: "with payload \(payload)", given: received), timeout,
            update, SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the case `embed` builds with a payload `check` accepts, sent by (or to) this path's
    /// part (see ``TestStore/receive(case:where:timeout:_:fileID:filePath:line:column:)``).
    ///
    /// - Parameters:
    ///   - embed: The case, as its constructor, or a closure building it.
    ///   - check: Whether the payload is the one expected.
    ///   - timeout: How long to wait; defaults to the test store's timeout.
    ///   - update: Applies the expected change to the test store's whole state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive<A: Action, Payload>(
        case embed: @escaping (Payload) -> A,
        where check: @escaping (Payload) -> Bool,
        timeout: Duration? = nil,
        _ update: ((inout Root) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            .case(embed, payload: check, named: "whose payload passes the check", given: received), timeout,
            update, SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// An identified collection on a ``TestScope``'s path; `[id:]` reaches one element.
@MainActor
public struct TestElements<Root: Equatable, ID: Hashable & Sendable, Element> {
    let store: TestStore<Root>
    let resolve: @MainActor (ID) -> ScopedStore<Element>?
    let steps: [TestPathStep]
    let path: String
    let name: String

    /// The element with identifier `id` (as `scope(_:id:)`).
    ///
    /// - Parameter id: The element's identifier.
    public subscript(id id: ID) -> TestScope<Root, Element> {
        let resolve = resolve
        return TestScope(
            store: store, resolve: { resolve(id) },
            steps: steps + [.init(path: path, id: AnyHashable(id), rawID: id)], fromRoot: nil,
            name: "\(name)[id: \(id)]")
    }
}

extension TestElements where ID == StackElementID {
    /// Waits for what happened to this stack — a screen's action (`.element`), a pop (`.popFrom`, a
    /// screen's `Dismiss` included) or a push — of the case `embed` builds, whatever its payload, and
    /// checks the state change:
    ///
    /// ```swift
    /// await store.root.path.receive(case: StackAction.popFrom) { $0.path.removeAll() }
    /// ```
    ///
    /// - Parameters:
    ///   - embed: The case of `StackAction` (`StackAction.popFrom`, `StackAction.element`).
    ///   - timeout: How long to wait; defaults to the test store's timeout.
    ///   - update: Applies the expected change to the test store's whole state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive<Screen: Sendable, Payload>(
        case embed: @escaping (Payload) -> StackAction<Screen>,
        timeout: Duration? = nil,
        _ update: ((inout Root) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async where Element == StackElement<Screen> {
        let steps = steps
        let path = path
        await store.receive(
            "a \(StackAction<Screen>.self) of the case given at \(name)", timeout: timeout,
            where: { action in
                guard let current = TestPathStep.unwrap(action, through: steps) else { return false }
                if let stack = current as? StackAction<Screen> { return EnumCase.matches(stack, embed) }
                guard let element = current as? ElementAction, TestPathStep.samePlace(element.path, path),
                    let stack = StackAction<Screen>.of(element)
                else { return false }
                return EnumCase.matches(stack, embed)
            }, update, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
