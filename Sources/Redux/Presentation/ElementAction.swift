import ReduxDiff

/// An action sent through the scope of one element of the state — a list row, a stack element, a
/// presented child — on its way to that element's reducer.
///
/// A row scope (``StoreProtocol/scope(_:id:)-(_,ID)``) and a
/// child scope (``StoreProtocol/scope(ifPresent:)``) wrap what they dispatch in one of these, so the
/// element's reducer — run by ``Reducer/forEach(_:element:)`` or ``Reducer/ifLet(_:then:)-6g2hb`` — receives the
/// action with no identifier written by hand, as in the Composable Architecture's
/// `IdentifiedAction`. Logs show it as `todos[id: 3]: Toggle()`; `TestStore` receives it by
/// equality when the wrapped action is `Equatable`:
///
/// ```swift
/// await store.receive(ElementAction(path: "todos", id: 3, Toggle()))
/// ```
///
/// Actions that a middleware handles (async actions, thunks) are not wrapped: their middleware
/// would not recognise them, so a scope dispatches them as they are, and the work they start
/// belongs to the element (it is cancelled with it).
public struct ElementAction: Action, Equatable, CustomStringConvertible {
    /// The collection's (or the child's) path from the state its reducer is pulled back to:
    /// `todos`, `destination`; a scope of a nested part gives the whole path (`list.todos`), which
    /// the reducer matches by its last components.
    @inlinable public var path: String { storage.address.path }
    /// The element's identifier; `nil` for a presented child (it has one position).
    @inlinable public var id: (any Hashable & Sendable)? { storage.address.id }
    /// The action for the element.
    @inlinable public var action: any Action { storage.action }
    /// Whether ``path`` names an enum's case by its constructor (`.detail`), told when the address
    /// was made.
    @inlinable package var namesConstructorCase: Bool { storage.address.namesCase }

    /// The three values, held by one immutable object: a copy of the action is a retain. Held
    /// inline, a copy was the copy of a string and two existentials through their value
    /// witnesses (~100 instructions, and an `ifLet` or a `forEach` copies the action it routes
    /// several times), and the action was too large for an `any Action`'s inline buffer, so
    /// wrapping it allocated a box anyway. Measured alone: `navigation, enum destination shown, an
    /// action of the case` 25,374 → 23,445 instructions, `navigation, stack of 1 enum screens, an
    /// action of the top screen` 20,365 → 17,707.
    @usableFromInline let storage: Storage

    /// The values of an ``ElementAction``; immutable, so shared by its copies.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let address: Address
        @usableFromInline let action: any Action

