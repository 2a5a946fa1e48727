import Foundation
import Redux
import ReduxDiff

/// What a store did: the actions it reduced, in order, with when, and the state at intervals — the
/// start state first. Made by a ``HistoryRecorder``; exported as JSON for a bug report
/// (``encoded(redactingState:maximumBytes:)``), read back with ``init(json:actions:)``, replayed with
/// ``replay(with:)``.
///
/// Steps are numbered from the start of the session; when the recorder's limit dropped the oldest,
/// ``droppedSteps`` says how many, and ``initialState`` is the state before the first kept step.
public struct Recording<State> {
    /// One reduced action.
    public struct Step {
        /// The step's number in the session (0 for the first action recorded).
        public let index: Int
        /// When the action was reduced.
        public let date: Date
        /// The action, as recorded (after redaction); `nil` when read from a file in which it is
        /// not replayable or no longer decodes (see ``problem``).
        public let action: (any Action)?
        /// The action's type, when recorded in this process (its name is worked out when asked:
        /// nothing is described while recording).
        let actionType: (any Action.Type)?
        /// The type name and description read from a file.
        let storedTypeName: String?
        let storedDescription: String?

        /// The action's type name, as a file names it (`AddTodo`, `AppAction`).
        public var typeName: String {
            storedTypeName ?? actionType.map { Recording<Never>.typeName(of: $0) } ?? "?"
        }

        /// The action as text (logs, reports), whether or not it is replayable.
        public var description: String {
            if let storedDescription { return storedDescription }
            guard let action else { return "\(typeName) (redacted)" }
            return ValueDiff.describe(action, maxLength: 200)
        }
        /// The state after the action, at the recorder's snapshot interval; `nil` between snapshots.
        public private(set) var state: State?
        /// Why the action cannot be replayed: not `Codable` when recorded, not registered, or no
        /// longer decodable (an older app version's action). `nil` when it can be.
        public let problem: String?

        /// Whether time travel skipped the step (``HistoryRecorder/toggleSkip(_:)``, or the Redux
        /// DevTools' `skippedActionIds`): its action is kept but not reduced — the states after it
        /// lack its change, and replay passes over it, as the tool does.
        public let isSkipped: Bool

        /// Whether the step can be reduced again.
        public var isReplayable: Bool { action != nil && problem == nil }

        /// The values the store's generators (`UUIDGenerator`, `DateGenerator`) made while the step
        /// was reduced, in order: given back when it is replayed, so a replay sees the identifiers
        /// and dates the app saw.
        var generated: [any Sendable]

        /// A step recorded in this process.
        init(
            index: Int, date: Date, action: (any Action)?, type: any Action.Type, state: State?, problem: String?,
            isSkipped: Bool = false, generated: [any Sendable] = []
        ) {
            self.index = index
            self.date = date
            self.action = action
            self.actionType = type
            self.storedTypeName = nil
            self.storedDescription = nil
            self.state = state
            self.problem = problem
            self.isSkipped = isSkipped
            self.generated = generated
        }

        /// A step read from a file; with no `description`, a decoded action is described when asked.
        init(
            index: Int, date: Date, action: (any Action)?, typeName: String, description: String?, state: State?,
            problem: String?, isSkipped: Bool = false, generated: [any Sendable] = []
        ) {
            self.index = index
            self.date = date
            self.action = action
            self.actionType = nil
            self.storedTypeName = typeName
            self.storedDescription = description
            self.state = state
            self.problem = problem
            self.isSkipped = isSkipped
            self.generated = generated
        }

        /// This step with another state snapshot.
        func with(state: State?) -> Step {
            var step = self
            step.state = state
            return step
        }

        /// This step with the values its generators made (read from a file).
        func with(generated: [any Sendable]) -> Step {
            var step = self
            step.generated = generated
            return step
        }
    }

    /// The state before the first kept step.
    public var initialState: State
    /// The kept steps, oldest first.
    public var steps: [Step]
    /// How many of the oldest steps the recorder's limit dropped.
    public var droppedSteps: Int
    /// What every export writes in place of a state (``HistoryRecorder``'s `redactState`): secrets
    /// cleared. Applied by ``encoded(redactingState:maximumBytes:)`` and ``ReduxDevTools/export(_:reducer:redactingState:)``
    /// to the start state, the snapshots and every computed state; `nil` writes states as they are.
    public var stateRedaction: (@Sendable (State) -> State)?

    /// A recording of `steps` from `initialState`.
    ///
    /// - Parameters:
    ///   - initialState: The state before the first step.
    ///   - steps: The steps, oldest first.
    ///   - droppedSteps: How many earlier steps were dropped.
    ///   - stateRedaction: What every export writes in place of a state; `nil` (the default) writes
    ///     states as they are.
    public init(
        initialState: State, steps: [Step], droppedSteps: Int = 0,
        stateRedaction: (@Sendable (State) -> State)? = nil
    ) {
        self.initialState = initialState
        self.steps = steps
        self.droppedSteps = droppedSteps
        self.stateRedaction = stateRedaction
    }

