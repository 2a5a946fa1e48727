import Redux

/// One element on a ``TestScope``'s way: how the `ElementAction` wrapping an action for it is
/// addressed.
struct TestPathStep {
    private var fixedPath: String
    /// For an enum's case reached by its constructor: its name, read from the state once known.
    private var caseRoute: CaseRoute?
    var id: AnyHashable?
    var rawID: (any Hashable & Sendable)?

    init(path: String, id: AnyHashable?, rawID: (any Hashable & Sendable)?) {
        fixedPath = path
        self.id = id
        self.rawID = rawID
    }

    /// The step of an enum's case, whose name (`.detail`) `route` tells once the case is shown.
    init(caseRoute route: CaseRoute) {
        fixedPath = ""
        caseRoute = route
    }

    /// How the element's actions are addressed.
    @MainActor var path: String { caseRoute?.route ?? fixedPath }

    /// The action inside `action` for the part at the end of `steps`: `action` unwrapped from one
    /// `ElementAction` per step (matching each by its path and identifier); `nil` when it is for
    /// another part. A presented child's step has no identifier (its scope sends none), and matches
    /// what the child's work sent back, which carries the child's identity (its `id`, or its case).
    @MainActor
    static func unwrap(_ action: any Action, through steps: [TestPathStep]) -> (any Action)? {
        var current = action
        for step in steps {
            guard let element = current as? ElementAction, step.id == nil || element.hashableID == step.id,
                samePlace(element.path, step.path)
            else { return nil }
            current = element.action
        }
        return current
    }

    /// Whether two element paths name the same member: equal, or one ending with the other at a
    /// dot (a scope names a member from the store's state, `list.todos`; the reducer's work from
    /// its own state, `todos`).
    static func samePlace(_ lhs: String, _ rhs: String) -> Bool {
        func endsWith(_ long: String, _ short: String) -> Bool {
            long == short || (long.hasSuffix(short) && long.dropLast(short.count).hasSuffix("."))
        }
        return endsWith(lhs, rhs) || endsWith(rhs, lhs)
    }
}

/// The name of an enum's case on a test path (`.detail`): read from the state the first time the
/// case is shown — when the path is made, or later (a path made before the screen was pushed) —
/// and kept, so that what the case sent is still recognised after it closed.
@MainActor
final class CaseRoute {
    private var learned: String?
    private let learn: @MainActor () -> String?
    private let placeholder: String

    init(placeholder: String, learn: @escaping @MainActor () -> String?) {
        self.learn = learn
        self.placeholder = placeholder
        learned = learn()
    }

    var route: String {
        if let learned { return learned }
        learned = learn()
        return learned ?? placeholder
    }
}
