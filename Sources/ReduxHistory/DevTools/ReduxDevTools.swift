import Foundation
import Redux
import ReduxDiff

/// Interchange with the Redux DevTools extension, so a recorded session opens in the tool Redux
/// users know (its Import button), and a session saved by the tool replays here.
///
/// - ``export(_:reducer:redactingState:)`` writes the tool's *lifted state* — `actionsById`
///   (`PERFORM_ACTION` entries, the first the tool's `@@INIT`), `computedStates`, `stagedActionIds`
///   from 0, `skippedActionIds`, `currentStateIndex`, `nextActionId`, `committedState`, `isLocked`,
///   `isPaused`, `monitorState` (redux-devtools-instrument's `LiftedState`) — the file the tool saves
///   with `features.export`. An action's fields stand beside its `type`, as the tool keeps them
///   (`{"type": "Add", "amount": 5}`); an action whose JSON is not an object (an enum's raw value) or
///   has a `type` key of its own goes under `payload`.
/// - ``importRecording(_:actions:initialState:)`` reads that file, the tool's default export
///   (`{"payload": "<the actions, as a JSON string>", "preloadedState": "<the state, as a JSON string>"}`,
///   the `preloadedState` key absent when the app had none) and a bare array of actions — the three
///   forms the tool's Import button takes. As the tool does, it trusts the committed state and the
///   actions, not the file's computed states; actions the tool marked skipped are kept, marked
///   skipped.
public enum ReduxDevTools {
    /// The lifted state of `recording`, as JSON. `computedStates` are computed with `reducer`
    /// (its returned work dropped) from the recording's start state; where the recording holds a
    /// state (a snapshot), that state is written — it is what the store had. A skipped step's state
    /// is the one before it, and its id is in `skippedActionIds`, as in the tool.
    ///
    /// - Parameters:
    ///   - recording: The recording; its actions must be `Encodable` to be replayable in the tool
    ///     (others are written as `{"type": …, "description": …}`).
    ///   - reducer: The app's reducer, for the states after each action.
    ///   - redactingState: Applied to every state written (`committedState` and each computed state),
    ///     after the recording's own ``Recording/stateRedaction``.
    /// - Returns: The JSON.
    public static func export<State: Encodable>(
        _ recording: Recording<State>, reducer: Reducer<State>, redactingState: (State) -> State = { $0 }
    ) throws -> Data {
        // Shared values reconciled (and a store's `SharedValuesLoaded` applied) as the store did.
        let reducer = reducer.reconcilingSharedValues()
        return try export(recording, reducer: reducer, redactingState: redactingState) { state, action, _ in
            var work = ReducerWork()
            reducer.reduce(&state, action, work: &work)
        }
    }

    /// ``export(_:reducer:redactingState:)`` for an app whose reducers read dependencies: the
    /// computed states are computed as the store computed them — with `dependencies` as the
    /// store's, the values its generators made handed back (ids, dates), and shared values
    /// reconciled (`SharedValues`) — as ``Recording/replay(with:dependencies:)`` replays.
    ///
    /// - Parameters:
    ///   - recording: The recording.
    ///   - reducer: The app's reducer.
    ///   - dependencies: The dependencies its reducers read.
    ///   - redactingState: Applied to every state written.
    /// - Returns: The JSON.
    @MainActor
    public static func export<State: Encodable>(
        _ recording: Recording<State>, reducer: Reducer<State>, dependencies: any Sendable,
        redactingState: (State) -> State = { $0 }
    ) throws -> Data {
        let reducer = reducer.reconcilingSharedValues()
        return try export(recording, reducer: reducer, redactingState: redactingState) { state, action, step in
            ReducerDependencies.replaying(step.generated, dependencies: dependencies) {
                var work = ReducerWork()
                reducer.reduce(&state, action, work: &work)
            }
        }
    }