    /// `state` as an export writes it: through ``stateRedaction``, then `extra`.
    func redacted(_ state: State, _ extra: (State) -> State) -> State {
        extra(stateRedaction.map { $0(state) } ?? state)
    }
}

extension Recording.Step: Sendable where State: Sendable {}
extension Recording: Sendable where State: Sendable {}

/// The action types a recording's file may name, and how to decode each: for an app with one enum
/// action, one line.
///
/// ```swift
/// let actions = ActionRegistry().registering(AppAction.self).registering(AddTodo.self)
/// ```
public struct ActionRegistry: Sendable {
    private var decoders: [String: @Sendable (any Decoder) throws -> any Action] = [:]
    private var identifierDecoders: [String: @Sendable (any Decoder) throws -> any Hashable & Sendable] = [:]

    /// A registry of the library's own actions: `ElementAction` (what a row's, a child's or a
    /// screen's scope sends), `Dismiss` and `SharedValuesLoaded` (what a store dispatches when the
    /// copies of a persisted shared key appear), and `UUID` element identifiers. Register the app's
    /// actions, its stacks' `StackAction<Screen>` and its own identifier types.
    public init() {
        decoders["ElementAction"] = { decoder in try ElementAction(from: decoder) }
        decoders["Dismiss"] = { decoder in try Dismiss(from: decoder) }
        decoders["SharedValuesLoaded"] = { decoder in try SharedValuesLoaded(from: decoder) }
        identifierDecoders["UUID"] = { decoder in try UUID(from: decoder) }
    }

    /// This registry with `type` added, named as a recording names it (its type name, or `name`).
    /// An action carried by another (an `ElementAction`) is always named by its type name: a
    /// type registered under another `name` is found by its type name too.
    ///
    /// - Parameters:
    ///   - type: An action type that is `Decodable`.
    ///   - name: The name in recordings; the type's own name by default.
    /// - Returns: The registry.
    public func registering<A: Action & Decodable>(_ type: A.Type, as name: String? = nil) -> ActionRegistry {
        var registry = self
        let typeName = Recording<Never>.typeName(of: type)
        let decode: @Sendable (any Decoder) throws -> any Action = { decoder in try A(from: decoder) }
        registry.decoders[name ?? typeName] = decode
        if registry.decoders[typeName] == nil { registry.decoders[typeName] = decode }
        return registry
    }

    /// This registry with an element identifier type added: rows keyed by the app's own type
    /// (`Todo.ID`), whose actions a file carries in `ElementAction`s. The standard library's
    /// integers, `String`, `UUID` and `StackElementID` need no registering.
    ///
    /// - Parameter type: The identifier's type.
    /// - Returns: The registry.
    public func registeringIdentifier<ID: Decodable & Hashable & Sendable>(_ type: ID.Type) -> ActionRegistry {
        var registry = self
        registry.identifierDecoders[Recording<Never>.typeName(of: type)] = { decoder in try ID(from: decoder) }
        return registry
    }

    func decoder(for name: String) -> (@Sendable (any Decoder) throws -> any Action)? {
        decoders[name]
    }

    /// What a decoder needs to read an action that carries others (`ElementAction`).
    var decodingContext: ActionDecodingContext {
        let decoders = decoders
        let identifierDecoders = identifierDecoders
        return ActionDecodingContext(
            action: { name, decoder in
                guard let decode = decoders[name] else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: decoder.codingPath,
                            debugDescription: "the carried action \(name) is not in the ActionRegistry"))
                }
                return try decode(decoder)
            },
            identifier: { name, decoder in try identifierDecoders[name]?(decoder) })
    }

    /// A JSON decoder that reads actions carrying others with this registry.
    func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[ActionDecodingContext.userInfoKey] = decodingContext
        return decoder
    }
}

// MARK: - The file format

extension Recording {
    /// The name a recording gives an action type: its name without the module (`AddTodo`,
    /// `AppAction`, `Outer.Inner`).
    static func typeName(of type: Any.Type) -> String {
        ActionDecodingContext.typeName(of: type)
    }

    /// The current version of the file format (``encoded(redactingState:maximumBytes:)``).
    public static var formatVersion: Int { 1 }
}

/// The JSON file of a recording, version 1 (documented in docs/history.md).
struct RecordingFile<State: Codable>: Codable {
    var format = "swift-redux-history"
    var version: Int
    var droppedSteps: Int
    var initialState: State
    var steps: [StepFile]

