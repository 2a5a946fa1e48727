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

    /// A constructor of several values (`{ .didClose(code: $0, reason: $1) }`), or of none
    /// (`{ Ping.pong }`), as one taking their tuple: what the rest of this type reads.
    static func taking<A, each Value>(_ embed: @escaping (repeat each Value) -> A) -> ((repeat each Value)) -> A {
        { values in embed(repeat each values) }
    }

    /// The payload of `value` when it is the case `embed` builds (see ``matches(_:_:)``), else `nil`.
    static func payload<A, Payload>(of value: Any, _ embed: (Payload) -> A) -> Payload? {
        guard let action = value as? A else { return nil }
        if let none = () as? Payload {
            // A case without payload (`{ Ping.pong }`, `{ App.child(.pong) }`): the same cases all
            // the way down, the last one's name included (it has no value to find).
            return names(of: action) == names(of: embed(none)) ? none : nil
        }
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
        if let none = () as? Payload {
            let names = names(of: embed(none))
            return "\(A.self)." + names.joined(separator: "(.") + String(repeating: ")", count: max(names.count - 1, 0))
        }
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

    /// The names of the cases of `value`, outermost first, down to a case without payload, whose
    /// name ends the list (`["child", "pong"]` for `App.child(.pong)`).
    private static func names(of value: Any) -> [String] {
        let chain = cases(of: value)
        var names = chain.map(\.name)
        let last = chain.last?.payload ?? value
        if Mirror(reflecting: last).displayStyle == .enum {
            // No payload to go into: the value itself names its case (`pong`).
            names.append(String(describing: last))
        }
        return names
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
