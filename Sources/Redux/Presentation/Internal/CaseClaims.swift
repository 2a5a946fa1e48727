// What an element's reducer tells the level above: an action for an enum's case taken or missed,
// and a dismissal it could not make itself (split from Reducer+Elements.swift, issue 66).

/// Returned by the `ifLet` of an enum's case for an action addressed to that case: taken (the case
/// is present) or missed (another case is). The level above — the `forEach` or `ifLet` that ran the
/// enum's reducer, or the store — settles them: an action no case took gets a diagnostic naming it
/// and the case it was meant for (an action for a detail screen reaching an edit screen).
///
/// A claim holds no copy of the action: every claim on one reduction is for the action the level
/// that settles them handed the enum's reducer, so the diagnostic reads it there
/// (``ReducerWork/settleCaseClaims(of:)``). With the action in each missed claim — the other
/// case's `ifLet` misses every action of the case shown — the claims were copied and destroyed
/// through the value witnesses of an `ElementAction`'s existentials: `navigation, enum
/// destination shown, the case's action sent to the store` 9,272 → 8,844 instructions,
/// `navigation, stack of 1 enum screens, an action of the top screen` 9,307 → 8,882 (held by
/// `.ci/perf-guard`).
@usableFromInline
struct CaseClaim: Sendable {
    @usableFromInline let path: String
    /// Whether the case was present.
    @usableFromInline let isTaken: Bool
    /// The enum's type, described only for a diagnostic (a type's name made on every action cost
    /// ~1,000 instructions).
    @usableFromInline let state: any Any.Type

    @inlinable
    init(path: String, isTaken: Bool, state: any Any.Type) {
        self.path = path
        self.isTaken = isTaken
        self.state = state
    }
}

/// The ``CaseClaim``s on one action. An action for one case of an enum meets one claim per case's
/// `ifLet` — taken by the case shown, missed by the others, all for the same path — so the first
/// missed claim and the first taken claim's path are held inline and the rest in an array: an
/// array made for every such action cost ~1,200 instructions (`navigation, enum destination shown,
/// an action of the case`; two allocations as it grew).
@usableFromInline
struct CaseClaims: Sendable {
    /// The first claim that missed.
    @usableFromInline var firstMissed: CaseClaim?
    /// The path of the first claim that was taken.
    @usableFromInline var firstTaken: String?
    /// The claims after those, in order.
    @usableFromInline var more: [CaseClaim] = []

    @usableFromInline init() {}

    /// Whether no claim was made.
    @inlinable var isEmpty: Bool { firstMissed == nil && firstTaken == nil }

    /// Adds a case's claim.
    @inlinable
    mutating func append(_ claim: CaseClaim) {
        if claim.isTaken, firstTaken == nil {
            firstTaken = claim.path
        } else if !claim.isTaken, firstMissed == nil {
            firstMissed = claim
        } else {
            more.append(claim)
        }
    }
}

extension ReducerWork {
    /// Settles the ``CaseClaim``s (removed) made on `action` — the action the enum's reducer was
    /// handed — : warns for each case path that only missed. Returns whether one did: the action
    /// was for a case that is not shown.
    @usableFromInline
    @discardableResult
    mutating func settleCaseClaims(of action: any Action) -> Bool {
        guard !claims.isEmpty else { return false }
        let settled = claims
        claims = CaseClaims()
        // Nothing missed (the action reached the case that is shown, the common answer): a missed
        // claim goes to `more` only after a first one.
        guard let firstMissed = settled.firstMissed else { return false }
        if settled.more.isEmpty {
            // One missed claim, and at most one taken (the common shape: one path).
            guard settled.firstTaken != firstMissed.path else { return false }
            Diagnostics.warnCaseMissing(action, path: firstMissed.path, state: "\(firstMissed.state)")
            return true
        }
        // A path missed by one case and taken by none: the action was for a case not shown. Each
        // such path is told once (its last claim). A few claims, one per case: no table needed.
        let missed = [firstMissed] + settled.more.filter { !$0.isTaken }
        let taken = settled.more.filter(\.isTaken).map(\.path) + (settled.firstTaken.map { [$0] } ?? [])
        var anyMissed = false
        for index in missed.indices {
            let path = missed[index].path
            guard !missed[(index + 1)...].contains(where: { $0.path == path }), !taken.contains(path) else { continue }
            anyMissed = true
            Diagnostics.warnCaseMissing(action, path: path, state: "\(missed[index].state)")
        }
        return anyMissed
    }
}

/// What a child that could not be cleared at its own level (an enum destination's case) returns so
/// that the element holding it is dismissed instead: read by the `forEach` or `ifLet` one level up.
@usableFromInline
struct DismissRequest: Sendable {
    /// For an alert's or a dialog's button: whether the child (the enum holding the alert, given
    /// as it is after the parent's reducer) still shows that very presentation — the parent may
    /// have answered with another alert of the same case, even an equal one, which must stay.
    /// `nil` for a ``Dismiss``: the child goes unless the parent replaced it (another identity).
    /// Either way the parent sees the action first, with the child's last state.
    @usableFromInline var isStillShowing: (@Sendable (Any) -> Bool)?

    @usableFromInline
    init(ifStillShowing isStillShowing: (@Sendable (Any) -> Bool)? = nil) {
        self.isStillShowing = isStillShowing
    }
}

extension ReducerWork {
    /// The ``DismissRequest`` the work holds (removed), if any.
    @usableFromInline
    mutating func takeDismissRequest() -> DismissRequest? {
        guard let index = items.firstIndex(where: { $0 is DismissRequest }) else { return nil }
        return items.remove(at: index) as? DismissRequest
    }
}
