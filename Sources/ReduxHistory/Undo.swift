import Redux

/// A part of the state with undo and redo — a document, an image's adjustments (seed 004): the
/// present value, the values before it and after it. ``canUndo`` and ``canRedo`` are members, so a
/// button observes them like any other.
///
/// ```swift
/// struct EditorState: Equatable {
///     var document = UndoHistory(Document())
/// }
/// let editorReducer = documentReducer.undoable(limit: 100).pullback(\EditorState.document)
/// store.dispatch(UndoAction<Document>.undo)
/// ```
public struct UndoHistory<Value> {
    /// The current value; reducers and scopes read and bind it (`\.document.present.title`).
    public var present: Value
    /// The values before, oldest first.
    public private(set) var past: [Value] = []
    /// The values undone, the next one to redo last.
    public private(set) var future: [Value] = []
    /// The group of the last change, while consecutive changes of one group make one step.
    var group: String?

    /// A history with `present` and nothing to undo.
    ///
    /// - Parameter present: The current value.
    public init(_ present: Value) {
        self.present = present
    }

    /// A history rebuilt from its parts — one read back from a file, or made for a test.
    ///
    /// - Parameters:
    ///   - present: The current value.
    ///   - past: The values before, oldest first.
    ///   - future: The values undone, the next one to redo last.
    public init(present: Value, past: [Value], future: [Value] = []) {
        self.present = present
        self.past = past
        self.future = future
    }

    /// Whether there is something to undo.
    public var canUndo: Bool { !past.isEmpty }
    /// Whether there is something to redo.
    public var canRedo: Bool { !future.isEmpty }

    mutating func record(_ previous: Value, group newGroup: String?, limit: Int) {
        future = []
        if let newGroup, newGroup == group { return }  // the same step goes on
        group = newGroup
        past.append(previous)
        if past.count > limit { past.removeFirst(past.count - limit) }
    }

    mutating func undo() {
        guard let previous = past.popLast() else { return }
        future.append(present)
        present = previous
        group = nil
    }

    mutating func redo() {
        guard let next = future.popLast() else { return }
        past.append(present)
        present = next
        group = nil
    }

    mutating func clear() {
        past = []
        future = []
        group = nil
    }
}

extension UndoHistory: Equatable where Value: Equatable {
    /// Whether both have the same values before, now and after (the open group is not compared).
    public static func == (lhs: UndoHistory, rhs: UndoHistory) -> Bool {
        lhs.present == rhs.present && lhs.past == rhs.past && lhs.future == rhs.future
    }
}

extension UndoHistory: Sendable where Value: Sendable {}

extension UndoHistory: Codable where Value: Codable {
    private enum CodingKeys: String, CodingKey {
        case present, past, future, group
    }

    /// Encodes `{"present": …, "past": […], "future": […]}` and, while consecutive changes of one
    /// group make one step, `"group"` — so a restored history goes on as the saved one would.
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(present, forKey: .present)
        try container.encode(past, forKey: .past)
        try container.encode(future, forKey: .future)
        try container.encodeIfPresent(group, forKey: .group)
    }

    /// Decodes what ``encode(to:)`` wrote; `past` and `future` may be absent (empty).
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            present: try container.decode(Value.self, forKey: .present),
            past: try container.decodeIfPresent([Value].self, forKey: .past) ?? [],
            future: try container.decodeIfPresent([Value].self, forKey: .future) ?? [])
        group = try container.decodeIfPresent(String.self, forKey: .group)
    }
}

/// Undo, redo or clear the history of the ``UndoHistory`` of `Value`s (the type says which history,
/// when an app keeps several).
public enum UndoAction<Value>: Action, Equatable, Codable {
    /// Go back one step.
    case undo
    /// Go forward one step.
    case redo
    /// Forget the past and the future; keep the present.
    case clearHistory
}

extension Reducer where State: Equatable {
    /// This reducer over an ``UndoHistory`` of its state: every action it reduces that changes the
    /// value makes an undo step, except those `filter` refuses (they change the value without
    /// history); consecutive changes that `group` puts in one group make one step (typing a word);
    /// ``UndoAction`` undoes, redoes and clears. Work the reducer returns is kept.
    ///
    /// - Parameters:
    ///   - limit: The most steps kept; the oldest go first.
    ///   - filter: Whether an action's change makes history (all do by default).
    ///   - group: The group of an action, or `nil` for a step of its own.
    /// - Returns: The reducer over the history.
    public func undoable(
        limit: Int = 100,
        filter: @escaping @Sendable (any Action) -> Bool = { _ in true },
        group: @escaping @Sendable (any Action) -> String? = { _ in nil }
    ) -> Reducer<UndoHistory<State>> where State: Sendable {
        // The present is reconciled as a store of `State` would reconcile it (`SharedValues`).
        let base = reconcilingSharedValues()
        return Reducer<UndoHistory<State>>(work: { history, action, work in
            if let undo = action as? UndoAction<State> {
                switch undo {
                case .undo: history.undo()
                case .redo: history.redo()
                case .clearHistory: history.clear()
                }
                return
            }
            let previous = history.present
            let start = work.items.count
            base.reduce(&history.present, action, work: &work)
            // The liveness of elements' work, seen from the history (see `LivenessProbe`).
            work.liftProbes(from: start) { (probe: LivenessProbe<State>) in
                probe.lifted(through: nil) { (history: inout UndoHistory<State>, ask: (inout State) -> Bool) in
                    var present = history.present
                    return ask(&present)
                }
            }
            guard history.present != previous else { return }
            if filter(action) {
                history.record(previous, group: group(action), limit: max(limit, 1))
            }
        })
    }
}
