import ReduxDiff

/// Reaches one case of an enum from its constructor, with `Mirror` only (as case paths did before
/// macros): a value is of the case when its payload, rebuilt with the constructor, has the value's
/// case name. No enum layout is read, so it holds for any enum, indirect and generic ones included.
///
/// What ``Reducer/ifLet(case:then:)`` and ``StoreProtocol/scope(case:)`` use to reach a case
/// without a hand-written accessor, and `ReduxTesting` to receive a case of an action.
@usableFromInline
package struct CaseReader<Enum, Payload>: Sendable {
    /// The case's constructor (`Path.detail`).
    @usableFromInline package let embed: @Sendable (Payload) -> Enum
    /// The case's name once a payload rebuilt with `embed` told it: then a value is matched with
    /// one reflection, not two.
    @usableFromInline let learned: LearnedCaseName
    /// The values of an `Equatable` enum whose case was last learned (``CaseMemo``): a value the
    /// reader wrote or read before is recognised with `==`, without `Mirror`.
    @usableFromInline let memo: CaseMemo<Enum>?

    /// - Parameters:
    ///   - embed: The case's constructor.
    ///   - remembering: Whether values are recognised through the enum's ``CaseMemo``; `false` for
    ///     a reader that meets many different values in turn (every copy of a shared value), for
    ///     which the memo would only be replaced on each read.
    @inlinable
    package init(_ embed: @escaping @Sendable (Payload) -> Enum, remembering: Bool = true) {
        self.embed = embed
        learned = LearnedCaseName()
        memo = remembering ? CaseMemos.memo(for: Enum.self) : nil
    }

    /// `embed(payload)`, remembered (for an `Equatable` enum) as showing this case with `payload`:
    /// the readers that meet the value next know its case without reflecting it.
    @inlinable
    package func write(_ payload: Payload) -> Enum {
        let value = embed(payload)
        if let name = learned.name {
            // Through the optional, not bound first (see `extract(from:)`).
            memo?.remember(TypedCaseEntry(value: value, name: name, payload: payload))
        }
        return value
    }

    /// The case's name (`detail`) once learned; `nil` before.
    @inlinable
    package var knownName: String? { learned.name }

    /// The route of the case's actions (`.detail`, ``ElementAction/caseRoute(_:)``) once its name
    /// is learned; `nil` before. Made once: made on each read, it cost ~200 instructions an
    /// action for each case's `ifLet`.
    @inlinable
    package var knownRoute: String? { learned.route }

    /// The value's payload and case name (`detail`) when `value` is this case; `nil` when it is
    /// another case (or not an enum).
    ///
    /// Inlinable, so that a reader made in the app's module (an `ifLet(case:)`, a `scope(case:)`)
    /// runs this for the app's types: unspecialised, the optional tuple it returns and the payload's
    /// optional asked the runtime for their metadata on every read (~1,400 instructions a read).
    @inlinable
    package func extract(from value: Enum) -> (payload: Payload, name: String)? {
        // The memo read through the optional, not bound first: bound, it was retained and
        // released around each read (`navigation, enum destination shown, the case's action sent
        // to the store` 7,919 → 7,733; the write below 7,733 → 7,689).
        if let known = learned.name, let recalled = memo?.recall(value) {
            // A value met before: its case by `==`, its payload as remembered — typed when a
            // reader of this payload type wrote or read it (the entry's type compared, no cast).
            guard recalled.name == known else { return nil }
            // Measured with the cast from `Any` alone: `navigation, enum destination shown, an
            // action of the case` 25,903 → 28,889 (held by `.ci/perf-guard`).
            if type(of: recalled) == TypedCaseEntry<Enum, Payload>.self {
                return (unsafeDowncast(recalled, to: TypedCaseEntry<Enum, Payload>.self).typedPayload, known)
            }
            if let payload = Self.payload(from: recalled.payload) {
                return (payload, known)
            }
        }
        return reflect(value)
    }

    /// `extract(from:)` for a value the memo does not hold: its case and payload read with `Mirror`.
    @usableFromInline
    func reflect(_ value: Enum) -> (payload: Payload, name: String)? {
        let known = learned.name
        guard let (name, payload) = Self.caseAndPayload(of: value, named: known) else { return nil }
        // The constructor's case, told once by a payload rebuilt with it: the value's case or
        // another one with the same payload type (`.add(Form)` and `.edit(Form)`).
        guard let own = known ?? learn(from: payload), own == name else { return nil }
        memo?.remember(TypedCaseEntry(value: value, name: name, payload: payload))
        return (payload, name)
    }

    private func learn(from payload: Payload) -> String? {
        let own = ValueDiff.caseName(of: embed(payload))
        if let own { learned.learn(own) }
        return own
    }

    /// The case name and the payload of `value` as the constructor takes it: a case with one
    /// labelled value (`failed(reason:)`) reflects it as a one-element tuple. `nil` for a case
    /// without a payload of that type, another case than `expected` (when given), or a value that
    /// is not an enum.
    package static func caseAndPayload(
        of value: Enum, named expected: String? = nil
    ) -> (name: String, payload: Payload)? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let name = child.label,
            expected == nil || expected == name
        else {
            #if DEBUG
                if mirror.displayStyle != .enum, value is any CustomReflectable { warnCustomMirror() }
            #endif
            return nil
        }
        if let payload = child.value as? Payload { return (name, payload) }
        guard let payload = unwrappedPayload(from: child.value) else { return nil }
        return (name, payload)
    }

    /// A case's payload as `Mirror` shows it (a case with one labelled value shows a one-element
    /// tuple), as the constructor takes it; `nil` when it is not a `Payload`.
    @usableFromInline
    static func payload(from value: Any) -> Payload? {
        if let payload = value as? Payload { return payload }
        return unwrappedPayload(from: value)
    }

    /// The payload of a case with one labelled value, which `Mirror` shows as a one-element tuple.
    private static func unwrappedPayload(from value: Any) -> Payload? {
        let tuple = Mirror(reflecting: value)
        guard tuple.displayStyle == .tuple, tuple.children.count == 1,
            let payload = tuple.children.first?.value as? Payload
        else { return nil }
        return payload
    }
}