    struct StepFile: Codable {
        var index: Int
        var date: Double
        var type: String
        var description: String
        var action: JSONValue?
        var problem: String?
        var state: State?
        /// `true` for a step time travel skipped; absent otherwise (files before it had none).
        var skipped: Bool?
        /// The identifiers and dates the step's reduction generated; absent for none.
        var generated: [GeneratedValueFile]?
    }
}

/// One generated value in a file: `{"uuid": "…"}`, `{"random": 64 bits}` or `{"date": seconds since 1970,
/// "sinceReference": seconds since 2001}` — the second is the `Date`'s own value, read back bit
/// for bit (seconds since 1970 are computed from it and may round); the first is for people
/// and for files written before it.
struct GeneratedValueFile: Codable {
    var uuid: UUID?
    var date: Double?
    var sinceReference: Double?
    /// 64 bits a `RandomGenerator` drew: `{"random": 1234}`.
    var random: UInt64?
    /// The number a navigation stack gave a pushed screen: `{"screen": 1}`.
    var screen: UInt64?

    init?(_ value: any Sendable) {
        switch value {
        case let id as StackElementID:
            guard let number = id.number else { return nil }
            self.screen = number
        case let uuid as UUID: self.uuid = uuid
        case let date as Date:
            self.date = date.timeIntervalSince1970
            self.sinceReference = date.timeIntervalSinceReferenceDate
        case let bits as UInt64: self.random = bits
        default: return nil
        }
    }

    var value: (any Sendable)? {
        if let screen { return StackElementID(integerLiteral: screen) }
        if let uuid { return uuid }
        if let random { return random }
        if let sinceReference { return Date(timeIntervalSinceReferenceDate: sinceReference) }
        return date.map { Date(timeIntervalSince1970: $0) }
    }
}

extension Recording where State: Codable {
    /// The recording as JSON (``formatVersion``): what a user attaches to a bug report. Actions that
    /// are `Encodable` are written in full and replayable; the others by their description, marked
    /// not replayable. Encoding happens here, never while recording.
    ///
    /// - Parameters:
    ///   - redactingState: Applied to every state written (the start state and the snapshots), after
    ///     the recording's own ``stateRedaction`` — clear secrets, as the logger's transformers do;
    ///     the actions were redacted when recorded.
    ///   - maximumBytes: A byte budget for the file: the oldest steps are dropped (up to a recorded
    ///     state, which becomes the start) until it fits, and `droppedSteps` says how many went.
    ///     `nil` (the default): no budget.
    /// - Returns: The JSON.
    /// - Throws: ``HistoryError/tooLarge(bytes:maximum:)`` when even the steps after the last
    ///   recorded state do not fit.
    public func encoded(redactingState: (State) -> State = { $0 }, maximumBytes: Int? = nil) throws -> Data {
        var recording = self
        while true {
            let data = try recording.encodedWhole(redactingState: redactingState)
            guard let maximumBytes, data.count > maximumBytes else { return data }
            // Drop about the share of steps that is over the budget, up to the next recorded state.
            let share = 1 - Double(maximumBytes) / Double(data.count)
            let estimate = max(Int(Double(recording.steps.count) * share) - 1, 0)
            guard
                let cut = recording.steps.indices.first(where: { $0 >= estimate && recording.steps[$0].state != nil })
                    ?? recording.steps.indices.last(where: { recording.steps[$0].state != nil }),
                let start = recording.steps[cut].state
            else {
                throw HistoryError.tooLarge(bytes: data.count, maximum: maximumBytes)
            }
            recording.initialState = start
            recording.droppedSteps += cut + 1
            recording.steps.removeFirst(cut + 1)
        }
    }

