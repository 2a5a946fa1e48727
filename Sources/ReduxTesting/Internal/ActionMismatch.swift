import Redux
import ReduxDiff

/// Why a received action is not the one a test expected, down to the first difference: the element
/// of nested ``ElementAction``s where they part, or the fields of the actions inside.
enum ActionMismatch {
    static func explain(expected: any Action, received: any Action) -> String {
        var expected = expected
        var received = received
        var place = ""
        while let outer = expected as? ElementAction, let other = received as? ElementAction {
            let target = outer.id.map { "\(outer.path)[id: \($0)]" } ?? outer.path
            let otherTarget = other.id.map { "\(other.path)[id: \($0)]" } ?? other.path
            guard outer.path == other.path, outer.hashableID == other.hashableID else {
                return "  at \(place.isEmpty ? "the root" : place): for \(target) → for \(otherTarget)"
            }
            place += place.isEmpty ? target : " → \(target)"
            expected = outer.action
            received = other.action
        }
        return explainInner(expected: expected, received: received, at: place)
    }

    /// The actions for one element: another type, a type that cannot be compared, or the differing
    /// fields.
    static func explainInner(expected: any Action, received: any Action, at place: String) -> String {
        let location = place.isEmpty ? "" : "at \(place): "
        guard type(of: expected) == type(of: received) else {
            return "  \(location)\(TypeNames.name(of: type(of: expected))) → \(TypeNames.name(of: type(of: received)))"
        }
        guard expected is any Equatable else {
            return "  \(location)\(TypeNames.name(of: type(of: expected))) is not Equatable, so it is never equal to "
                + "another: make it Equatable, or receive it by type"
        }
        let lines = ValueDiff.lines(from: expected, to: received, rootName: "action", maxLines: 20)
        guard !lines.isEmpty else {
            return "  \(location)the actions differ in a way their fields do not show (their `==` says so)"
        }
        return lines.map { "  \(location)\($0)" }.joined(separator: "\n")
    }
}
