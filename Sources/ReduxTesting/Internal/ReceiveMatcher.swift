import Redux
import ReduxDiff

/// What a `receive` waits for — the one place a ``TestStore`` and every ``TestScope`` path match a
/// received action: a description for messages, a test on the action as the part sees it
/// (unwrapped from the `ElementAction`s of the path's elements), and, for an action of the expected
/// kind that is not the one expected, why (the test then fails at once instead of waiting).
@MainActor
struct ReceiveMatcher {
    /// Names the expected action in failure messages.
    let description: String
    /// Whether the part's action is the one expected.
    let matches: (any Action) -> Bool
    /// Why `inner` (the part's action; `outer` as received) is of the expected kind but not the one,
    /// or `nil`.
    let explain: (_ inner: any Action, _ outer: any Action, _ place: String) -> String?

    init(
        _ description: String, matches: @escaping (any Action) -> Bool,
        explain: @escaping (any Action, any Action, String) -> String? = { _, _, _ in nil }
    ) {
        self.description = description
        self.matches = matches
        self.explain = explain
    }

    /// Any action of type `A`.
    static func type<A>(_: A.Type) -> ReceiveMatcher {
        ReceiveMatcher("\(A.self)", matches: { $0 is A })
    }

    /// An action equal to `expected`; one of its type that differs is explained with the differing
    /// fields (through nested elements at the root, from the part's action on a path).
    static func equal(_ expected: any Action, describe: @escaping @MainActor (any Action) -> String) -> ReceiveMatcher {
        ReceiveMatcher(
            describe(expected), matches: { actionsEqual($0, expected) },
            explain: { inner, outer, place in
                guard Swift.type(of: inner) == Swift.type(of: expected) else { return nil }
                if place.isEmpty {
                    return "Expected to receive \(describe(expected)), but received \(describe(outer)) "
                        + "(expected → received):\n" + ActionMismatch.explain(expected: expected, received: inner)
                }
                return "Expected to receive \(describe(expected)) at \(place), but received \(describe(outer)):\n"
                    + ActionMismatch.explainInner(expected: expected, received: inner, at: place)
            })
    }

    /// The case `embed` builds, whatever its payload — or, given `payload`, with a payload that
    /// passes it. `received` (the actions received so far) names the case in messages.
    static func `case`<A, Payload>(
        _ embed: @escaping (Payload) -> A, payload check: ((Payload) -> Bool)? = nil, named: String? = nil,
        given received: [Any]
    ) -> ReceiveMatcher {
        let name = EnumCase.describe(embed, given: received)
        return ReceiveMatcher(
            named.map { "\(name) \($0)" } ?? name,
            matches: { action in
                guard let check else { return EnumCase.matches(action, embed) }
                return EnumCase.payload(of: action, embed).map(check) ?? false
            },
            explain: { inner, outer, place in
                // The case received with another payload: say so now, with both.
                guard check != nil, EnumCase.matches(inner, embed) else { return nil }
                return "Expected to receive \(name) \(named ?? "")\(place.isEmpty ? "" : " at \(place)"), but "
                    + "received \(ValueDiff.describe(outer, maxLength: 4_000)): the case, with another payload"
            })
    }
}

extension TestStore {
    /// Waits for the action `matcher` describes, sent by (or to) the part at the end of `steps`
    /// (`place` names it; empty for the whole store), and checks the state change it made.
    func receive(
        _ matcher: ReceiveMatcher, through steps: [TestPathStep] = [], named place: String = "",
        timeout: Duration?, _ update: ((inout State) throws -> Void)?, at location: SourceLocationInfo
    ) async {
        await receive(
            place.isEmpty ? matcher.description : "\(matcher.description) at \(place)", timeout: timeout,
            where: { TestPathStep.unwrap($0, through: steps).map(matcher.matches) ?? false },
            explain: { next in TestPathStep.unwrap(next, through: steps).flatMap { matcher.explain($0, next, place) } },
            update, at: location)
    }
}
