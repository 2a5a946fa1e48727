/// Reducer work that says how long the work of an element lives: while `isLive` finds the element
/// in the state, with the identity it had when its work started. `forEach` and `ifLet` return one
/// with the work of an element; each combinator that nests a reducer lifts it to its own state
/// (``ReducerWork/liftProbes(from:_:)``), and the store keeps it while the element has work. After
/// every reduction the store asks each kept probe: an element that left the state — removed or
/// replaced by any reducer, before or after the `forEach`/`ifLet` in a `combine` — has its work
/// cancelled then. (The `forEach`/`ifLet` itself cancels at once what its own run removes.)
@usableFromInline
package struct LivenessProbe<State>: Sendable {
    /// The owner of the work, from this state down to the element.
    @usableFromInline package let chain: [OwnerStep]
    /// Whether the element is still in `state`, with the identity its work started with.
    @usableFromInline package let isLive: @Sendable (inout State) -> Bool

    @usableFromInline
    package init(chain: [OwnerStep], isLive: @escaping @Sendable (inout State) -> Bool) {
        self.chain = chain
        self.isLive = isLive
    }

    /// This probe seen from a state one level up: `step` (if any) goes first in the chain, and
    /// `reach` finds this probe's state in the parent's and asks it (`false` when it is gone).
    @usableFromInline
    package func lifted<Parent>(
        through step: OwnerStep?,
        _ reach: @escaping @Sendable (inout Parent, (inout State) -> Bool) -> Bool
    ) -> LivenessProbe<Parent> {
        let isLive = isLive
        return LivenessProbe<Parent>(chain: step.map { [$0] + chain } ?? chain) { parent in
            reach(&parent) { isLive(&$0) }
        }
    }
}

extension ReducerWork {
    /// Lifts the probes that a reducer of `Child` appended from position `start` on to the state
    /// that holds it, in place; other items stay as they are. Cheap when nothing was appended.
    @usableFromInline
    package mutating func liftProbes<Child, Parent>(
        from start: Int, _ lift: (LivenessProbe<Child>) -> LivenessProbe<Parent>
    ) {
        guard items.count > start else { return }
        for index in start..<items.count {
            if let probe = items[index] as? LivenessProbe<Child> {
                items[index] = lift(probe)
            }
        }
    }

    /// Splits off the probes of `State` among the items: returned, and removed from the list.
    /// Inlinable, and at once for an empty list (most reductions return no work): run unspecialised,
    /// the generic array of probes asked the runtime for its metadata (~700 instructions a call).
    @inlinable
    package mutating func takeProbes<State>(of _: State.Type) -> [LivenessProbe<State>] {
        if items.isEmpty { return [] }
        var probes: [LivenessProbe<State>] = []
        items.removeAll { item in
            guard let probe = item as? LivenessProbe<State> else { return false }
            probes.append(probe)
            return true
        }
        return probes
    }
}

extension OwnerStep {
    /// Whether two chains name the same owner, step by step.
    static func sameChain(_ lhs: [OwnerStep], _ rhs: [OwnerStep]) -> Bool {
        lhs.count == rhs.count
            && zip(lhs, rhs).allSatisfy { l, r in
                OwnerStep.samePath(l.path, r.path) && l.id.map { AnyHashable($0) } == r.id.map { AnyHashable($0) }
            }
    }
}

/// Seeds a store's work list while elements' work runs, so that the reduction after takes the work
/// path and the store asks its ``LivenessProbe``s: never delivered.
@usableFromInline
struct LivenessCheck: Sendable {
    @usableFromInline init() {}
}

/// The liveness of work an element's scope started (an async action, a thunk): asked by the store
/// after each reduction, on the main actor, with the state's address.
@MainActor
@usableFromInline
final class ScopeLiveness<State> {
    let chain: [OwnerStep]
    let isLive: @MainActor (UnsafePointer<State>) -> Bool
    /// Not asked yet: the work registered for has not started.
    var isFresh = true

    init(chain: [OwnerStep], isLive: @escaping @MainActor (UnsafePointer<State>) -> Bool) {
        self.chain = chain
        self.isLive = isLive
    }
}
