import Foundation
import Redux
import Testing

@testable import ReduxHistory

// Numbers, repeated keys, ids and strings in files: read exactly, as Foundation's decoder and the
// Redux DevTools extension (JSON.parse) read them (issue 45, "Files are exact").

struct Ledger: Codable, Equatable, Sendable {
    var cents: Int64 = 0
    var big: UInt64 = 0
    var ratio: Double = 0
}

struct Deposit: Action, Codable, Equatable {
    var cents: Int64
    var big: UInt64
    var ratio: Double
}

let ledgerReducer = Reducer<Ledger>.on(Deposit.self) { state, action in
    state.cents = action.cents
    state.big = action.big
    state.ratio = action.ratio
}

let ledgerActions = ActionRegistry().registering(Deposit.self)

/// Values a `Double` cannot hold, and doubles whose bits a decimal round trip could move.
let hardDeposits: [Deposit] = [
    Deposit(cents: 9_007_199_254_740_993, big: UInt64.max, ratio: 0.1),
    Deposit(cents: Int64.max, big: 1 << 63, ratio: -0.0),
    Deposit(cents: Int64.min, big: (1 << 63) + 1, ratio: .leastNonzeroMagnitude),
    Deposit(cents: -9_007_199_254_740_995, big: 9_007_199_254_740_995, ratio: .greatestFiniteMagnitude),
    Deposit(cents: 1, big: 0, ratio: 1e300 / 3),
]

func ledgerRecording(start: Ledger) -> Recording<Ledger> {
    Recording(
        initialState: start,
        steps: hardDeposits.enumerated().map { index, deposit in
            .init(
                index: index, date: Date(timeIntervalSince1970: 1_735_689_600), action: deposit, type: Deposit.self,
                state: nil, problem: nil)
        })
}

/// Equal, and with every `Double` bit for bit (`-0.0 == 0.0` would hide a lost sign).
func sameBits(_ lhs: Ledger, _ rhs: Ledger) -> Bool {
    lhs == rhs && lhs.ratio.bitPattern == rhs.ratio.bitPattern
}

func sameBits(_ lhs: Deposit?, _ rhs: Deposit) -> Bool {
    guard let lhs else { return false }
    return lhs == rhs && lhs.ratio.bitPattern == rhs.ratio.bitPattern
}

struct ExactFilesTests {
    let start = Ledger(cents: 9_007_199_254_740_995, big: UInt64.max - 1, ratio: .leastNonzeroMagnitude)

    @Test func sixtyFourBitIntegersAndDoublesGoThroughARecordingFileBitForBit() throws {
        let recording = ledgerRecording(start: start)
        let read = try Recording<Ledger>(json: try recording.encoded(), actions: ledgerActions)
        #expect(sameBits(read.initialState, start))
        for (step, deposit) in zip(read.steps, hardDeposits) {
            #expect(sameBits(step.action as? Deposit, deposit), "\(step.description): \(step.problem ?? "")")
        }
        let replay = read.replay(with: ledgerReducer)
        #expect(replay.isFaithful, "\(replay)")
        let last = hardDeposits[hardDeposits.count - 1]
        #expect(sameBits(replay.finalState, Ledger(cents: last.cents, big: last.big, ratio: last.ratio)))
    }

    @Test func sixtyFourBitIntegersAndDoublesGoThroughBothDevToolsFormsBitForBit() throws {
        let recording = ledgerRecording(start: start)
        let lifted = try ReduxDevTools.export(recording, reducer: ledgerReducer)
        let fromLifted: Recording<Ledger> = try ReduxDevTools.importRecording(lifted, actions: ledgerActions)
        #expect(sameBits(fromLifted.initialState, start))
        for (step, deposit) in zip(fromLifted.steps, hardDeposits) {
            #expect(sameBits(step.action as? Deposit, deposit), "\(step.description): \(step.problem ?? "")")
        }

        // The tool's default export: the actions and the state, each a string of JSON.
        let liftedObject = try JSONSerialization.jsonObject(with: lifted) as? [String: Any]
        let byID = try #require(liftedObject?["actionsById"] as? [String: Any])
        let staged = try #require(liftedObject?["stagedActionIds"] as? [Any]).dropFirst()
        // Each action's own bytes, cut from the file, not re-serialized through `Any` (which rounds).
        let text = String(decoding: lifted, as: UTF8.self)
        let actions = try staged.map { id -> String in
            let key = "\"\(id)\":{\"action\":"
            let from = try #require(text.range(of: key)).upperBound
            let end = try #require(text[from...].range(of: "},\"timestamp\"")).lowerBound
            return String(text[from..<end]) + "}"
        }
        #expect(actions.count == hardDeposits.count && byID.count == hardDeposits.count + 1)
        let startText = String(decoding: try JSONEncoder().encode(start), as: UTF8.self)
        func quoted(_ string: String) throws -> String {
            String(decoding: try JSONEncoder().encode(string), as: UTF8.self)
        }
        let defaultExport =
            "{\"payload\":\(try quoted("[" + actions.joined(separator: ",") + "]")),"
            + "\"preloadedState\":\(try quoted(startText))}"
        let fromDefault: Recording<Ledger> = try ReduxDevTools.importRecording(
            Data(defaultExport.utf8), actions: ledgerActions)
        #expect(sameBits(fromDefault.initialState, start))
        #expect(fromDefault.steps.count == hardDeposits.count)
        for (step, deposit) in zip(fromDefault.steps, hardDeposits) {
            #expect(sameBits(step.action as? Deposit, deposit), "\(step.description): \(step.problem ?? "")")
        }
    }

