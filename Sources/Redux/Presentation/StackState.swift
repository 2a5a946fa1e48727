import CReduxAtomics
import ReduxDiff

/// The identifier of one screen of a navigation stack: its number on that stack — `0` for the
/// first screen pushed, then `1`, `2`, … — kept in the stack's own state, so it is part of the
/// value. Recordings, replays, time travel, undo, persisted stacks and Redux DevTools files carry
/// it, and an action naming a screen's identifier (`StackAction.popFrom(id:)`, a screen's scope)
/// means the same screen in every run, in a live store and a `TestStore` alike. A stack never
/// gives a number twice, so an action or a task of a popped screen never reaches a later one.
///
/// Tests write identifiers as integer literals (`store.root.path[id: 0]`, `$0.path[id: 1]`). A
/// screen made outside a stack (``StackElement/init(_:)``) takes an identifier unique in the
/// process instead, which never equals a number.
public struct StackElementID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    @usableFromInline let rawValue: UInt64

    /// Marks numbered identifiers (a stack's, and integer literals), apart from the process's.
    @usableFromInline static let counted: UInt64 = 1 << 63

    @inlinable
    init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The identifier of the screen numbered `value` on its stack (`0` for the first screen pushed).
    ///
    /// - Parameter value: The screen's number, from zero.
    @inlinable
    public init(integerLiteral value: UInt64) {
        rawValue = Self.counted | value
    }

    /// The mark of a screen removed through ``StackElement/subscript(case:)`` (set to `nil`): no
    /// stack gives it, and the stack's `[id:]` removes the screen when it sees it written back.
    @usableFromInline static let removed = StackElementID(rawValue: UInt64.max)

    /// A new identifier unique in the process, for a screen made outside a stack.
    @usableFromInline
    static func next() -> StackElementID {
        StackElementID(rawValue: c_redux_next_stamp() & ~counted)
    }

    /// The screen's number on its stack; `nil` for an identifier made outside a stack.
    @inlinable
    package var number: UInt64? { rawValue & Self.counted != 0 ? rawValue & ~Self.counted : nil }

    /// Orders identifiers by when they were made on their stack (numbers after the process's).
    public static func < (lhs: StackElementID, rhs: StackElementID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `#12` (a stack's screens: `#0`, `#1`, …; one made outside a stack: `#p12`).
    public var description: String { number.map { "#\($0)" } ?? "#p\(rawValue)" }
}

extension StackElementID: CustomReflectable {
    /// No children: logs and test diffs show the identifier as its description (`#1`).
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension StackElementID: Codable {
    /// Writes the screen's number (`3`); an identifier made outside a stack as `"p12"`.
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let number {
            try container.encode(number)
        } else {
            try container.encode("p\(rawValue)")
        }
    }

    /// Reads a number, or `"p12"`; an identifier made outside a stack is then never made again in
    /// this process.
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(UInt64.self) {
            guard number < Self.counted else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "a screen number above 2^63: \(number)")
            }
            self.init(integerLiteral: number)
            return
        }
        let text = try container.decode(String.self)
        guard text.first == "p", let raw = UInt64(text.dropFirst()), raw < Self.counted else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a screen identifier (a number, or \"p\" and a number): \(text)")
        }
        c_redux_stamp_at_least(raw)
        self.init(rawValue: raw)
    }
}

/// One screen of a navigation stack: its identifier and its state (often an enum of the screens
/// the stack can show).
public struct StackElement<State>: Identifiable {
    /// The screen's identifier: its number on its stack (see ``StackElementID``).
    public package(set) var id: StackElementID
    /// The screen's state.
    public var state: State

    /// A screen made outside a stack, with an identifier unique in the process; a stack's own
    /// screens are made by ``IdentifiedArray/push(_:)`` and numbered by it.
    ///
    /// - Parameter state: The screen's state.
    public init(_ state: State) {
        self.init(id: .next(), state: state)
    }

    /// A screen with the identifier `id` — what a test writes for an expected screen
    /// (`$0.path[id: 1] = StackElement(id: 1, state: .detail(…))`).
    ///
    /// - Parameters:
    ///   - id: The screen's identifier.
    ///   - state: The screen's state.
    public init(id: StackElementID, state: State) {
        self.id = id
        self.state = state
    }
}

extension StackElement: Equatable where State: Equatable {
    /// Whether both screens have the same identifier and equal states: a screen replaced by an
    /// equal one is a change.
    public static func == (lhs: StackElement, rhs: StackElement) -> Bool {
        lhs.id == rhs.id && lhs.state == rhs.state
    }
}