    private static func export<State: Encodable>(
        _ recording: Recording<State>, reducer: Reducer<State>, redactingState: (State) -> State,
        reducing reduce: (inout State, any Action, Recording<State>.Step) -> Void
    ) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var actionsById: [String: LiftedFile<State>.Entry] = [:]
        let start = (recording.steps.first?.date ?? Date()).timeIntervalSince1970 * 1000
        actionsById["0"] = .init(action: .object(["type": .string("@@INIT")]), timestamp: start, generated: nil)
        var state = recording.initialState
        // States are encoded straight into the file (no tree of each is built).
        var computed = [LiftedFile<State>.Computed(state: recording.redacted(state, redactingState))]
        var skipped: [Int] = []
        for (offset, step) in recording.steps.enumerated() {
            let id = offset + 1
            actionsById["\(id)"] = .init(
                action: .object(try actionObject(step, encoder: encoder)),
                timestamp: step.date.timeIntervalSince1970 * 1000,
                generated: step.generated.isEmpty ? nil : step.generated.compactMap { GeneratedValueFile($0) })
            if step.isSkipped {
                // The tool prepends each newly skipped id; the order carries no meaning on import.
                skipped.append(id)
            } else if let recorded = step.state {
                state = recorded
            } else if let performed = step.action, step.problem == nil {
                reduce(&state, performed, step)
            }
            computed.append(.init(state: recording.redacted(state, redactingState)))
        }
        let count = recording.steps.count
        let lifted = LiftedFile(
            actionsById: actionsById, computedStates: computed,
            committedState: recording.redacted(recording.initialState, redactingState), currentStateIndex: count,
            nextActionId: count + 1, skippedActionIds: skipped, stagedActionIds: Array(0...count))
        return try encoder.encode(lifted)
    }

    /// The tool's form of a step's action: its fields beside `type`, or under `payload` when its
    /// JSON is not an object or has a `type` of its own; a step that cannot be replayed is written
    /// by its description.
    private static func actionObject<State>(
        _ step: Recording<State>.Step, encoder: JSONEncoder
    ) throws -> [String: JSONValue] {
        var action: [String: JSONValue] = ["type": .string(step.typeName)]
        guard let encodable = step.action as? any Encodable, step.problem == nil else {
            action["description"] = .string(step.description)
            return action
        }
        let value = try JSONValue(encoding: encodable, with: encoder)
        if case .object(let fields) = value, fields["type"] == nil {
            action.merge(fields) { kept, _ in kept }
        } else {
            action["payload"] = value
        }
        return action
    }

    /// Reads a session the Redux DevTools extension exported, in any form its Import button takes:
    /// its lifted state (`features.export`), its default export
    /// (`{"payload": "<actions>", "preloadedState": "<state>"}`), or a bare array of actions.
    ///
    /// - The start state is the file's `committedState` or `preloadedState`; a file without one (the
    ///   app had no preloaded state, so the tool replays from the app's initial state) starts at
    ///   `initialState`, and a lifted state without either at its first computed state.
    /// - Each staged action is a step, `@@INIT` aside; those in `skippedActionIds` are marked
    ///   ``Recording/Step/isSkipped``. An action is decoded with `actions` by its `type`: from its
    ///   fields beside `type` (how the tool keeps them); when those do not decode and it has a
    ///   `payload` — a flux-standard action, or a file this library wrote before — from the
    ///   `payload`. An action whose only field is `payload` is decoded from the payload first. An
    ///   action that decodes neither way is kept with the reason (``Recording/Step/problem``).
    /// - The file is read in place, each action decoded from its own bytes.
    ///
    /// - Parameters:
    ///   - data: The file's content.
    ///   - actions: The action types to decode, by the `type` the file gives them.
    ///   - initialState: The app's initial state, for a file that carries no start state; `nil`
    ///     (the default) makes such a file an error.
    /// - Returns: The recording.
    /// - Throws: ``HistoryError`` naming what is wrong and where (a key, an index): a file that is
    ///   not JSON or none of the forms, a staged id without an entry, an id that is not a whole
    ///   number in range, an action without a `type`, a start state that does not decode.
    public static func importRecording<State: Decodable>(
        _ data: Data, actions: ActionRegistry, initialState: State? = nil
    ) throws -> Recording<State> {
        try importRecording(data, actions: actions, initialState: initialState, budget: ReadBudget(bytes: data.count))
    }

    /// ``importRecording(_:actions:initialState:)`` charging `budget`, which a test reads to see
    /// that the work stays linear in the file's size.
    static func importRecording<State: Decodable>(
        _ data: Data, actions: ActionRegistry, initialState: State?, budget: ReadBudget
    ) throws -> Recording<State> {
        do {
            return try data.withUnsafeBytes { bytes in
                try DevToolsImport<State>(bytes: bytes, actions: actions, initialState: initialState, budget: budget)
                    .recording()
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            // Every failure is a HistoryError; a syntax error found below the first scan names its offset.
            throw HistoryError.malformed(at: "the file", reason: "not JSON: \(error)")
        }
    }
}

