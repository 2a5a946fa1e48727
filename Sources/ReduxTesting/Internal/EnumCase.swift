import ReduxDiff

/// Recognising one case of an enum from its constructor, with `Mirror` (as case paths did before
/// macros): a value is of the case when its payload, rebuilt with the constructor, has the same
/// case name.
enum EnumCase {
    static func matches<A, Payload>(_ value: Any, _ embed: (Payload) -> A) -> Bool {
        guard let value = value as? A else { return false }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first,
            let payload: Payload = payload(child.value)
        else { return false }
        return ValueDiff.caseName(of: embed(payload)) == child.label
    }

    /// The payload as the constructor takes it: a case with one labelled value (`failed(reason:)`)
    /// reflects it as a one-element tuple.
    private static func payload<Payload>(_ value: Any) -> Payload? {
        if let payload = value as? Payload { return payload }
        let tuple = Mirror(reflecting: value)
        guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
        return tuple.children.first?.value as? Payload
    }
}