extension StackElement: Hashable where State: Hashable {
    /// Hashes the identifier and the state.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(state)
    }
}
extension StackElement: Sendable where State: Sendable {}

extension StackElement: Codable where State: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, state
    }

    /// Encodes `{"id": 0, "state": …}`.
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(state, forKey: .state)
    }

    /// Decodes `{"id": 0, "state": …}`.
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(StackElementID.self, forKey: .id),
            state: try container.decode(State.self, forKey: .state))
    }
}

/// A stack screen decoded from a file written before identifiers were state (its state alone).
package protocol LegacyStackScreen {
    /// The screen, from its state alone, with an identifier unique in the process.
    init(legacyFrom decoder: any Decoder) throws
}

extension StackElement: LegacyStackScreen where State: Decodable {
    package init(legacyFrom decoder: any Decoder) throws {
        self.init(try State(from: decoder))
    }
}

extension StackElement: CustomReflectable {
    /// The identifier and the state, for logs and test diffs.
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id, "state": state], displayStyle: .struct)
    }
}

/// The path of a navigation stack: an ``IdentifiedArray`` of screens with generated identifiers.
/// Reduce its screens with ``Reducer/forEach(_:destination:)``, scope one with
/// ``StoreProtocol/scope(_:id:)-(_,ID)``, and push and pop
/// with ``IdentifiedArray/push(_:)`` and ``IdentifiedArray/pop(from:)``.
public typealias StackState<State> = IdentifiedArray<StackElementID, StackElement<State>>

extension IdentifiedArray where ID == StackElementID {
    /// Pushes a screen on the stack, numbered by the stack: the number after the last one it gave
    /// (kept in the stack's state, copied, recorded and encoded with it), so the same pushes give
    /// the same identifiers in every run. A number already on the stack is skipped: a stack never
    /// holds two screens with one identifier, and never gives a popped screen's number again.
    ///
    /// - Parameter state: The screen's state.
    /// - Returns: The new screen's identifier.
    ///
    /// The number is drawn as the values a reducer's generators make are (an identifier, a date): a
    /// recorder keeps it with the step, and a replay or time travel hands it back — so skipping an
    /// earlier push leaves the screens pushed after it their numbers, and what was sent to them
    /// still reaches them (issue 65; a store given dependencies, whose reductions are taped).
    @inlinable
    @discardableResult
    public mutating func push<Screen>(_ state: Screen) -> StackElementID where Element == StackElement<Screen> {
        var number = nextScreenNumber
        while index(id: StackElementID(integerLiteral: number)) != nil { number += 1 }
        var id = Self.drawScreenID(proposed: StackElementID(integerLiteral: number))
        if id.number == nil || (id != StackElementID(integerLiteral: number) && index(id: id) != nil) {
            id = StackElementID(integerLiteral: number)  // a recorded number this stack cannot take
        }
        nextScreenNumber = Swift.max(nextScreenNumber, (id.number ?? number) + 1)
        append(StackElement(id: id, state: state))
        return id
    }

    /// `proposed`, or the number a recording kept for this push while a replay or time travel runs
    /// the reducer again; kept on the tape while a recorder records.
    @usableFromInline
    static func drawScreenID(proposed: StackElementID) -> StackElementID {
        ReducerDependencies.generated { proposed }
    }

    /// A stack of `screens`, numbered `0`, `1`, … from the bottom, as if each had been pushed.
    ///
    /// - Parameter screens: The screens' states, bottom first.
    public init<Screen>(screens: some Sequence<Screen>) where Element == StackElement<Screen> {
        self.init()
        for screen in screens { push(screen) }
    }

    /// The number the next pushed screen gets (one after the last given; `0` on a new stack).
    public var nextScreenID: StackElementID { StackElementID(integerLiteral: nextScreenNumber) }

    /// Pops the screen with identifier `id` and every screen above it; does nothing when no screen
    /// has that identifier.
    ///
    /// - Parameter id: The lowest screen to pop.
    @inlinable
    public mutating func pop(from id: StackElementID) {
        guard let index = index(id: id) else { return }
        remove(atOffsets: index..<count)
    }

    /// Pops every screen above the one with identifier `id`; does nothing when no screen has that
    /// identifier.
    ///
    /// - Parameter id: The screen to show.
    @inlinable
    public mutating func pop(to id: StackElementID) {
        guard let index = index(id: id) else { return }
        remove(atOffsets: (index + 1)..<count)
    }

    /// Pops the top screen.
    ///
    /// - Returns: The popped screen, or `nil` when the stack is empty.
    @inlinable
    @discardableResult
    public mutating func popLast() -> Element? {
        isEmpty ? nil : remove(at: count - 1)
    }
}

