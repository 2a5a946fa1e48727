import CReduxAtomics

/// The identifier of one screen of a navigation stack: generated when the screen is pushed, never
/// reused in the process — two screens of one type are told apart, and an action or a task of a
/// popped screen can never reach a later one.
public struct StackElementID: Hashable, Comparable, Sendable, CustomStringConvertible {
    @usableFromInline let rawValue: UInt64

    @inlinable
    init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// A new identifier.
    @inlinable
    static func next() -> StackElementID {
        StackElementID(rawValue: c_redux_next_stamp())
    }

    /// Orders identifiers by when they were made.
    public static func < (lhs: StackElementID, rhs: StackElementID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `#12`.
    public var description: String { "#\(rawValue)" }
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
    /// Whether both screens have equal states. Generated identifiers are not compared, so a test's
    /// expectation can push a screen as the reducer did (`$0.path.push(.detail(…))`) and compare.
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
        let element = StackElement(state)
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
        forEach(keyPath, element: destination.pullback(\StackElement<Screen>.state))
    }
}

/// Marks ``StackElement``: ``Reducer/forEach(_:element:)`` pops a dismissed stack screen with
/// every screen above it, where it removes only the row of another collection.
protocol StackScreen {}
extension StackElement: StackScreen {}
