import Observation

extension Store {
    /// Reads a member of the state.
    ///
    /// Inside observation tracking the read depends on the whole state, because a member that is
    /// not `Equatable` cannot be compared: any reduction invalidates it.
    ///
    /// - Parameter keyPath: The member to read.
    /// - Returns: The member's current value.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        if core.machine.rules.isInReducer { ReducerRules.refuseRead(storeState: State.self) }
        core.accessState()
        return core.state[keyPath: keyPath]
    }

    /// Reads an `Equatable` member of the state, such that observation tracking is invalidated
    /// only when this member's value changes.
    ///
    /// A SwiftUI view whose `body` reads `store.count` is re-rendered when `count` changes, not
    /// when another member does.
    ///
    /// - Parameter keyPath: The member to read.
    /// - Returns: The member's current value.
    @inlinable
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        core.refuseReadInReducer()
        core.observeMember(keyPath) { offset in MemberProbe.make(Value.self, offset: offset) }
        return core.state[keyPath: keyPath]
    }
}
