/// Sent by a presented child or a stack element through its own scope to close itself, without
/// knowing its parent: ``Reducer/ifLet(_:then:)-6g2hb`` sets the child to `nil`,
/// ``Reducer/forEach(_:element:)`` removes the element — after the parent's reducer saw it.
public struct Dismiss: Action, Equatable, Codable {
    /// Creates the action.
    public init() {}
}

extension Diagnostics {
    /// An action for the enum's case `path` reached a value showing another case. `action` is the
    /// action the enum's reducer was handed: the `ElementAction` addressed to the case, whose
    /// wrapped action is named.
    nonisolated static func warnCaseMissing(_ action: any Action, path: String, state: String) {
        let sent = ElementAction.unwrap(action).map { "\(type(of: $0.action))" } ?? "\(type(of: action))"
        MainActorCheck.runOnMainActor {
            Diagnostics.warnOnce(
                "case-missing:\(state).\(path).\(sent)",
                "swift-redux: warning: \(sent) was sent to the case \(path) of \(state), "
                    + "which shows another case (a screen of another kind, or a destination changed since); it "
                    + "changed nothing.")
        }
    }

    @usableFromInline
    nonisolated static func warnElementMissing(_ action: ElementAction, state: String) {
        let target = action.id.map { "\(action.path)[id: \($0)]" } ?? action.path
        MainActorCheck.runOnMainActor {
            Diagnostics.warnOnce(
                "element-missing:\(state).\(target)",
                "swift-redux: warning: \(type(of: action.action)) was sent to \(target) in \(state), which is not "
                    + "there (dismissed, removed or replaced before the action arrived); it changed nothing.")
        }
    }
}
