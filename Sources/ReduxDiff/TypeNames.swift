import Dispatch

/// Type names for logs and diffs, made once per type.
///
/// `String(describing: SomeType.self)` asks the runtime for the name and for the metatype's
/// conformances every time — the largest single cost of a log entry's title on Linux. Names never
/// change, so they are kept by the type's identity. The table is the main actor's: logs and
/// `TestStore` diffs are built there; a description built on another thread (a `BindingAction`
/// printed from a task, say) asks the runtime, as before.
package enum TypeNames {
    @MainActor private static var names: [ObjectIdentifier: String] = [:]

    /// The unqualified name of `type`, as `String(describing:)` gives it.
    package static func name(of type: Any.Type) -> String {
        guard MainQueue.isCurrent else { return String(describing: type) }
        // On the main queue, which is the main actor's executor (see `MainActorCheck`).
        return MainActor.assumeIsolated { cachedName(of: type) }
    }

    @MainActor
    private static func cachedName(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = names[key] { return known }
        let name = String(describing: type)
        names[key] = name
        return name
    }
}

/// Whether the caller runs on the main queue (the main actor's executor): `Redux`'s
/// `MainActorCheck` answers the same question for the store; this target cannot depend on `Redux`,
/// so it keeps its own key on the main queue.
private enum MainQueue {
    private struct Key: @unchecked Sendable {  // a DispatchSpecificKey is never mutated
        let key = DispatchSpecificKey<UInt8>()
    }

    private static let key: Key = {
        let key = Key()
        DispatchQueue.main.setSpecific(key: key.key, value: 1)
        return key
    }()

    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key.key) != nil
    }
}