extension Reducer {
    /// Runs `destination` on the screen of the navigation stack at `keyPath` that an
    /// ``ElementAction`` is for, then this reducer — ``forEach(_:element:)`` for a ``StackState``.
    /// A screen that sends ``Dismiss`` is popped with every screen above it; popping a screen by
    /// any reducer cancels the work it (and the screens above it) started.
    ///
    /// - Parameters:
    ///   - keyPath: The stack's path.
    ///   - destination: The reducer of one screen's state.
    /// - Returns: The combined reducer.
    @inlinable
    public func forEach<Screen: Sendable>(
        _ keyPath: WritableKeyPath<State, StackState<Screen>> & Sendable, destination: Reducer<Screen>
    ) -> Reducer<State> {
        // Inlined into the app's module: the screen's lookup and in-place update are compiled there
        // for its types (see ``ElementAccess``).
        forEach(keyPath, destination: destination, access: ElementAccess(keyPath))
    }

    /// ``forEach(_:destination:)`` reaching the screens through `access`; inlinable, so that its
    /// reducer is compiled for the app's types (see ``forEach(_:element:access:memo:)``).
    @inlinable
    func forEach<Screen: Sendable>(
        _ keyPath: WritableKeyPath<State, StackState<Screen>> & Sendable, destination: Reducer<Screen>,
        access: ElementAccess<State, StackElementID, StackElement<Screen>>
    ) -> Reducer<State> {
        // The memo of the screens' cases is forgotten when screens go.
        let elements = forEach(
            keyPath, element: destination.pullback(\StackElement<Screen>.state), access: access,
            memo: CaseMemos.memo(for: Screen.self))
        let name = ElementAction.path(of: keyPath)
        let run = elements.bodyCollectingWork
        return Reducer(work: { state, action, work in
            guard let stack = ActionCast.cast(action, to: StackAction<Screen>.self) else {
                return run(&state, action, &work)
            }
            switch stack {
            case .push(let screen):
                // Pushed first: the parent sees the action with the new screen on the stack.
                state[keyPath: keyPath].push(screen)
                run(&state, action, &work)
            case .popFrom(let id):
                // A pop is the screen's dismissal: it goes with the screens above it, their work ends,
                // and the parent sees it with the screen's last state.
                run(&state, ElementAction(path: name, id: id, Dismiss()), &work)
            case .element(let id, let screenAction):
                let routed = Self.routedToCase(screenAction, of: state[keyPath: keyPath][id: id]?.state)
                run(&state, ElementAction(path: name, id: id, routed), &work)
            }
        })
    }
}

extension Reducer {
    /// A screen's own action as the case the screen shows receives it: an enum screen's reducers
    /// (``Reducer/ifLet(case:then:)-2mm1x``) take actions addressed to their case, as
    /// `scope(case:)` sends them, so `StackAction.element(id:action:)` dispatched to the store is
    /// routed the same way. An action already addressed to a case, or for a screen that is not an
    /// enum (or not there), goes as it is.
    @usableFromInline
    static func routedToCase<Screen>(_ action: any Action, of screen: Screen?) -> any Action {
        if let scoped = ElementAction.unwrap(action), scoped.id == nil, ElementAction.namesCase(scoped.path) {
            return action
        }
        guard let screen, let name = ValueDiff.caseName(of: screen) else { return action }
        return ElementAction(path: ElementAction.caseRoute(name), id: nil, action)
    }
}

/// What happens to a navigation stack, as a parent matches it with one `case`, and as a view sends
/// it: push a screen, pop from one, or one screen's action.
///
/// A view pushes with `store.dispatch(StackAction<Screen>.push(.detail(…)))` and pops (the back
/// button, a swipe) with `StackAction<Screen>.popFrom(id:)`; ``Reducer/forEach(_:destination:)``
/// applies both. A parent reads what happened to its stack with ``of(_:at:)``:
///
/// ```swift
/// switch StackAction.of(action, at: \AppState.path) {
/// case .element(let id, let detail as DetailAction)?: …     // a screen's own action
/// case .popFrom(let id)?: …                                 // the screen left (back button or Dismiss)
/// case .push?, .element?, nil: break
/// }
/// ```
///
/// One stack per screen type in a store: a `push` reaches every `forEach(_:destination:)` of that
/// screen type.
public enum StackAction<Screen: Sendable>: Action {
    /// An action of the screen `id`, as its reducer received it (unwrapped from the enum case it is
    /// for); a presented child of the screen keeps its own ``ElementAction``.
    case element(id: StackElementID, action: any Action)
    /// Pops the screen `id` and every screen above it: the back button, a swipe, or the screen's
    /// own `Dismiss`.
    case popFrom(id: StackElementID)
    /// Pushes a screen on top of the stack.
    case push(Screen)

