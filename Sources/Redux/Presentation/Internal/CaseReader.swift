/// Reaches one case of an enum from its constructor, with `Mirror` only (as case paths did before
/// macros): a value is of the case when its payload, rebuilt with the constructor, has the value's
/// case name. No enum layout is read, so it holds for any enum, indirect and generic ones included.
///
/// What ``Reducer/ifLet(case:then:)`` and ``StoreProtocol/scope(case:)`` use to reach a case
/// without a hand-written accessor, and `ReduxTesting` to receive a case of an action.
package struct CaseReader<Enum, Payload>: Sendable {
    /// The case's constructor (`Path.detail`).
    package let embed: @Sendable (Payload) -> Enum

    package init(_ embed: @escaping @Sendable (Payload) -> Enum) {
        self.embed = embed
    }

    /// The value's payload and case name (`detail`) when `value` is this case; `nil` when it is
    /// another case (or not an enum).
    package func extract(from value: Enum) -> (payload: Payload, name: String)? {
        guard let (name, payload) = Self.caseAndPayload(of: value),
            Self.caseName(of: embed(payload)) == name
        else { return nil }
        return (payload, name)
    }

    /// The case name of an enum value with a payload; `nil` for a case without one, or a value that
    /// is not an enum.
    package static func caseName(of value: Any) -> String? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return nil }
        return mirror.children.first?.label
    }

    /// The case name and the payload as the constructor takes it: a case with one labelled value
    /// (`failed(reason:)`) reflects it as a one-element tuple.
    private static func caseAndPayload(of value: Enum) -> (String, Payload)? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let name = child.label else {
            return nil
        }
        if let payload = child.value as? Payload { return (name, payload) }
        let tuple = Mirror(reflecting: child.value)
        guard tuple.displayStyle == .tuple, tuple.children.count == 1,
            let payload = tuple.children.first?.value as? Payload
        else { return nil }
        return (name, payload)
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