/// redux-devtools-instrument's `LiftedState`, as ``ReduxDevTools/export(_:reducer:redactingState:)``
/// writes it.
private struct LiftedFile<State: Encodable>: Encodable {
    struct Entry: Encodable {
        var type = "PERFORM_ACTION"
        var action: JSONValue
        var timestamp: Double
        /// What the step's generators made (identifiers, dates, screen numbers), as a recording's
        /// own file writes it; absent for none. The instrument keeps an entry's fields as it
        /// imported them, so the values survive a trip through the tool.
        var generated: [GeneratedValueFile]?
    }

    struct Computed: Encodable {
        var state: State
    }

    var actionsById: [String: Entry]
    var computedStates: [Computed]
    var committedState: State
    var currentStateIndex: Int
    var nextActionId: Int
    var skippedActionIds: [Int]
    var stagedActionIds: [Int]
    // The rest of the instrument's `LiftedState`, as the extension writes them (its monitor's
    // reducer keeps `{}`).
    var isLocked = false
    var isPaused = false
    var monitorState: [String: Int] = [:]
}

/// The work of ``ReduxDevTools/importRecording(_:actions:initialState:)`` over one file's bytes.
private struct DevToolsImport<State: Decodable> {
    let scanner: JSONScanner
    let actions: ActionRegistry
    let initialState: State?
    let decoder: JSONDecoder

    init(bytes: UnsafeRawBufferPointer, actions: ActionRegistry, initialState: State?, budget: ReadBudget) {
        self.scanner = JSONScanner(bytes, budget: budget)
        self.actions = actions
        self.decoder = actions.jsonDecoder()
        self.initialState = initialState
    }

    private func malformed(_ path: String, _ reason: String) -> HistoryError {
        .malformed(at: path, reason: reason)
    }

    func recording() throws -> Recording<State> {
        let whole = 0..<scanner.bytes.count
        guard scanner.kind(of: whole) != nil else { throw malformed("the file", "it is empty") }
        let root: Range<Int>
        do {
            root = try scanner.value(in: whole)
        } catch {
            throw malformed("the file", "not JSON: \(error)")
        }
        switch scanner.kind(of: root) {
        case UInt8(ascii: "["):
            return try fromActions(root, path: "the file", start: nil)
        case UInt8(ascii: "{"):
            let members = try scanner.members(of: root)
            guard let payload = members.last(where: { $0.key == "payload" }) else {
                return try fromLifted(members, path: "")
            }
            return try fromDefaultExport(
                payload: payload.value, preloaded: members.last { $0.key == "preloadedState" })
        default:
            throw malformed("the file", "neither a JSON object nor an array of actions")
        }
    }