    @Test func aGeneratedDateIsReadBackBitForBit() throws {
        let drawn = Date(timeIntervalSinceReferenceDate: 786_543_210.123_456_7)
        let step = Recording<Ledger>.Step(
            index: 0, date: drawn, action: hardDeposits[0], type: Deposit.self, state: nil, problem: nil,
            generated: [drawn])
        let recording = Recording(initialState: start, steps: [step])
        let read = try Recording<Ledger>(json: try recording.encoded(), actions: ledgerActions)
        let date = try #require(read.steps.first?.generated.first as? Date)
        #expect(date.timeIntervalSinceReferenceDate.bitPattern == drawn.timeIntervalSinceReferenceDate.bitPattern)
    }

    @Test func repeatedKeysAreReadAsTheToolReadsThemTheLastWins() throws {
        // An action's field, an entry of actionsById and a top-level key, each repeated.
        let json = """
            {"actionsById": {"0": {"type": "PERFORM_ACTION", "action": {"type": "@@INIT"}},
                             "1": {"type": "PERFORM_ACTION", "action": {"type": "ADD", "amount": 1}},
                             "1": {"type": "PERFORM_ACTION", "action": {"type": "ADD", "amount": 2, "amount": 3}}},
             "stagedActionIds": [0], "stagedActionIds": [0, 1], "skippedActionIds": [],
             "committedState": {"count": 1}, "committedState": {"count": 10, "count": 20}}
            """
        let recording = try importCount(json)
        #expect(recording.initialState == CountState(count: 20))
        #expect(recording.steps.map { $0.action as? AddAmount } == [AddAmount(amount: 3)])
        // What the tool itself reads, by the same rule: Foundation's JSONSerialization keeps the last too.
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((parsed?["committedState"] as? [String: Any])?["count"] as? Int == 20)
    }

    @Test func anActionIdWithALeadingZeroIsRefusedByItsKey() throws {
        let json = """
            {"actionsById": {"0": {"action": {"type": "@@INIT"}}, "1": {"action": {"type": "ADD", "amount": 1}},
                             "01": {"action": {"type": "ADD", "amount": 99}}},
             "stagedActionIds": [0, 1], "skippedActionIds": [], "committedState": {"count": 0}}
            """
        do {
            _ = try importCount(json)
            Issue.record("a key \"01\" was read as an action id")
        } catch HistoryError.malformed(let path, let reason) {
            #expect(path == "actionsById")
            #expect(reason.contains("\"01\""), "\(reason)")
        }
    }

    @Test func everyFailureOfAFileIsAHistoryError() {
        // Inputs whose first scan passed and a later read failed, or that a lax scanner let through.
        let inputs = [
            #"{"\u12":1}"#, #"{"\x":1}"#, #"[{"type": "ADD", "amount": 1, "k\u00G0": 2}]"#,
            #"{"payload": "[{\"type\": \"A\\q\"}]"}"#, #"[02]"#, #"[2.]"#, #"[-.5]"#, #"[+1]"#, #"[1e]"#, #"[-]"#,
            #"{"actionsById": {}, "stagedActionIds": [01], "skippedActionIds": []}"#,
        ]
        for input in inputs {
            do {
                _ = try importCount(input, initialState: CountState())
                Issue.record("\(input) was read")
            } catch is HistoryError {
            } catch {
                Issue.record("\(input): \(type(of: error)) escaped: \(error)")
            }
        }
    }

    @Test func aLoneSurrogateBecomesOneReplacementCharacterAndEatsNothing() throws {
        let json = #"[{"type": "LOAD", "payload": "\uD800\u0041dd\uDC00x\uD83D\uDE00"}]"#
        let recording = try importCount(json, initialState: CountState())
        #expect((recording.steps.first?.action as? Load)?.payload == "\u{FFFD}Add\u{FFFD}x😀")
    }

    @Test func aLongValidNumberIsRead() throws {
        let long = "1" + String(repeating: "0", count: 450) + "e-450"
        let json =
            #"{"actionsById": {"0": {"action": {"type": "@@INIT"}, "timestamp": \#(long)}, "#
            + #""1": {"action": {"type": "ADD", "amount": 2}, "timestamp": \#(long)}}, "#
            + #""stagedActionIds": [0, 1], "skippedActionIds": [], "committedState": {"count": 0}}"#
        let recording = try importCount(json)
        #expect(recording.steps.map { $0.action as? AddAmount } == [AddAmount(amount: 2)])
        #expect(recording.steps.first?.date == Date(timeIntervalSince1970: 0.001))
    }
}
