import Foundation
import Redux
import Testing

@testable import ReduxHistory

// The counter app the real Redux DevTools files were written for (DevToolsFiles/README.md).
struct CountState: Codable, Equatable, Sendable { var count = 0 }
struct IncrementCount: Action, Codable {}
struct DecrementCount: Action, Codable {}
struct AddAmount: Action, Codable, Equatable { let amount: Int }
/// An action with a field named `payload`: decoded from its fields, not from the payload alone.
struct Load: Action, Codable, Equatable { let payload: String }

let countReducer = Reducer<CountState>.combine(
    .on(IncrementCount.self) { state, _ in state.count += 1 },
    .on(DecrementCount.self) { state, _ in state.count -= 1 },
    .on(AddAmount.self) { state, action in state.count += action.amount }
)

let countActions = ActionRegistry()
    .registering(IncrementCount.self, as: "INCREMENT")
    .registering(DecrementCount.self, as: "DECREMENT")
    .registering(AddAmount.self, as: "ADD")
    .registering(Load.self, as: "LOAD")

/// A file the real instrument wrote.
func devToolsFile(_ name: String) throws -> Data {
    try Data(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("DevToolsFiles").appendingPathComponent(name))
}

/// The state before the first step and after each, as the tool computes them (skipped steps change
/// nothing).
func states(of recording: Recording<CountState>) -> [Int] {
    var state = recording.initialState
    var counts = [state.count]
    for step in recording.steps {
        if !step.isSkipped, let action = step.action { countReducer.reduce(&state, action) }
        counts.append(state.count)
    }
    return counts
}

func importCount(_ json: String, initialState: CountState? = nil) throws -> Recording<CountState> {
    try ReduxDevTools.importRecording(Data(json.utf8), actions: countActions, initialState: initialState)
}

/// The path of the `HistoryError.malformed` that `body` throws.
func malformedPath(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch HistoryError.malformed(let path, _) {
        return path
    } catch {
        return "another error: \(error)"
    }
}

struct DevToolsFileTests {
    @Test func theToolsLiftedStateFileGivesItsStates() throws {
        let recording: Recording<CountState> = try ReduxDevTools.importRecording(
            try devToolsFile("lifted-plain.json"), actions: countActions)
        #expect(recording.steps.map(\.typeName) == ["INCREMENT", "INCREMENT", "ADD", "DECREMENT"])
        let problems = recording.steps.map(\.problem)
        let replayable = recording.steps.allSatisfy { $0.isReplayable }
        #expect(replayable, "\(problems)")
        #expect(recording.steps[2].action as? AddAmount == AddAmount(amount: 5))
        #expect(states(of: recording) == [0, 1, 2, 7, 6])
        #expect(recording.replay(with: countReducer).finalState == CountState(count: 6))
        #expect(recording.steps[0].date == Date(timeIntervalSince1970: 1_735_689_602))
    }

    @Test func theToolsDefaultExportWithAPreloadedStateGivesItsStates() throws {
        let recording: Recording<CountState> = try ReduxDevTools.importRecording(
            try devToolsFile("export-actions-preloaded.json"), actions: countActions)
        #expect(recording.initialState == CountState(count: 15))
        #expect(states(of: recording) == [15, 14, -6])
    }

    @Test func aDefaultExportWithoutAPreloadedStateStartsAtTheAppsInitialState() throws {
        let file = #"{"payload": "[{\"type\":\"INCREMENT\"},{\"type\":\"ADD\",\"amount\":2}]"}"#
        let recording = try importCount(file, initialState: CountState(count: 1))
        #expect(states(of: recording) == [1, 2, 4])
        // Without the app's initial state, the error names what is missing and how to give it.
        #expect(malformedPath { _ = try importCount(file) } == "preloadedState")
    }

