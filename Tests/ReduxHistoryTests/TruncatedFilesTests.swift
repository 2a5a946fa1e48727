import Foundation
import Redux
import Testing

@testable import ReduxHistory

/// Any text of n bytes — valid, cut short or hostile — is read or refused with a `HistoryError` in
/// work linear in n (SPEC §14). The work is counted, not timed: the reader charges each step to a
/// `ReadBudget`, so a reading that is quadratic, or a loop that stops moving, shows as a count
/// (or as the budget's own failure) on any machine, at any load.
@MainActor
struct TruncatedFilesTests {
    /// Steps per byte that the import of these files takes at most (measured: at most 6.3 on every cut
    /// of every file below; the bound leaves room for a change of method, not for a reading per level
    /// or per member).
    static let stepsPerByte = 16

    /// What an import of `data` did: read it (`nil`) or refused it (the error), and the steps used.
    static func importCut(_ data: Data) -> (refusal: (any Error)?, steps: Int) {
        let budget = ReadBudget(bytes: data.count)
        do {
            let _: Recording<CountState> = try ReduxDevTools.importRecording(
                data, actions: countActions, initialState: CountState(), budget: budget)
            return (nil, budget.used)
        } catch {
            return (error, budget.used)
        }
    }

    /// Imports `data` cut at every offset: each cut is read or refused with a `HistoryError` (never
    /// the budget's failure), in at most ``stepsPerByte`` steps a byte.
    static func checkEveryCut(of data: Data, _ name: String) {
        var worst = 0.0
        for length in 0...data.count {
            let (refusal, steps) = importCut(data.prefix(length))
            if let refusal {
                #expect(refusal is HistoryError, "\(name) cut at \(length): \(refusal)")
                #expect(!"\(refusal)".contains("a reader's bug"), "\(name) cut at \(length) ran out of budget")
            }
            #expect(
                steps <= stepsPerByte * length + 64,
                "\(name) cut at \(length) bytes took \(steps) steps: the reading is not linear")
            if length > 0 { worst = max(worst, Double(steps) / Double(length)) }
        }
        #expect(worst >= 1, "\(name): the reader charged its steps (\(worst) a byte)")
    }

    @Test func theFileCutInsideAnEscapeIsRefusedAtOnce() throws {
        let data = try devToolsFile("truncated-hang.json")
        let (refusal, steps) = Self.importCut(data)
        guard case .malformed(let path, let reason) = refusal as? HistoryError else {
            Issue.record("expected a HistoryError.malformed, got \(String(describing: refusal))")
            return
        }
        #expect(path == "the file")
        #expect(reason.contains("an unclosed string"), "\(reason)")
        #expect(steps <= Self.stepsPerByte * data.count)
    }

    @Test func everyCutOfTheToolsFilesIsReadOrRefusedInLinearWork() throws {
        for name in ["lifted-plain.json", "export-actions-preloaded.json", "truncated-hang.json"] {
            Self.checkEveryCut(of: try devToolsFile(name), name)
        }
    }

    /// The default export's payload is a string of JSON inside JSON: cuts inside its escapes, its
    /// `\\u` sequences, its surrogate pairs and its repeated keys (read by the normalizing passes).
    @Test func everyCutOfADefaultExportWithEscapesIsReadOrRefusedInLinearWork() throws {
        let actions = #"[{"type":"ADD","amount":1,"amount":2,"n\u00e9":"\ud834\udd1e\ud800"},{"type":"INCREMENT"}]"#
        let state = #"{"count":3,"count":4}"#
        let file = try JSONSerialization.data(
            withJSONObject: ["payload": actions, "preloadedState": state], options: [.sortedKeys])
        let whole: Recording<CountState> = try ReduxDevTools.importRecording(file, actions: countActions)
        #expect(whole.initialState.count == 4, "a repeated key's last value, as JSON.parse reads it")
        #expect(whole.steps.map { $0.action as? AddAmount } == [AddAmount(amount: 2), nil])
        Self.checkEveryCut(of: file, "a default export with escapes")
    }

    /// This library's own files: the lifted state it writes (read by the scanner) and a recording's
    /// file (read by Foundation's decoder, refused as `notARecording`).
    @Test func everyCutOfTheLibrarysOwnFilesIsReadOrRefused() throws {
        let recorder = HistoryRecorder<CountState>(snapshotEvery: 2, reducer: countReducer, now: { fixedDate })
        let store = Store(
            initialState: CountState(), reducer: recorder.reducer(countReducer), middleware: [recorder.middleware])
        store.dispatch(AddAmount(amount: 5))
        store.dispatch(IncrementCount())
        store.dispatch(AddAmount(amount: -2))
        recorder.toggleSkip(1)
        let recording = try #require(recorder.recording)
        Self.checkEveryCut(of: try ReduxDevTools.export(recording, reducer: countReducer), "the lifted export")

        let own = try recording.encoded()
        let registry = countActions.registering(AddAmount.self).registering(IncrementCount.self)
        for length in 0..<own.count {
            #expect(throws: HistoryError.self, "the recording's file cut at \(length) is refused") {
                _ = try Recording<CountState>(json: own.prefix(length), actions: registry)
            }
        }
        #expect(try Recording<CountState>(json: own, actions: registry).steps.count == 3)
    }

    /// Twice the file, twice the steps — also where every action is nested 400 deep and carries a
    /// repeated key, which a reading per level of nesting would multiply by the depth.
    @Test func theWorkGrowsLinearlyWithTheFileAndNotWithItsNesting() throws {
        func file(actions count: Int, depth: Int) -> Data {
            let nested = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            let action = #"{"type":"ADD","amount":1,"amount":2,"deep":\#(nested)}"#
            return Data(("[" + Array(repeating: action, count: count).joined(separator: ",") + "]").utf8)
        }
        for depth in [1, 400] {
            let small = file(actions: 100, depth: depth)
            let large = file(actions: 200, depth: depth)
            let (smallRefusal, smallSteps) = Self.importCut(small)
            let (largeRefusal, largeSteps) = Self.importCut(large)
            #expect(smallRefusal == nil && largeRefusal == nil)
            let ratio = Double(largeSteps) / Double(smallSteps)
            #expect(ratio < 2.05, "depth \(depth): twice the file took \(ratio)× the steps")
            #expect(
                largeSteps <= Self.stepsPerByte * large.count,
                "depth \(depth): \(largeSteps) steps for \(large.count) bytes")
        }
    }

    /// A reader that stops moving fails with the budget's error rather than spinning.
    @Test func aReadPastItsBudgetFails() throws {
        let data = Data(#"{"payload":"[]"}"#.utf8)
        let budget = ReadBudget(bytes: 0)
        budget.used = budget.limit
        #expect {
            let _: Recording<CountState> = try ReduxDevTools.importRecording(
                data, actions: countActions, initialState: CountState(), budget: budget)
        } throws: { error in
            guard case .malformed(_, let reason) = error as? HistoryError else { return false }
            return reason.contains("a reader's bug")
        }
    }
}
