import Redux
import ReduxDiff

/// Recognising one case of an enum from its constructor, with `Mirror` (as case paths did before
/// macros): a value is of the case when its payload, rebuilt with the constructor, has the same
/// case name. The reflection is `CaseReader`'s (what reducers and scopes use); the constructor here
/// need not be `@Sendable`.
enum EnumCase {
    static func matches<A, Payload>(_ value: Any, _ embed: (Payload) -> A) -> Bool {
        guard let value = value as? A, let (name, payload) = CaseReader<A, Payload>.caseAndPayload(of: value) else {
            return false
        }
        return ValueDiff.caseName(of: embed(payload)) == name
    }
}
