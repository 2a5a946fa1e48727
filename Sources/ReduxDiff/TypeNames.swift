import Dispatch

/// Type names for logs and diffs, made once per type.
///
/// `String(describing: SomeType.self)` asks the runtime for the name and for the metatype's
/// conformances every time — the largest single cost of a log entry's title on Linux. Names never
/// change, so they are kept by the type's identity. The table is the main actor's: logs and
/// `TestStore` diffs are built there; a description built on another thread (a `BindingAction`
/// printed from a task, say) asks the runtime, as before.
package enum TypeNames {
    /// How values of a type are described: by their fields, or by their own text.
    package enum DescriptionStyle: Sendable {
        /// Their fields, as `Mirror` gives them.
        case fields
        /// Their own text in their type's name: Foundation's `URL` and `UUID` (`URL(file:///a)`),
        /// whose text is exact (two values that differ read differently) and whose fields are their
        /// storage's.
        case ownTextInName
        /// Their own text alone: `Redux.ElementAction`, a row's, screen's or presented child's
        /// action, reads as the docs show it — `todos[id: 2]: Toggle()` — in a failure, a log or a
        /// diff, not as the fields of its storage. (This target cannot name the type.)
        case ownText
    }

    /// A type's name, and how its values are described.
    private struct Entry {
        let name: String
        let style: DescriptionStyle
    }

    @MainActor private static var entries: [ObjectIdentifier: Entry] = [:]

    /// The unqualified name of `type`, as `String(describing:)` gives it.
    package static func name(of type: Any.Type) -> String {
        guard MainQueue.isCurrent else { return String(describing: type) }
        // On the main queue, which is the main actor's executor (see `MainActorCheck`).
        return MainActor.assumeIsolated { entry(of: type).name }
    }

    /// How values of `type` are described; read once per type and cached.
    package static func style(of type: Any.Type) -> DescriptionStyle {
        guard MainQueue.isCurrent else { return readStyle(of: type) }
        return MainActor.assumeIsolated { entry(of: type).style }
    }

    private static func readStyle(of type: Any.Type) -> DescriptionStyle {
        switch String(reflecting: type) {
        case "Foundation.URL", "Foundation.UUID", "FoundationEssentials.URL", "FoundationEssentials.UUID":
            .ownTextInName
        case "Redux.ElementAction": .ownText
        default: .fields
        }
    }

    @MainActor
    private static func entry(of type: Any.Type) -> Entry {
        let key = ObjectIdentifier(type)
        if let known = entries[key] { return known }
        let entry = Entry(name: String(describing: type), style: readStyle(of: type))
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
