/// One step from a store's state down to the element that owns work: a collection (or optional
/// child) and the element's identity in it. Work started on behalf of an element — commands its
/// reducer returned, an async action dispatched through its scope — is registered in ``Effects``
/// under the chain of steps from the store's state, so that removing the element (a dismissed sheet,
/// a popped screen, a deleted row) cancels what it and its descendants started, and nothing else.
///
/// Paths are compared by their last components (`list.todos` matches `todos`): a reducer knows the
/// path from the state it is pulled back to, a scope the path from the store's state.
@usableFromInline
package struct OwnerStep: Sendable, CustomStringConvertible {
    package let path: String
    package let id: (any Hashable & Sendable)?

    @usableFromInline
    package init(path: String, id: (any Hashable & Sendable)?) {
        self.path = path
        self.id = id
    }

    /// Whether both name the same collection (by their last components) and the same identity. A
    /// step without identity (a presented child's scope, which knows only its position) matches
    /// any identity at its path.
    func matches(_ other: OwnerStep) -> Bool {
        guard Self.samePath(path, other.path) else { return false }
        guard let id, let otherID = other.id else { return true }
        return AnyHashable(id) == AnyHashable(otherID)
    }

    /// Whether two paths name the same member, one possibly longer at its start.
    static func samePath(_ lhs: String, _ rhs: String) -> Bool {
        if lhs == rhs { return true }
        let (long, short) = lhs.count > rhs.count ? (lhs, rhs) : (rhs, lhs)
        return long.hasSuffix(short) && long.dropLast(short.count).hasSuffix(".")
    }

    @usableFromInline package var description: String {
        id.map { "\(path)[id: \($0)]" } ?? path
    }
}

/// Work an element's reducer returned, run on the element's behalf: registered under `step`, and
/// what it sends wrapped by `wrap` (so it reaches the element's reducer again).
@usableFromInline
package struct ScopedWork: Sendable {
    let step: OwnerStep
    let wrap: @Sendable (any Action) -> any Action
    let items: [any Sendable]

    @usableFromInline
    init(step: OwnerStep, wrap: @escaping @Sendable (any Action) -> any Action, items: [any Sendable]) {
        self.step = step
        self.wrap = wrap
        self.items = items
    }
}

/// Cancels the work of the element at `step` and of its descendants (a child dismissed or replaced).
@usableFromInline
package struct CancelElementWork: Sendable {
    let step: OwnerStep

    @usableFromInline
    init(step: OwnerStep) {
        self.step = step
    }
}

/// Cancels the work of the elements of the collection at `path` that are no longer in it (rows
/// removed, screens popped): `isPresent` answers for the collection as the reduction left it.
@usableFromInline
package struct CancelMissingElements: Sendable {
    let path: String
    let isPresent: @Sendable (AnyHashable) -> Bool

    @usableFromInline
    init(path: String, isPresent: @escaping @Sendable (AnyHashable) -> Bool) {
        self.path = path
        self.isPresent = isPresent
    }
}

/// Where work runs: the owner chain it is registered under, and how what it sends is wrapped.
package struct WorkContext: Sendable {
    /// The owner chain from the store's state; empty for the store's own work.
    package var owner: [OwnerStep] = []
    /// Wraps what the work sends (innermost element first); `nil` at the top.
    package var wrap: (@Sendable (any Action) -> any Action)?

    package init() {}

    /// The context one element further down.
    func entering(_ step: OwnerStep, wrap inner: @escaping @Sendable (any Action) -> any Action) -> WorkContext {
        var context = self
        context.owner.append(step)
        if let outer = wrap {
            context.wrap = { action in outer(inner(action)) }
        } else {
            context.wrap = inner
        }
        return context
    }
}