    /// `{"payload": "<actions or a lifted state>", "preloadedState": "<state>"}`: both strings of JSON.
    private func fromDefaultExport(payload: Range<Int>, preloaded: JSONScanner.Member?) throws -> Recording<State> {
        guard let text = try scanner.string(in: payload) else {
            throw malformed("payload", "not a string (the tool writes the actions as a string of JSON)")
        }
        var start: State?
        if let preloaded {
            // The tool reads it only when it is a non-empty string; `null` is as if absent.
            if let string = try scanner.string(in: preloaded.value) {
                if !string.isEmpty {
                    start = try decodeState(
                        try Self.normalized(Data(string.utf8), path: "preloadedState", budget: scanner.budget),
                        path: "preloadedState")
                }
            } else if scanner.kind(of: preloaded.value) != UInt8(ascii: "n") {
                throw malformed("preloadedState", "not a string (the tool writes the state as a string of JSON)")
            }
        }
        let inner = Data(text.utf8)
        return try inner.withUnsafeBytes { bytes in
            let nested = DevToolsImport(
                bytes: bytes, actions: actions, initialState: start ?? initialState, budget: scanner.budget)
            let whole = 0..<bytes.count
            let root: Range<Int>
            do {
                root = try nested.scanner.value(in: whole)
            } catch {
                throw malformed("payload", "its string is not JSON: \(error)")
            }
            switch nested.scanner.kind(of: root) {
            case UInt8(ascii: "["):
                return try nested.fromActions(root, path: "payload", start: start)
            case UInt8(ascii: "{"):
                return try nested.fromLifted(try nested.scanner.members(of: root), path: "payload.", start: start)
            default:
                throw malformed("payload", "neither an array of actions nor a lifted state")
            }
        }
    }