    @Test func aBareArrayOfActionsIsRead() throws {
        let recording = try importCount(#"[{"type":"INCREMENT"},{"type":"ADD","amount":2}]"#, initialState: .init())
        #expect(states(of: recording) == [0, 1, 3])
    }

    @Test func aFluxStandardActionsPayloadIsReadWhenItsFieldsDoNotDecode() throws {
        let recording = try importCount(
            #"[{"type":"ADD","payload":{"amount":3}},{"type":"LOAD","payload":"x"},{"type":"ADD","amount":1,"meta":{}}]"#,
            initialState: .init())
        #expect(recording.steps[0].action as? AddAmount == AddAmount(amount: 3))
        #expect(recording.steps[1].action as? Load == Load(payload: "x"), "a field named payload, decoded as a field")
        #expect(recording.steps[2].action as? AddAmount == AddAmount(amount: 1))
    }

    @Test func anActionThatDecodesNeitherWayIsKeptWithTheReason() throws {
        let recording = try importCount(#"[{"type":"ADD","amount":"five"},{"type":"RESET"}]"#, initialState: .init())
        #expect(recording.steps[0].problem?.hasPrefix("ADD no longer decodes") == true)
        #expect(recording.steps[1].problem == "RESET is not in the ActionRegistry")
        #expect(recording.steps.map(\.description) == ["ADD", "RESET"])
    }

    @Test func everyBrokenFileIsAnErrorThatSaysWhere() {
        let lifted = { (extra: String) in
            #"{"actionsById":{"0":{"type":"PERFORM_ACTION","action":{"type":"@@INIT"}},"#
                + #""1":{"type":"PERFORM_ACTION","action":{"type":"INCREMENT"}}},"computedStates":[],"#
                + #""committedState":{"count":0},"currentStateIndex":1,"nextActionId":2,"# + extra + "}"
        }
        let cases: [(file: String, path: String)] = [
            ("", "the file"),
            ("{", "the file"),
            ("5", "the file"),
            ("null", "the file"),
            (#"{"payload": "[INCREMENT"}"#, "payload"),
            (#"{"payload": {"type": "INCREMENT"}}"#, "payload"),
            (#"{"payload": ""}"#, "payload"),
            (#"{"payload": "[]", "preloadedState": "{\"count\": oops}"}"#, "preloadedState"),
            (#"[{"type":"INCREMENT"},{"amount":1}]"#, "the file[1]"),
            (#"[{"type":"INCREMENT"}, 7]"#, "the file[1]"),
            (lifted(#""stagedActionIds":[0,1,2],"skippedActionIds":[]"#), "stagedActionIds[2]"),
            (lifted(#""stagedActionIds":[0,1e300],"skippedActionIds":[]"#), "stagedActionIds[1]"),
            (lifted(#""stagedActionIds":[0,-1],"skippedActionIds":[]"#), "stagedActionIds[1]"),
            (lifted(#""stagedActionIds":[0,1.5],"skippedActionIds":[]"#), "stagedActionIds[1]"),
            (lifted(#""stagedActionIds":[0,"1"],"skippedActionIds":[]"#), "stagedActionIds[1]"),
            (lifted(#""stagedActionIds":[0,1],"skippedActionIds":[1e300]"#), "skippedActionIds[0]"),
            (lifted(#""skippedActionIds":[]"#), "stagedActionIds"),
            (lifted(#""stagedActionIds":[0,1]"#), "skippedActionIds"),
            (#"{"stagedActionIds":[0],"skippedActionIds":[]}"#, "actionsById"),
            (#"{"actionsById":{"x":{}},"stagedActionIds":[0],"skippedActionIds":[]}"#, "actionsById"),
            (
                #"{"actionsById":{"0":{"action":{"type":"@@INIT"}},"1":{"type":"PERFORM_ACTION"}},"#
                    + #""committedState":{"count":0},"stagedActionIds":[0,1],"skippedActionIds":[]}"#,
                #"actionsById["1"]"#
            ),
            (
                #"{"payload":"{\"actionsById\":{},\"stagedActionIds\":[3],\"skippedActionIds\":[]}","#
                    + #""preloadedState":"{\"count\":1}"}"#,
                "payload.stagedActionIds[0]"
            ),
        ]
        for (file, path) in cases {
            #expect(malformedPath { _ = try importCount(file, initialState: CountState()) } == path, "\(file)")
        }
        // No start state anywhere: not the file's, not the app's, no computed state.
        let noStart = #"{"actionsById":{"0":{"action":{"type":"@@INIT"}}},"stagedActionIds":[0],"skippedActionIds":[]}"#
        #expect(malformedPath { _ = try importCount(noStart) } == "committedState")
        let started = try? importCount(noStart, initialState: CountState(count: 3))
        #expect(started?.initialState == CountState(count: 3))
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(malformedPath { _ = try importCount(deep, initialState: .init()) } == "the file")
    }

    @Test func valuesTheToolTagsAreReportedByName() {
        let file = #"{"payload":"[]","preloadedState":"{\"count\":{\"$jsan\":\"d1\"}}"}"#
        #expect(throws: HistoryError.self) { _ = try importCount(file) }
        do {
            _ = try importCount(file)
        } catch {
            #expect("\(error)".contains("jsan"))
        }
    }

    @Test func theToolsSkippedActionsAreKeptMarkedSkipped() throws {
        let file = #"""
            {"actionsById":{"0":{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":1},
             "1":{"type":"PERFORM_ACTION","action":{"type":"INCREMENT"},"timestamp":2},
             "2":{"type":"PERFORM_ACTION","action":{"type":"ADD","amount":10},"timestamp":3},
             "3":{"type":"PERFORM_ACTION","action":{"type":"DECREMENT"},"timestamp":4}},
             "computedStates":[],"stagedActionIds":[0,1,2,3],"skippedActionIds":[2,42],"currentStateIndex":3,
             "nextActionId":4}
            """#
        let recording = try importCount(file, initialState: CountState())
        #expect(recording.steps.map(\.isSkipped) == [false, true, false])
        #expect(states(of: recording) == [0, 1, 1, 0])
        #expect(recording.replay(with: countReducer).finalState == CountState(count: 0))
    }
}

/// The export, checked against the rules of ../shared/devtools/FORMAT.md (what the tool needs to
/// open a file and what every real export has), and redaction in every export form.
@MainActor
struct DevToolsExportTests {
    /// FORMAT.md §3: "What the file needs to open and work", and the shape of every real export.
    func checkFormatRules(_ data: Data) throws {
        let lifted = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let staged = try #require(lifted["stagedActionIds"] as? [Int])
        let skipped = try #require(lifted["skippedActionIds"] as? [Int])
        let byID = try #require(lifted["actionsById"] as? [String: [String: Any]])
        let computed = try #require(lifted["computedStates"] as? [[String: Any]])
        let index = try #require(lifted["currentStateIndex"] as? Int)
        let next = try #require(lifted["nextActionId"] as? Int)
        #expect(staged.first == 0)
        #expect(Set(skipped).isSubset(of: Set(staged)))
        #expect(computed.count == staged.count)
        #expect((0..<computed.count).contains(index))
        #expect(staged.allSatisfy { $0 < next } && byID.keys.compactMap(Int.init).allSatisfy { $0 < next })
        for id in staged {
            let entry = try #require(byID["\(id)"], "staged id \(id) has an entry")
            #expect(entry["type"] as? String == "PERFORM_ACTION")
            #expect((entry["action"] as? [String: Any])?["type"] is String)
        }
        #expect((lifted["monitorState"] as? [String: Any])?.isEmpty == true, "the extension writes {}")
    }

    @Test func theExportFollowsTheFormatsRulesAndKeepsFieldsBesideType() throws {
        let recorder = HistoryRecorder<TodoState>(snapshotEvery: 1, reducer: todoReducer(), now: { fixedDate })
        let store = recordingStore(recorder)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(Opaque())
        store.dispatch(ToggleTodo(id: 1))
        recorder.toggleSkip(2)
        let data = try ReduxDevTools.export(try #require(recorder.recording), reducer: todoReducer())
        try checkFormatRules(data)
        let lifted = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let byID = try #require(lifted["actionsById"] as? [String: [String: Any]])
        let toggle = try #require(byID["3"]?["action"] as? [String: Any])
        #expect(toggle["type"] as? String == "ToggleTodo")
        #expect(toggle["id"] as? Int == 1, "the action's fields beside its type, as the tool keeps them")
        #expect(lifted["skippedActionIds"] as? [Int] == [3])
        #expect((byID["2"]?["action"] as? [String: Any])?["description"] as? String == "Opaque()")
    }

    /// A secret in the state and one in an action: no export form writes either.
    @Test func redactionHoldsInEveryExportForm() throws {
        let recorder = HistoryRecorder<TodoState>(
            snapshotEvery: 1, reducer: todoReducer(),
            redact: { action in action is Login ? nil : action },
            redactState: { state in
                var state = state
                state.token = "•"
                return state
            })
        let store = recordingStore(recorder)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(Login(password: "hunter2"))
        store.dispatch(AddTodo(title: "b"))
        let recording = try #require(recorder.recording)
        for (form, data) in [
            ("the recording's file", try recording.encoded()),
            ("the recording's file, budgeted", try recording.encoded(maximumBytes: 100_000)),
            ("the Redux DevTools' lifted state", try ReduxDevTools.export(recording, reducer: todoReducer())),
        ] {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("secret"), "\(form) holds the state's secret")
            #expect(!text.contains("hunter2"), "\(form) holds the action's secret")
            #expect(text.contains("•"), "\(form) holds the redacted state")
        }
    }
}