    /// What `action` does to the stack at `keyPath`: the action itself when it is a
    /// `StackAction<Screen>`, an ``ElementAction`` for one of its screens seen as `.element` (or as
    /// `.popFrom` when it is the screen's `Dismiss`); `nil` for any other action.
    ///
    /// - Parameters:
    ///   - action: The action the parent's reducer received.
    ///   - keyPath: The stack, from the parent's state.
    /// - Returns: What happened to the stack, or `nil`.
    public static func of<Root>(_ action: any Action, at keyPath: KeyPath<Root, StackState<Screen>>) -> StackAction? {
        if let stack = ActionCast.cast(action, to: StackAction.self) { return stack }
        // The stack's name (a key path's description, parsed) only for an action of a stack screen.
        guard let element = action as? ElementAction, element.id is StackElementID,
            element.isFor(ElementAction.path(of: keyPath))
        else { return nil }
        return of(element)
    }

    /// What the screen of the case `embed` builds sent — its identifier, its state and its action
    /// as an `A` — when `action` is that screen's own action; `nil` for any other action, for a
    /// screen of another case, or for a screen no longer on `stack`. The parent's one line for
    /// "the detail screen at this id sent delegate.delete":
    ///
    /// ```swift
    /// if case let (id, _, .delegate(.deleteSyncUp))? = StackAction.sent(
    ///     action, by: Path.detail, in: state.path, at: \AppState.path, as: SyncUpDetailAction.self)
    /// { state.path.pop(from: id) }
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action the parent's reducer received.
    ///   - embed: The screen's case (`Path.detail`).
    ///   - stack: The stack, from the parent's state (after the screen's reducer ran).
    ///   - keyPath: The stack's key path, from the parent's state.
    ///   - type: The screen's action type.
    /// - Returns: The screen's identifier, its state and its action, or `nil`.
    public static func sent<Root, Payload, A: Action>(
        _ action: any Action, by embed: @escaping @Sendable (Payload) -> Screen, in stack: StackState<Screen>,
        at keyPath: KeyPath<Root, StackState<Screen>>, as type: A.Type
    ) -> (id: StackElementID, state: Payload, action: A)? {
        guard case .element(let id, let inner)? = of(action, at: keyPath), let sent = inner as? A,
            let screen = stack[id: id]?.state, let (payload, name) = CaseReader(embed).extract(from: screen)
        else { return nil }
        // The action was sent to that case (when it names one): not to another case the screen
        // showed before.
        if let routed = (action as? ElementAction)?.action as? ElementAction, routed.id == nil,
            routed.namesConstructorCase,
            routed.path != ElementAction.caseRoute(name)
        {
            return nil
        }
        return (id, payload, sent)
    }

    /// `element` — an action for one of a stack's screens — seen as `.element` or `.popFrom`;
    /// `nil` when its identifier is not a screen's.
    package static func of(_ element: ElementAction) -> StackAction? {
        guard let id = element.id as? StackElementID else { return nil }
        var inner = element.action
        // The enum case the action was sent to (`(DetailFeature.State)`) is routing, not the screen's action.
        while let wrapped = inner as? ElementAction, wrapped.id == nil, ElementAction.namesCase(wrapped.path) {
            inner = wrapped.action
        }
        return inner is Dismiss ? .popFrom(id: id) : .element(id: id, action: inner)
    }
}

extension StackAction: Equatable where Screen: Equatable {
    /// Whether both do the same to the stack: the same push, the same pop, or equal actions of the
    /// same screen (actions that are not `Equatable` are never equal).
    public static func == (lhs: StackAction, rhs: StackAction) -> Bool {
        switch (lhs, rhs) {
        case (.push(let l), .push(let r)): l == r
        case (.popFrom(let l), .popFrom(let r)): l == r
        case (.element(let lid, let l), .element(let rid, let r)): lid == rid && actionsEqual(l, r)
        default: false
        }
    }
}

/// Marks ``StackElement``: ``Reducer/forEach(_:element:)`` pops a dismissed stack screen with
/// every screen above it, where it removes only the row of another collection; a `TestStore`
/// finds the screens of a state through it to compare their identifiers.
@usableFromInline
package protocol StackScreen {
    /// The screen's identifier (``StackElementID/removed`` once removed through `[case:]`).
    var id: StackElementID { get }
    /// The screen's state.
    var screenState: Any { get }
}

extension StackElement: StackScreen {
    @usableFromInline package var screenState: Any { state }
}