    /// An array of actions, replayed from the start state (as the tool's import does).
    private func fromActions(_ list: Range<Int>, path: String, start: State?) throws -> Recording<State> {
        guard let start = start ?? initialState else {
            throw malformed(
                path == "payload" ? "preloadedState" : "the file",
                "absent: the tool replays these actions from the app's initial state — pass initialState:")
        }
        var steps: [Recording<State>.Step] = []
        let elements = try scanner.elements(of: list)
        steps.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            steps.append(try step(index: index, action: element, path: "\(path)[\(index)]", timestamp: nil))
        }
        return Recording(initialState: start, steps: steps)
    }

    /// A lifted state: `actionsById`, `stagedActionIds` and `skippedActionIds` are required, as the
    /// tool's import requires them.
    private func fromLifted(
        _ members: [JSONScanner.Member], path prefix: String, start given: State? = nil
    ) throws -> Recording<State> {
        func member(_ key: String) -> Range<Int>? { members.last { $0.key == key }?.value }
        guard let byIDRange = member("actionsById") else { throw malformed(prefix + "actionsById", "absent") }
        guard let stagedRange = member("stagedActionIds") else { throw malformed(prefix + "stagedActionIds", "absent") }
        guard let skippedRange = member("skippedActionIds") else {
            throw malformed(prefix + "skippedActionIds", "absent")
        }
        guard scanner.kind(of: byIDRange) == UInt8(ascii: "{") else {
            throw malformed(prefix + "actionsById", "not an object")
        }
        var byID: [Int: Range<Int>] = [:]
        try scanner.forEachMember(of: byIDRange) { entry in
            guard let id = Self.actionID(decimal: entry.key) else {
                throw malformed(prefix + "actionsById", "the key \"\(entry.key)\" is not an action id")
            }
            byID[id] = entry.value
        }
        let staged = try ids(stagedRange, path: prefix + "stagedActionIds")
        let skipped = Set(try ids(skippedRange, path: prefix + "skippedActionIds"))

        var start = given
        if start == nil, let committed = member("committedState"), scanner.kind(of: committed) != UInt8(ascii: "n") {
            start = try decodeState(try data(committed), path: prefix + "committedState")
        }
        if start == nil { start = initialState }
        if start == nil, let computed = member("computedStates"), scanner.kind(of: computed) == UInt8(ascii: "[") {
            if let first = try scanner.elements(of: computed).first, scanner.kind(of: first) == UInt8(ascii: "{"),
                let state = try scanner.members(of: first).last(where: { $0.key == "state" })
            {
                start = try decodeState(try data(state.value), path: prefix + "computedStates[0].state")
            }
        }
        guard let start else {
            throw malformed(
                prefix + "committedState", "absent, and no computed state nor initialState: to start from")
        }

        var steps: [Recording<State>.Step] = []
        steps.reserveCapacity(staged.count)
        for (position, id) in staged.enumerated() {
            let entryPath = "\(prefix)actionsById[\"\(id)\"]"
            guard let entry = byID[id] else {
                throw malformed("\(prefix)stagedActionIds[\(position)]", "the id \(id) has no entry in actionsById")
            }
            guard scanner.kind(of: entry) == UInt8(ascii: "{") else { throw malformed(entryPath, "not an object") }
            var action: Range<Int>?
            var timestamp: Double?
            var generated: Range<Int>?
            try scanner.forEachMember(of: entry) { field in
                switch field.key {
                case "action": action = field.value
                case "timestamp": timestamp = scanner.number(in: field.value)
                case "generated": generated = field.value
                default: break
                }
            }
            guard let action else { throw malformed(entryPath, "no action") }
            if id == 0 || isInit(action) { continue }
            var made = try step(
                index: steps.count, action: action, path: entryPath + ".action", timestamp: timestamp,
                isSkipped: skipped.contains(id))
            if let generated {
                // What this library wrote there (`export`); a field the tool's users did not write.
                guard
                    let values = try? decoder.decode([GeneratedValueFile].self, from: try data(generated))
                else { throw malformed(entryPath + ".generated", "not a list of generated values") }
                made = made.with(generated: values.compactMap(\.value))
            }
            steps.append(made)
        }
        return Recording(initialState: start, steps: steps)
    }

    /// Whether the action is the tool's own `@@INIT`.
    private func isInit(_ action: Range<Int>) -> Bool {
        guard scanner.kind(of: action) == UInt8(ascii: "{"),
            let members = try? scanner.members(of: action),
            let type = members.last(where: { $0.key == "type" }).flatMap({ try? scanner.string(in: $0.value) })
        else { return false }
        return type == "@@INIT"
    }

    /// The ids of an id list: whole numbers from 0 below 2⁵³ (what a JavaScript number holds exactly).
    private func ids(_ range: Range<Int>, path: String) throws -> [Int] {
        guard scanner.kind(of: range) == UInt8(ascii: "[") else { throw malformed(path, "not an array") }
        return try scanner.elements(of: range).enumerated().map { index, element in
            guard let value = scanner.number(in: element), let id = Self.actionID(value) else {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: scanner.bytes[element]), as: UTF8.self)
                throw malformed("\(path)[\(index)]", "\(text.prefix(40)) is not an action id")
            }
            return id
        }
    }

    static func actionID(_ value: Double) -> Int? {
        guard value >= 0, value < 9_007_199_254_740_992, value.rounded(.towardZero) == value else { return nil }
        return Int(value)
    }

    static func actionID(decimal key: String) -> Int? {
        // The tool writes ids as JavaScript writes numbers: no sign, no leading zero (`"01"` is
        // another key, not the id 1, and is refused rather than read as one).
        guard !key.isEmpty, key.count <= 16, key.utf8.allSatisfy({ (48...57).contains($0) }),
            key == "0" || key.utf8.first != UInt8(ascii: "0"), let value = Int(key), value < 9_007_199_254_740_992
        else { return nil }
        return value
    }

    /// `json` (a whole document) as ``data(_:)`` gives a value.
    private static func normalized(_ json: Data, path: String, budget: ReadBudget) throws -> Data {
        try json.withUnsafeBytes { bytes in
            let scanner = JSONScanner(bytes, budget: budget)
            do {
                return try scanner.normalized(try scanner.value(in: 0..<bytes.count))
            } catch {
                throw HistoryError.malformed(at: path, reason: "its string is not JSON: \(error)")
            }
        }
    }

    private func decodeState(_ json: Data, path: String) throws -> State {
        do {
            return try decoder.decode(State.self, from: json)
        } catch {
            throw malformed(path, "does not decode as \(State.self): \(error)\(Self.serializationHint(json))")
        }
    }

    /// What to say when a value carries the tool's tags for values JSON cannot hold.
    private static func serializationHint(_ json: Data) -> String {
        let text = String(decoding: json, as: UTF8.self)
        if text.contains("\"$jsan\"") {
            return " (it holds jsan tags — {\"$jsan\": …}: the app exported with the serialize option; dates, maps"
                + " and repeated references are not read)"
        }
        if text.contains("__serializedType__") {
            return " (it holds Immutable.js values tagged __serializedType__, which are not read)"
        }
        return ""
    }

    /// One action: its `type`, then decoded from its fields beside `type` or from its `payload`.
    private func step(
        index: Int, action range: Range<Int>, path: String, timestamp: Double?, isSkipped: Bool = false
    ) throws -> Recording<State>.Step {
        guard scanner.kind(of: range) == UInt8(ascii: "{") else {
            throw malformed(path, "not an object (an action is {\"type\": …})")
        }
        let members = try scanner.members(of: range)
        guard let typeMember = members.last(where: { $0.key == "type" }) else {
            throw malformed(path, "no \"type\" (the tool refuses such an action too)")
        }
        guard let typeName = try scanner.string(in: typeMember.value) else {
            throw malformed(path + ".type", "not a string")
        }
        // A repeated field counts once, with its last value, as JSON.parse reads it (Foundation's
        // decoder would take the first).
        var lastPosition: [String: Int] = [:]
        for (position, member) in members.enumerated() { lastPosition[member.key] = position }
        let fields = members.enumerated().filter {
            $0.element.key != "type" && lastPosition[$0.element.key] == $0.offset
        }
        .map(\.element)
        let payload = fields.first { $0.key == "payload" }
        var candidates: [Data] = [try fieldsObject(fields)]
        if let payload {
            let payloadData = try data(payload.value)
            if fields.count == 1 { candidates.insert(payloadData, at: 0) } else { candidates.append(payloadData) }
        }
        var action: (any Action)?
        var problem: String?
        if let decode = actions.decoder(for: typeName) {
            var firstError: (any Error)?
            for candidate in candidates {
                do {
                    action = try decoder.decode(DecodingBox<any Action>.self, from: candidate, configuration: decode)
                        .value
                    break
                } catch {
                    if firstError == nil { firstError = error }
                }
            }
            if action == nil, let firstError {
                problem = "\(typeName) no longer decodes: \(firstError)"
            }
        } else {
            problem = "\(typeName) is not in the ActionRegistry"
        }
        var date = Date(timeIntervalSince1970: 0)
        if let timestamp, timestamp.isFinite { date = Date(timeIntervalSince1970: timestamp / 1000) }
        return .init(
            index: index, date: date, action: action, typeName: typeName, description: action == nil ? typeName : nil,
            state: nil, problem: problem, isSkipped: isSkipped)
    }

    /// The value at `range`, as data Foundation's decoder reads as JSON.parse reads the bytes
    /// (``JSONScanner/normalized(_:)``: a repeated key's last value, lone surrogates as U+FFFD).
    private func data(_ range: Range<Int>) throws -> Data {
        try scanner.normalized(range)
    }

    /// An object of the members given: the action's fields without its `type`.
    private func fieldsObject(_ fields: [JSONScanner.Member]) throws -> Data {
        var data = Data("{".utf8)
        for (position, field) in fields.enumerated() {
            if position > 0 { data.append(UInt8(ascii: ",")) }
            JSONScanner.appendQuoted(field.key, to: &data)
            data.append(UInt8(ascii: ":"))
            data.append(try scanner.normalized(field.value))
        }
        data.append(UInt8(ascii: "}"))
        return data
    }
}
