import Redux
import ReduxDiff

/// Recognising one case of an enum from its constructor, with `Mirror` (as case paths did before
/// macros): a value is of the case when its payload, rebuilt with the constructor, has the same
/// case name. The reflection is `CaseReader`'s (what reducers and scopes use); the constructor here
/// need not be `@Sendable`.
enum EnumCase {
    /// Whether `value` is the case `embed` builds, at any depth: `SearchAction.loaded` matches
    /// `.loaded(items)`, and `{ SearchAction.response(.success($0)) }` matches
    /// `.response(.success(items))` — the payload is found where its type is, in the value's chain
    /// of cases, and the value rebuilt from it must take the same cases down to there.
    static func matches<A, Payload>(_ value: Any, _ embed: (Payload) -> A) -> Bool {
        payload(of: value, embed) != nil
    }

    /// The payload of `value` when it is the case `embed` builds (see ``matches(_:_:)``), else `nil`.
    static func payload<A, Payload>(of value: Any, _ embed: (Payload) -> A) -> Payload? {
        guard let action = value as? A else { return nil }
        let chain = cases(of: action)
        for (depth, step) in chain.enumerated() {
            guard let payload = step.payload as? Payload else { continue }
            let rebuilt = cases(of: embed(payload)).map(\.name)
            let same = rebuilt.count > depth && Array(rebuilt.prefix(depth + 1)) == chain.prefix(depth + 1).map(\.name)
            return same ? payload : nil
        }
        return nil
    }

    /// The case `embed` builds, named when `received` holds a payload for it (`.response(.success)`),
    /// else by its payload's type: what a failure says was expected.
    static func describe<A, Payload>(_ embed: (Payload) -> A, given received: [Any]) -> String {
        for value in received {
            guard let action = value as? A else { continue }
            for step in cases(of: action) {
                if let payload = step.payload as? Payload {
                    let names = cases(of: embed(payload)).map(\.name)
                    return "\(A.self)." + names.joined(separator: "(.") + String(repeating: ")", count: names.count - 1)
                }
            }
        }
        return "a case of \(A.self) whose payload is a \(Payload.self)"
    }

    /// The chain of cases of `value`: its case and payload, then its payload's when that is an enum
    /// too, and so on. A case of one labelled value (`failed(reason:)`) gives that value; a case of
    /// several, their tuple (the chain ends there).
    private static func cases(of value: Any) -> [(name: String, payload: Any)] {
        var chain: [(name: String, payload: Any)] = []
        var node = value
        while chain.count < 32 {
            let mirror = Mirror(reflecting: node)
            guard mirror.displayStyle == .enum, let child = mirror.children.first, let name = child.label else { break }
            var payload = child.value
            let tuple = Mirror(reflecting: payload)
            if tuple.displayStyle == .tuple, tuple.children.count == 1, let only = tuple.children.first {
                payload = only.value
            }
            chain.append((name, payload))
            node = payload
        }
        return chain
    }
}
