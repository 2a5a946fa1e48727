/// Reaches one case of an enum from its constructor, with `Mirror` only (as case paths did before
/// macros): a value is of the case when its payload, rebuilt with the constructor, has the value's
/// case name. No enum layout is read, so it holds for any enum, indirect and generic ones included.
///
/// What ``Reducer/ifLet(case:then:)`` and ``StoreProtocol/scope(case:)`` use to reach a case
/// without a hand-written accessor, and `ReduxTesting` to receive a case of an action.
package struct CaseReader<Enum, Payload>: Sendable {
    /// The case's constructor (`Path.detail`).
    package let embed: @Sendable (Payload) -> Enum
    /// The case's name once a payload rebuilt with `embed` told it (on the main actor, where
    /// stores reduce and views scope): then a value is matched with one reflection, not two.
    private let learned = LearnedCaseName()

    package init(_ embed: @escaping @Sendable (Payload) -> Enum) {
        self.embed = embed
    }

    /// The case's name (`detail`) once learned (on the main actor); `nil` before, or elsewhere.
    package var knownName: String? { learned.name }

    /// The value's payload and case name (`detail`) when `value` is this case; `nil` when it is
    /// another case (or not an enum).
    package func extract(from value: Enum) -> (payload: Payload, name: String)? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let name = child.label else {
            return nil
        }
        let known = learned.name
        if let known, known != name { return nil }
        guard let payload = Self.payload(child.value) else { return nil }
        if known == nil {
            // The constructor's case, told by a payload rebuilt with it: the value's case or another
            // one with the same payload type (`.add(Form)` and `.edit(Form)`).
            guard let own = Self.caseName(of: embed(payload)) else { return nil }
            learned.name = own
            guard own == name else { return nil }
        }
        return (payload, name)
    }
    /// The case name of an enum value with a payload; `nil` for a case without one, or a value that
    /// is not an enum.
    package static func caseName(of value: Any) -> String? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return nil }
        return mirror.children.first?.label
    }

    /// The payload as the constructor takes it: a case with one labelled value (`failed(reason:)`)
    /// reflects it as a one-element tuple.
    private static func payload(_ value: Any) -> Payload? {
        if let payload = value as? Payload { return payload }
        let tuple = Mirror(reflecting: value)
        guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
        return tuple.children.first?.value as? Payload
    }
}

/// The case name a ``CaseReader`` learned, kept on the main actor: read and written there only
/// (elsewhere it reads as unknown and nothing is written), so it needs no lock.
private final class LearnedCaseName: Sendable {
    @MainActor private var learned: String?

    nonisolated var name: String? {
        get { MainActorCheck.isOnMainQueue ? MainActor.assumeIsolated { learned } : nil }
        set {
            guard MainActorCheck.isOnMainQueue else { return }
            MainActor.assumeIsolated { learned = newValue }
        }
    }
}

extension ElementAction {
    /// How an action for an enum's case reached through its constructor names the case: `.detail`.
    package static func caseRoute(_ name: String) -> String { "." + name }

    /// Whether `path` names an enum's case — by its constructor (`.detail`) or by a computed
    /// accessor's type (`(DetailState)`) — rather than a stored member.
    package static func namesCase(_ path: String) -> Bool {
        path.hasPrefix(".") || path.hasPrefix("(")
    }
}
