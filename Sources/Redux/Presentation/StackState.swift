import CReduxAtomics

/// The identifier of one screen of a navigation stack: generated when the screen is pushed, never
/// reused by the store that made it — two screens of one type are told apart, and an action or a
/// task of a popped screen can never reach a later one.
///
/// A `TestStore` counts its screens from zero, as the Composable Architecture's test dependency
/// does: the first screen its reducers push is `0`, the next `1`, and a test writes them as
/// integer literals (`store.root.path[id: 0]`, `$0.path[id: 1]`). Other stores (and screens made
/// outside a store, such as a test's initial state) take identifiers unique in the process, which
/// never equal a counted one.
public struct StackElementID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    @usableFromInline let rawValue: UInt64

    /// Marks the identifiers a store counts (and integer literals), apart from the process's.
    @usableFromInline static let counted: UInt64 = 1 << 63

    @inlinable
    init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The identifier a test store gave its screen number `value` (`0` for the first screen pushed).
    ///
    /// - Parameter value: The screen's number in its test store, from zero.
    public init(integerLiteral value: UInt64) {
        rawValue = Self.counted | value
    }

    /// A new identifier: the next of the store reducing now when it counts its screens (a test
    /// store), else one unique in the process.
    @usableFromInline
    static func next() -> StackElementID {
        if MainActorCheck.isOnMainQueue, let counted = MainActor.assumeIsolated({ StackIDCounter.current?.take() }) {
            return StackElementID(integerLiteral: counted)
        }
        return StackElementID(rawValue: c_redux_next_stamp() & ~counted)
    }

    /// Orders the identifiers one store made by when they were made (a test store's numbers come
    /// after the process's).
    public static func < (lhs: StackElementID, rhs: StackElementID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `#12` (a test store's screens: `#0`, `#1`, …).
    public var description: String { "#\(rawValue & ~Self.counted)" }
}

/// One screen of a navigation stack: its generated identifier and its state (often an enum of the
/// screens the stack can show).
public struct StackElement<State>: Identifiable {
    /// The screen's identifier, generated when it was made.
    public let id: StackElementID
    /// The screen's state.
    public var state: State

    /// A screen with a new identifier.
    ///
    /// - Parameter state: The screen's state.
    @inlinable
    public init(_ state: State) {
        id = .next()
        self.state = state
    }
}

extension StackElement: Equatable where State: Equatable {
    /// Whether both screens have equal states. Identifiers are not compared here: recordings,
    /// replays, time travel and persisted stacks carry states, not identifiers. A `TestStore`, which
    /// numbers its screens, compares their identifiers on top.
    public static func == (lhs: StackElement, rhs: StackElement) -> Bool {
        lhs.state == rhs.state
    }
}

extension StackElement: Hashable where State: Hashable {
    /// Hashes the state (see ``==(_:_:)``).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(state)
    }
}
extension StackElement: Sendable where State: Sendable {}

extension StackElement: Codable where State: Codable {
    /// Encodes the state only: identifiers are not kept across launches.
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        try state.encode(to: encoder)
    }

    /// Decodes the state and gives the screen a new identifier, so a restored stack never reuses
    /// an identifier made in this process.
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        self.init(try State(from: decoder))
    }
}

extension StackElement: CustomReflectable {
    /// The state, for logs and test diffs (the generated identifier is left out, as equality leaves it out).
    public var customMirror: Mirror {
        Mirror(self, children: ["state": state], displayStyle: .struct)
    }
}

/// The path of a navigation stack: an ``IdentifiedArray`` of screens with generated identifiers.
/// Reduce its screens with ``Reducer/forEach(_:destination:)``, scope one with
/// ``StoreProtocol/scope(_:id:)-(_,ID)``, and push and pop
/// with ``IdentifiedArray/push(_:)`` and ``IdentifiedArray/pop(from:)``.
public typealias StackState<State> = IdentifiedArray<StackElementID, StackElement<State>>

extension IdentifiedArray where ID == StackElementID {
    /// Pushes a screen on the stack.
    ///
    /// - Parameter state: The screen's state.
    /// - Returns: The new screen's identifier.
    @inlinable
    @discardableResult
    public mutating func push<Screen>(_ state: Screen) -> StackElementID where Element == StackElement<Screen> {
        var element = StackElement(state)
        // A counted identifier already on this stack (a screen of a decoded or hand-made state)
        // is skipped: a stack never holds two screens with one identifier.
        while index(id: element.id) != nil { element = StackElement(element.state) }
        append(element)
        return element.id
    }

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
    public func forEach<Screen: Sendable>(
        _ keyPath: WritableKeyPath<State, StackState<Screen>> & Sendable, destination: Reducer<Screen>
    ) -> Reducer<State> {
        let elements = forEach(keyPath, element: destination.pullback(\StackElement<Screen>.state))
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
                run(&state, ElementAction(path: name, id: id, screenAction), &work)
            }
        })
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
package protocol StackScreen {
    /// The screen's identifier.
    var id: StackElementID { get }
    /// The screen's state.
    var screenState: Any { get }
}

extension StackElement: StackScreen {
    package var screenState: Any { state }
}
