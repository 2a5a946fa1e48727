import Dispatch

/// Type names for logs and diffs, made once per type.
///
/// `String(describing: SomeType.self)` asks the runtime for the name and for the metatype's
/// conformances every time — the largest single cost of a log entry's title on Linux. Names never
/// change, so they are kept by the type's identity. The table is the main actor's: logs and
/// `TestStore` diffs are built there; a description built on another thread (a `BindingAction`
/// printed from a task, say) asks the runtime, as before.
package enum TypeNames {
    /// A type's name, and whether its values are described by their own text.
    private struct Entry {
        let name: String
        let describesItself: Bool
    }

    @MainActor private static var entries: [ObjectIdentifier: Entry] = [:]

    /// The unqualified name of `type`, as `String(describing:)` gives it.
    package static func name(of type: Any.Type) -> String {
        guard MainQueue.isCurrent else { return String(describing: type) }
        // On the main queue, which is the main actor's executor (see `MainActorCheck`).
        return MainActor.assumeIsolated { entry(of: type).name }
    }

    /// Whether values of `type` are described by their own text rather than their fields:
    /// Foundation's `URL` and `UUID`, whose text is exact (two values that differ read
    /// differently) and whose fields are their storage's.
    package static func describesItself(_ type: Any.Type) -> Bool {
        guard MainQueue.isCurrent else { return isSelfDescribing(type) }
        return MainActor.assumeIsolated { entry(of: type).describesItself }
    }

    private static func isSelfDescribing(_ type: Any.Type) -> Bool {
        switch String(reflecting: type) {
        case "Foundation.URL", "Foundation.UUID", "FoundationEssentials.URL", "FoundationEssentials.UUID": true
        default: false
        }
    }

    @MainActor
    private static func entry(of type: Any.Type) -> Entry {
        let key = ObjectIdentifier(type)
        if let known = entries[key] { return known }
        let entry = Entry(name: String(describing: type), describesItself: isSelfDescribing(type))
        entries[key] = entry
        return entry
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