        @usableFromInline
        init(address: Address, action: any Action) {
            self.address = address
            self.action = action
        }
    }

    /// Where an element action goes — its path and identifier — in one immutable object, which a
    /// scope makes once and shares with every action it sends: wrapping an action then retains it,
    /// where copying the path and the boxed identifier into each action (and destroying them with
    /// it) went through their value witnesses (measured: `scope, a row of 1000, an action sent
    /// through the row` 2,059 → 1,873, `navigation, enum destination shown, an action of the case`
    /// 13,673 → 13,407).
    @usableFromInline
    final class Address: Sendable {
        @usableFromInline let path: String
        @usableFromInline let id: (any Hashable & Sendable)?
        /// Whether `path` names an enum's case by its constructor (``namesConstructorCase(_:)``),
        /// told once here: each case's `ifLet` asks it of every action addressed to an enum, and
        /// reading the path's first byte each time cost ~30 instructions (`String.UTF8View`'s
        /// `first`, not specialised): `navigation, enum destination shown, the case's action sent to
        /// the store` 7,688 → 7,624. A scope makes its address once.
        @usableFromInline let namesCase: Bool

        @usableFromInline
        init(path: String, id: (any Hashable & Sendable)?) {
            self.path = path
            self.id = id
            namesCase = ElementAction.namesConstructorCase(path)
        }
    }

    /// Wraps an action for the element with identifier `id` of the collection at `path`.
    ///
    /// - Parameters:
    ///   - path: The collection's path (`todos`).
    ///   - id: The element's identifier, or `nil` for a presented child.
    ///   - action: The action for the element.
    public init(path: String, id: (any Hashable & Sendable)?, _ action: any Action) {
        storage = Storage(address: Address(path: path, id: id), action: action)
    }

    /// Wraps an action for the element at `address` (a scope's, made once).
    @usableFromInline
    init(address: Address, _ action: any Action) {
        storage = Storage(address: address, action: action)
    }

    /// `action` when it is an ``ElementAction``: the dynamic type is compared (``ActionCast``), so
    /// that an action of another type (nearly every action a reducer meets) costs a comparison, not
    /// the runtime's cast (~650 instructions for a miss, bridging and conformance checks included),
    /// and one that is costs no cast either (~390 instructions a hit, twice per `ifLet` it crosses).
    @inlinable
    package static func unwrap(_ action: any Action) -> ElementAction? {
        ActionCast.cast(action, to: ElementAction.self)
    }

    /// Whether `action` is an `ElementAction`, told without copying it (``ActionCast``; `type(of:)`
    /// asks the runtime, ~50 instructions on every action an `ifLet` meets).
    @inlinable
    package static func isElementAction(_ action: any Action) -> Bool {
        ActionCast.isExactly(action, ElementAction.self)
    }

    /// Whether the wrapped action is a ``Dismiss``: its type compared (`Dismiss` is a struct, so
    /// this is `is Dismiss`), not the runtime's cast on every action a child receives — the type
    /// read from the opened existential (``ActionCast``): `type(of:)` asked the runtime (~50
    /// instructions on every action a row or a child receives).
    @inlinable
    package var isDismiss: Bool { ActionCast.isExactly(action, Dismiss.self) }

    /// Wraps an action for the element with identifier `id` of the collection (or optional child)
    /// at `keyPath` — the form to use in tests, which names the member as the reducer does, also
    /// when it is a computed property (an enum destination's case).
    ///
    /// ```swift
    /// await store.receive(ElementAction(\AppState.todos, id: 3, Toggle()))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The collection or optional child, from the state its reducer is pulled back to.
    ///   - id: The element's identifier, or `nil` for a presented child.
    ///   - action: The action for the element.
    public init(_ keyPath: AnyKeyPath, id: (any Hashable & Sendable)?, _ action: any Action) {
        self.init(path: Self.path(of: keyPath), id: id, action)
    }

    /// The path naming `keyPath` in element actions: `todos`, `settings.todos`. A computed
    /// property — an enum destination's case — has no name at run time, and its accessor's address
    /// differs between the module that declares it and one that forms the key path (a test, in a
    /// release build), so it is named by its value's type, qualified by the types it is nested in:
    /// `(EditorState)`, `(SyncUpDetail.State)` — so that two features' `State`s are two names (they
    /// were one, `(State)`, and an action for one screen reached the other). Two cases of one type are
    /// told apart by which one is present (``Reducer/ifLet(_:then:)-6g2hb``).
    @usableFromInline
    package static func path(of keyPath: AnyKeyPath) -> String {
        var text = "\(keyPath)"
        if text.hasPrefix("\\"), let dot = text.firstIndex(of: ".") {
            text = String(text[text.index(after: dot)...])
        }
        var computed: [(range: Range<String.Index>, type: Range<String.Index>)] = []
        var searchFrom = text.startIndex
        while let start = text[searchFrom...].firstRange(of: "<computed ") {
            guard let open = text[start.upperBound...].firstIndex(of: "("),
                let end = text[open...].firstRange(of: ")>")
            else { break }
            computed.append((start.lowerBound..<end.upperBound, text.index(after: open)..<end.lowerBound))
            searchFrom = end.upperBound
        }
        for (index, (range, typeText)) in computed.enumerated().reversed() {
            let isLast = index == computed.count - 1 && text[range.upperBound...].allSatisfy { "?!".contains($0) }
            let name: String
            if isLast {
                // The last component's type is the key path's value type: named in full.
                name = qualifiedName(of: type(of: keyPath).valueType)
            } else {
                var type = text[typeText]
                if type.hasPrefix("Optional<"), type.hasSuffix(">") {
                    type = type.dropFirst("Optional<".count).dropLast()
                }
                name = String(type)
            }
            text.replaceSubrange(range, with: "(\(name))")
        }
        return text
    }

    /// `type`'s name with the types it is nested in, without its module (`SyncUpDetail.State`);
    /// an optional's wrapped type's. A type declared inside a function has no such name: its own.
    static func qualifiedName(of type: Any.Type) -> String {
        let unwrapped = (type as? any OptionalType.Type)?.wrappedType ?? type
        let full = String(reflecting: unwrapped)
        guard !full.contains("(unknown context"), !full.contains("<"), let dot = full.firstIndex(of: ".") else {
            return String(describing: unwrapped)
        }
        return String(full[full.index(after: dot)...])
    }

    /// Whether both address the same element with equal actions (actions that are not `Equatable`
    /// are never equal).
    public static func == (lhs: ElementAction, rhs: ElementAction) -> Bool {
        lhs.path == rhs.path && lhs.hashableID == rhs.hashableID && actionsEqual(lhs.action, rhs.action)
    }

    /// `todos[id: 3]: Toggle()`, or `destination: Save()` for a presented child; nested elements
    /// each name theirs: `path[id: #1]: (DetailState): destination: Save()`.
    public var description: String {
        let target = id.map { "\(path)[id: \($0)]" } ?? path
        // The action whole, as a test's failure shows any action (4,000 characters); a log cuts the
        // line itself.
        return "\(target): \((action as? ElementAction)?.description ?? ValueDiff.describe(action, maxLength: 4_000))"
    }

    /// The action the presented child at `keyPath` sent through its scope — unwrapped from the enum
    /// case it was sent to, when the child is an enum destination — or `nil` for any other action.
    /// What a parent matches with one `if case`, after the child's reducer ran:
    ///
    /// ```swift
    /// if ElementAction.presented(action, at: \InboxState.destination) is Save { … }   // a sheet saved
    /// ```
    ///
    /// A child's ``Dismiss`` is returned as it is. For a navigation stack's screens see
    /// ``StackAction/of(_:at:)``.
    ///
    /// - Parameters:
    ///   - action: The action the parent's reducer received.
    ///   - keyPath: The optional child, from the parent's state.
    /// - Returns: The child's action, or `nil`.
    public static func presented<Root, Child>(_ action: any Action, at keyPath: KeyPath<Root, Child?>) -> (any Action)?
    {
        guard let element = action as? ElementAction,
            element.isFor(path(of: keyPath))
        else { return nil }
        var inner = element.action
        // The enum case the action was sent to (`.editor`, `(EditorState)`) is routing, not the child's action.
        while let wrapped = inner as? ElementAction, wrapped.id == nil, namesCase(wrapped.path) {
            inner = wrapped.action
        }
        return inner
    }

    package var hashableID: AnyHashable? { id.map { AnyHashable($0) } }

    /// Whether the action is for the collection or child at `name` (a path from the reducer's
    /// state): the same path, or a path that ends with it (`list.todos` ends with `todos`).
    @usableFromInline
    package func isFor(_ name: String) -> Bool {
        path == name || (path.hasSuffix(name) && path.dropLast(name.count).hasSuffix("."))
    }
}

/// Whether two actions are equal: both `Equatable`, of the same type, and `==`.
package func actionsEqual(_ lhs: any Action, _ rhs: any Action) -> Bool {
    guard type(of: lhs) == type(of: rhs), let lhs = lhs as? any Equatable else { return false }
    func equal<T: Equatable>(_ lhs: T) -> Bool { (rhs as? T).map { lhs == $0 } ?? false }
    return equal(lhs)
}

/// Reaches the wrapped type of an `Optional` metatype.
protocol OptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
    static var wrappedType: Any.Type { Wrapped.self }
}
