import Redux

/// One element on a ``TestScope``'s way: how the `ElementAction` wrapping an action for it is
/// addressed.
struct TestPathStep {
    var path: String
    var id: AnyHashable?
    var rawID: (any Hashable & Sendable)?

    /// The action inside `action` for the part at the end of `steps`: `action` unwrapped from one
    /// `ElementAction` per step (matching each by its path and identifier); `nil` when it is for
    /// another part. A presented child's step has no identifier (its scope sends none), and matches
    /// what the child's work sent back, which carries the child's identity (its `id`, or its case).
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
