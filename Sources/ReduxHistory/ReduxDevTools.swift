import Foundation
import Redux
import ReduxDiff

/// Interchange with the Redux DevTools extension, so a recorded session opens in the tool Redux
/// users know (its Import button), and a session saved by the tool replays here.
///
/// - ``export(_:reducer:)`` writes the tool's *lifted state* — `actionsById` (`PERFORM_ACTION`
///   entries, the first the tool's `@@INIT`), `computedStates`, `stagedActionIds` from 0,
///   `skippedActionIds`, `currentStateIndex`, `nextActionId`, `committedState`, `isLocked`,
///   `isPaused`, `monitorState` (redux-devtools-instrument's `LiftedState`) — the file the tool saves
///   with `features.export`. Each action is `{"type": "<its type>", "payload": <its JSON>}`.
/// - ``importRecording(_:actions:)`` reads that file and the tool's default export
///   (`{"payload": "<the actions, as a JSON string>", "preloadedState": "<the state, as a JSON string>"}`).
///   As the tool does, it trusts the committed state and the actions, not the file's computed
///   states; actions the tool marked skipped are left out.
public enum ReduxDevTools {
    /// The lifted state of `recording`, as JSON. `computedStates` are computed with `reducer`
    /// (its returned work dropped) from the recording's start state.
    ///
    /// - Parameters:
    ///   - recording: The recording; its actions must be `Encodable` to be replayable in the tool
    ///     (others are written as `{"type": …, "description": …}`).
    ///   - reducer: The app's reducer, for the states after each action.
    /// - Returns: The JSON.
    public static func export<State: Encodable>(_ recording: Recording<State>, reducer: Reducer<State>) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var actionsById: [String: JSONValue] = [:]
        let start = (recording.steps.first?.date ?? Date()).timeIntervalSince1970 * 1000
        actionsById["0"] = .object([
            "type": .string("PERFORM_ACTION"), "action": .object(["type": .string("@@INIT")]),
            "timestamp": .number(start),
        ])
        var state = recording.initialState
        var computed: [JSONValue] = [.object(["state": try JSONValue(encoding: state, with: encoder)])]
        for (offset, step) in recording.steps.enumerated() {
            var action: [String: JSONValue] = ["type": .string(step.typeName)]
            if let encodable = step.action as? any Encodable, step.problem == nil {
                action["payload"] = try JSONValue(encoding: encodable, with: encoder)
            } else {
                action["description"] = .string(step.description)
            }
            actionsById["\(offset + 1)"] = .object([
                "type": .string("PERFORM_ACTION"), "action": .object(action),
                "timestamp": .number(step.date.timeIntervalSince1970 * 1000),
            ])
            if let performed = step.action, step.problem == nil {
                var work = ReducerWork()
                reducer.reduce(&state, performed, work: &work)
            } else if let recorded = step.state {
                state = recorded
            }
            computed.append(.object(["state": try JSONValue(encoding: state, with: encoder)]))
        }
        let count = recording.steps.count
        let lifted: JSONValue = .object([
            "actionsById": .object(actionsById),
            "computedStates": .array(computed),
            "committedState": try JSONValue(encoding: recording.initialState, with: encoder),
            "currentStateIndex": .number(Double(count)),
            "nextActionId": .number(Double(count + 1)),
            "skippedActionIds": .array([]),
            "stagedActionIds": .array((0...count).map { .number(Double($0)) }),
            // The rest of redux-devtools-instrument's `LiftedState`, as a fresh session has them.
            "isLocked": .bool(false),
            "isPaused": .bool(false),
            "monitorState": .null,
        ])
        return try encoder.encode(lifted)
    }

    /// Reads a session the Redux DevTools extension exported — its lifted state, or its default
    /// `{"payload", "preloadedState"}` export — as a recording: the committed (or preloaded) state
    /// as the start, the staged actions not skipped as steps, each decoded from `{"type", "payload"}`
    /// with `actions` (an action that does not decode is kept with the reason, as for a recording).
    ///
    /// - Parameters:
    ///   - data: The file's content.
    ///   - actions: The action types to decode, by the `type` the file gives them.
    /// - Returns: The recording.
    /// - Throws: ``HistoryError`` when the file is neither form, or has no start state.
    public static func importRecording<State: Decodable>(_ data: Data, actions: ActionRegistry) throws -> Recording<
        State
    > {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw HistoryError.notARecording(reason: "not JSON: \(error)")
        }
        guard case .object(let object) = root else { throw HistoryError.notARecording(reason: "not a JSON object") }
        if case .string(let payload)? = object["payload"] {
            // The default export: the actions (or a lifted state) and the preloaded state, as strings.
            let inner = try JSONDecoder().decode(JSONValue.self, from: Data(payload.utf8))
            var initial: JSONValue?
            if case .string(let preloaded)? = object["preloadedState"] {
                initial = try JSONDecoder().decode(JSONValue.self, from: Data(preloaded.utf8))
            }
            if case .object(let lifted) = inner, lifted["actionsById"] != nil {
                return try recording(fromLifted: lifted, initial: initial, actions: actions)
            }
            guard case .array(let list) = inner else {
                throw HistoryError.notARecording(reason: "the payload is neither a list of actions nor a lifted state")
            }
            let entries = list.map { (action: $0, timestamp: Double?.none) }
            return try recording(initial: initial, entries: entries, actions: actions)
        }
        return try recording(fromLifted: object, initial: nil, actions: actions)
    }

    private static func recording<State: Decodable>(
        fromLifted lifted: [String: JSONValue], initial: JSONValue?, actions: ActionRegistry
    ) throws -> Recording<State> {
        guard case .object(let byID)? = lifted["actionsById"] else {
            throw HistoryError.notARecording(reason: "no actionsById")
        }
        var staged: [Int] = []
        if case .array(let ids)? = lifted["stagedActionIds"] {
            staged = ids.compactMap { if case .number(let id) = $0 { Int(id) } else { nil } }
        } else {
            staged = byID.keys.compactMap { Int($0) }.sorted()
        }
        var skipped: Set<Int> = []
        if case .array(let ids)? = lifted["skippedActionIds"] {
            skipped = Set(ids.compactMap { if case .number(let id) = $0 { Int(id) } else { nil } })
        }
        var start = initial ?? lifted["committedState"]
        if start == nil, case .array(let states)? = lifted["computedStates"], case .object(let first)? = states.first {
            start = first["state"]
        }
        var entries: [(action: JSONValue, timestamp: Double?)] = []
        for id in staged where !skipped.contains(id) {
            guard case .object(let entry)? = byID["\(id)"], let action = entry["action"] else { continue }
            if case .object(let fields) = action, fields["type"] == .string("@@INIT") { continue }
            var timestamp: Double?
            if case .number(let value)? = entry["timestamp"] { timestamp = value }
            entries.append((action, timestamp))
        }
        return try recording(initial: start, entries: entries, actions: actions)
    }

    private static func recording<State: Decodable>(
        initial: JSONValue?, entries: [(action: JSONValue, timestamp: Double?)], actions: ActionRegistry
    ) throws -> Recording<State> {
        guard let initial else { throw HistoryError.notARecording(reason: "no committed or preloaded state") }
        let state: State
        do {
            state = try JSONDecoder().decode(State.self, from: try JSONEncoder().encode(initial))
        } catch {
            throw HistoryError.notARecording(reason: "the start state does not decode: \(error)")
        }
        var steps: [Recording<State>.Step] = []
        for (index, entry) in entries.enumerated() {
            var typeName = "?"
            var payload: JSONValue?
            if case .object(let fields) = entry.action {
                if case .string(let type)? = fields["type"] { typeName = type }
                payload = fields["payload"]
            }
            var action: (any Action)?
            var problem: String?
            if let decode = actions.decoder(for: typeName) {
                do {
                    action = try (payload ?? .object([:])).decode(with: decode)
                } catch {
                    problem = "\(typeName) no longer decodes: \(error)"
                }
            } else {
                problem = "\(typeName) is not in the ActionRegistry"
            }
            let date = Date(timeIntervalSince1970: (entry.timestamp ?? 0) / 1000)
            steps.append(
                .init(
                    index: index, date: date, action: action, typeName: typeName,
                    description: action.map { ValueDiff.describe($0, maxLength: 200) } ?? typeName, state: nil,
                    problem: problem))
        }
        return Recording(initialState: state, steps: steps)
    }
}