    private func encodedWhole(redactingState: (State) -> State) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var file = RecordingFile<State>(
            version: Self.formatVersion, droppedSteps: droppedSteps,
            initialState: redacted(initialState, redactingState), steps: [])
        for step in steps {
            var action: JSONValue?
            var problem = step.problem
            if problem == nil, let encodable = step.action as? any Encodable {
                do {
                    action = try JSONValue(encoding: encodable, with: encoder)
                } catch {
                    problem = "could not be encoded: \(error)"
                }
            } else if problem == nil {
                problem = "\(step.typeName) is not Codable: kept by its description"
            }
            file.steps.append(
                .init(
                    index: step.index, date: step.date.timeIntervalSince1970, type: step.typeName,
                    description: step.description, action: action, problem: problem,
                    state: step.state.map { redacted($0, redactingState) }, skipped: step.isSkipped ? true : nil,
                    generated: step.generated.isEmpty
                        ? nil : step.generated.compactMap { GeneratedValueFile($0) }))
        }
        return try encoder.encode(file)
    }

    /// Reads a recording's JSON. Each action is decoded with `actions`; one that is not registered
    /// or no longer decodes (a recording from an older app version) is kept with the reason in its
    /// step's ``Step/problem`` — never a crash, never dropped silently.
    ///
    /// - Parameters:
    ///   - json: The file's content.
    ///   - actions: The action types to decode.
    /// - Throws: `HistoryError` when the file is not a recording of a known version, or its
    ///   states do not decode.
    public init(json: Data, actions: ActionRegistry) throws {
        let decoder = JSONDecoder()
        let header: FormatHeader
        do {
            header = try decoder.decode(FormatHeader.self, from: json)
        } catch {
            throw HistoryError.notARecording(reason: "\(error)")
        }
        guard header.format == "swift-redux-history" else {
            throw HistoryError.notARecording(reason: "format is \"\(header.format)\"")
        }
        guard header.version <= Self.formatVersion else {
            throw HistoryError.unsupportedVersion(header.version, supported: Self.formatVersion)
        }
        let file: RecordingFile<State>
        do {
            file = try decoder.decode(RecordingFile<State>.self, from: json)
        } catch {
            throw HistoryError.notARecording(reason: "the states do not decode: \(error)")
        }
        let steps = file.steps.map { step -> Step in
            var action: (any Action)?
            var problem = step.problem
            if problem == nil {
                if let payload = step.action, let decode = actions.decoder(for: step.type) {
                    do {
                        action = try payload.decode(with: decode, decoder: actions.jsonDecoder())
                    } catch {
                        problem = "\(step.type) no longer decodes: \(error)"
                    }
                } else if step.action == nil {
                    problem = "no action was written"
                } else {
                    problem = "\(step.type) is not in the ActionRegistry"
                }
            }
            return Step(
                index: step.index, date: Date(timeIntervalSince1970: step.date), action: action,
                typeName: step.type, description: step.description, state: step.state, problem: problem,
                isSkipped: step.skipped == true, generated: step.generated?.compactMap(\.value) ?? [])
        }
        self.init(initialState: file.initialState, steps: steps, droppedSteps: file.droppedSteps)
    }
}

private struct FormatHeader: Decodable {
    var format: String
    var version: Int
}

/// Why a recording file could not be read.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    /// The data is not a recording (or not one this library wrote); the reason says what failed.
    case notARecording(reason: String)
    /// The recording was written by a newer version of the format.
    case unsupportedVersion(Int, supported: Int)
    /// The recording does not fit the byte budget even from its last recorded state.
    case tooLarge(bytes: Int, maximum: Int)
    /// A Redux DevTools file (``ReduxDevTools/importRecording(_:actions:initialState:)``) is wrong at
    /// `path` — a key, an index (`stagedActionIds[3]`, `actionsById["7"].action`) or "the file".
    case malformed(at: String, reason: String)

    /// A sentence naming the cause.
    public var description: String {
        switch self {
        case .notARecording(let reason): return "not a swift-redux recording: \(reason)"
        case .unsupportedVersion(let version, let supported):
            return "the recording's format version \(version) is newer than this library's (\(supported))"
        case .tooLarge(let bytes, let maximum):
            return "the recording takes \(bytes) bytes from its last recorded state, over the budget of \(maximum)"
        case .malformed(let path, let reason): return "not a Redux DevTools file this library reads: \(path): \(reason)"
        }
    }
}

/// Any JSON value: how a recording keeps an action's encoding without knowing its type.
///
/// Numbers are kept exactly as Foundation's decoder reads them: a whole number that fits `Int64`
/// or `UInt64` as that integer (every 64-bit value round-trips, where a `Double` holds 53 bits),
/// any other as the `Double` the text denotes (`-0` stays negative zero). Written back with
/// `JSONEncoder`, each is the shortest text that reads as the same value, so an action or a state
/// goes through a file bit for bit.
enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    /// A whole number that fits `Int64`.
    case integer(Int64)
    /// A whole number above `Int64.max` that fits `UInt64`.
    case unsigned(UInt64)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            // `-0` reads as the integer 0: kept as the Double it is, so its sign survives.
            if value == 0, let double = try? container.decode(Double.self), double.sign == .minus {
                self = .number(double)
            } else {
                self = .integer(value)
            }
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The JSON of `value`.
    init(encoding value: any Encodable, with encoder: JSONEncoder) throws {
        let data = try encoder.encode(EncodableBox(value: value))
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Decodes this JSON with `decode`.
    func decode<T>(with decode: @escaping (any Decoder) throws -> T, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        let data = try JSONEncoder().encode(self)
        return try decoder.decode(DecodingBox<T>.self, from: data, configuration: decode).value
    }
}

private struct EncodableBox: Encodable {
    let value: any Encodable
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

struct DecodingBox<T>: DecodableWithConfiguration {
    let value: T
    init(from decoder: any Decoder, configuration: (any Decoder) throws -> T) throws {
        value = try configuration(decoder)
    }
}