extension CaseReader {
    /// Says (in a debug build, once per type) that `Enum` supplies its own `Mirror`, so its cases
    /// cannot be told from its values: what `[case:]`, `scope(case:)` and `ifLet(case:)` read is
    /// the enum's own reflection, and a custom one hides it. Nothing else can tell without reading
    /// the enum's layout, which this library does not do.
    static func warnCustomMirror() {
        MainActorCheck.runOnMainActor {
            Diagnostics.warnOnce(
                "case-custom-mirror:\(Enum.self)",
                "swift-redux: warning: \(Enum.self) supplies its own Mirror (CustomReflectable), which hides its "
                    + "cases: [case:], scope(case:) and ifLet(case:) cannot reach them and change nothing. Remove "
                    + "the conformance, or reach the case through a computed property (ifLet(\\.detail, then:)).")
        }
    }
}

/// The case name a ``CaseReader`` learned, on any thread: written once, then published with an
/// atomic flag — a read is one load (it was a main-queue check and an isolation assertion, ~350
/// instructions, on every read of a case).
///
/// `@unchecked Sendable`: `stored` is written only by the one thread that took `writing` (never
/// freed, so nobody writes again), before `published` is set with release ordering; it is read only
/// after `published` is seen set with acquire ordering. Both flags' storage is owned here, at one
/// address each.
@usableFromInline
final class LearnedCaseName: @unchecked Sendable {
    private let writing = TryLock()
    @usableFromInline let published = ReleaseFlag()
    /// The name and its route (`.detail`): written once, by the thread that took `writing`, before
    /// `published` is set; read only after it is seen set. Unchecked exclusivity in release builds
    /// (docs/architecture.md, "The unchecked-exclusivity pattern"; debug builds keep the check). Measured without it (a dynamic
    /// access check per read): `navigation, enum destination shown, an action of the case` 25,903 →
    /// 26,523 for the name; 14,649 → 14,749 for the route; held by `.ci/perf-guard`'s threshold for
    /// that scenario (5% over, so it bounds the sum of such gains, not each alone).
    #if DEBUG
        @usableFromInline var stored: String?
        @usableFromInline var storedRoute: String?
    #else
        @exclusivity(unchecked) @usableFromInline var stored: String?
        @exclusivity(unchecked) @usableFromInline var storedRoute: String?
    #endif

    @usableFromInline init() {}

    /// The name, once learned; `nil` before.
    @inlinable
    var name: String? {
        published.isSet ? stored : nil
    }

    /// The case's route (`.detail`), once the name is learned; `nil` before.
    @inlinable
    var route: String? {
        published.isSet ? storedRoute : nil
    }

    /// Keeps `name` when none was learned yet (a second learner, on another thread, is ignored:
    /// both learned the same name from the same constructor).
    func learn(_ name: String) {
        guard !published.isSet, writing.tryTake() else { return }
        stored = name
        storedRoute = ElementAction.caseRoute(name)
        published.set()
    }
}

extension ElementAction {
    /// How an action for an enum's case reached through its constructor names the case: `.detail`.
    @inlinable
    package static func caseRoute(_ name: String) -> String { "." + name }

    /// Whether `path` names an enum's case — by its constructor (`.detail`) or by a computed
    /// accessor's type (`(DetailState)`) — rather than a stored member.
    @inlinable
    package static func namesCase(_ path: String) -> Bool {
        let first = path.utf8.first
        return first == UInt8(ascii: ".") || first == UInt8(ascii: "(")
    }

    /// Whether `path` names an enum's case by its constructor (`.detail`), as ``caseRoute(_:)``
    /// writes it.
    ///
    /// The first byte is compared, not `hasPrefix(".")` (a comparison of characters, ~150
    /// instructions, run by each case's `ifLet` on each action addressed to an enum): a path is
    /// made by this library from a case's or a member's name, whose first character is never a
    /// combining mark, so its first byte is its first character.
    @inlinable
    package static func namesConstructorCase(_ path: String) -> Bool {
        path.utf8.first == UInt8(ascii: ".")
    }
}
