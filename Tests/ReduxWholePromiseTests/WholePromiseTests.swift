import Foundation
import Redux
import ReduxDiff
import ReduxEffects
import ReduxPersistence
import ReduxTestSupport
import Testing

@testable import Redux
@testable import ReduxHistory

/// Issue 45, point 4: Redux's whole promise — record → replay as a test → time travel → undo →
/// Redux DevTools → persistence — over one app with every part (``Shelf``), for many seeded random
/// sequences of taps sent as a view sends them. A failure names its seed and the shortest sequence
/// that still fails; `REDUX_PROPERTY_SEED=<seed>` runs that one alone, and
/// `REDUX_PROPERTY_SEQUENCES=<n>` runs more (or fewer) than the default.
@MainActor
struct WholePromiseTests {
    /// One run of a sequence: the live store, its recorder and its persister.
    struct Run {
        let store: Store<Shelf>
        let recorder: HistoryRecorder<Shelf>
        let persister: Persister<Shelf, Shelf>
        let storage: InMemoryStorage
        /// How many actions the listed middleware saw.
        let passed: Passed
    }

    final class Passed {
        var count = 0
    }

    /// A listed middleware that counts what passes.
    func counting(_ passed: Passed) -> Middleware<Shelf> {
        { _, _ in
            { next in
                { action in
                    passed.count += 1
                    next(action)
                }
            }
        }
    }

    func start() -> Run {
        let recorder = HistoryRecorder<Shelf>(limit: 10_000, snapshotEvery: 7, reducer: shelfReducer)
        let storage = InMemoryStorage()
        let persister = Persister<Shelf, Shelf>(
            key: "shelf", version: 1, storage: storage, sleep: { _ in await Task.yield() }, project: { $0 },
            restore: { state, saved in state = saved })
        let passed = Passed()
        let initial = persister.load(into: Shelf())
        let store = Store(
            initialState: initial, reducer: recorder.reducer(shelfReducer), dependencies: ShelfDependencies.make()
        ) {
            counting(passed)
            recorder.middleware
            persister.middleware
        }
        return Run(store: store, recorder: recorder, persister: persister, storage: storage, passed: passed)
    }

    func run(_ taps: [Tap]) -> Run {
        let run = start()
        for tap in taps { tap.perform(on: run.store) }
        return run
    }

    /// The taps of seed `seed`: each generated on the state the ones before it left.
    func taps(seed: UInt64, count: Int) -> [Tap] {
        var rng = SeededGenerator(seed: seed)
        let run = start()
        var seen = Seen()
        var taps: [Tap] = []
        Diagnostics.silencing {
            for _ in 0..<count {
                seen.note(run.store.state)
                let tap = Tap.random(on: run.store.state, seen: seen, using: &rng)
                taps.append(tap)
                tap.perform(on: run.store)
            }
        }
        return taps
    }

    /// The first broken promise of `taps`, or `nil`. `choice` picks the skipped step and the jump.
    ///
    /// The sessions raise warnings on purpose (late taps, actions for children gone): they are
    /// dropped, in synchronous stretches, so that no other test capturing its own warnings across
    /// a suspension receives them.
    func brokenPromise(_ taps: [Tap], choice: UInt64) async -> String? {
        let (run, broken) = Diagnostics.silencing { () -> (Run, String?) in
            let session = self.run(taps)
            return (session, brokenPromiseInMemory(session, choice: choice))
        }
        if let broken { return broken }
        let live = run.store.state

        // 6. Persisted, restored: the same state, its stacks with their identifiers and next numbers.
        do {
            try await run.persister.flush()
            let restored = Persister<Shelf, Shelf>(
                key: "shelf", version: 1, storage: run.storage, project: { $0 }, restore: { $0 = $1 }
            ).load(into: Shelf())
            guard restored == live, restored.path.nextScreenID == live.path.nextScreenID else {
                return "restored: \(difference(live, restored))"
            }
        } catch {
            return "persist: \(error)"
        }

        // 7. Undo n, redo n: the live state.
        return Diagnostics.silencing {
            let n = live.notes.past.count
            for _ in 0..<n { run.store.dispatch(UndoAction<Notes>.undo) }
            for _ in 0..<n { run.store.dispatch(UndoAction<Notes>.redo) }
            guard run.store.state == live else {
                return "undo \(n), redo \(n): \(difference(live, run.store.state))"
            }
            return nil
        }
    }

    /// Promises 1 to 5 of `run`'s session, and that no action for an absent child changed anything.
    func brokenPromiseInMemory(_ run: Run, choice: UInt64) -> String? {
        let live = run.store.state
        guard let recording = run.recorder.recording else { return "nothing was recorded" }
        if recording.steps.count != run.passed.count {
            return "the recorder kept \(recording.steps.count) steps, the listed middleware saw \(run.passed.count)"
        }

        // 0. No popped screen's work stays alive: what runs is the work of the detail screens shown
        //    (each `.viewed` starts an hour-long task that ends with its screen).
        let shownViews = live.path.reduce(0) { count, screen in
            count + (screen[case: Screen.detail]?.views ?? 0)
        }
        if run.store.effects.uncancelledCount != shownViews {
            return "\(run.store.effects.uncancelledCount) tasks run, the screens shown started \(shownViews)"
        }

        // 1. The recording replays as the store ran.
        let replay = recording.replay(with: shelfReducer, dependencies: ShelfDependencies.make())
        guard replay.isFaithful, replay.finalState == live else { return "replay: \(replay)" }

        // 2. Through its file.
        do {
            let file = try Recording<Shelf>(json: try recording.encoded(), actions: shelfActions)
            if let problem = file.steps.first(where: { !$0.isReplayable }) {
                return "file: step \(problem.index) \(problem.typeName): \(problem.problem ?? "")"
            }
            let fromFile = file.replay(with: shelfReducer, dependencies: ShelfDependencies.make())
            guard fromFile.isFaithful, fromFile.finalState == live else { return "file replay: \(fromFile)" }
        } catch {
            return "file: \(error)"
        }

        // 3. Through both Redux DevTools forms: export, import, replay.
        do {
            let lifted = try ReduxDevTools.export(
                recording, reducer: shelfReducer, dependencies: ShelfDependencies.make())
            // The tool shows the computed states: the last is the live state.
            let computed = try JSONDecoder().decode(ComputedStates.self, from: lifted).computedStates
            guard computed.last?.state == live else {
                return "DevTools computedStates end elsewhere: \(difference(live, computed.last?.state))"
            }
            let imported: Recording<Shelf> = try ReduxDevTools.importRecording(lifted, actions: shelfActions)
            let fromLifted = imported.replay(with: shelfReducer, dependencies: ShelfDependencies.make())
            guard fromLifted.problems.isEmpty, fromLifted.finalState == live else {
                return "DevTools lifted state: \(fromLifted)"
            }
            let defaultExport = try Self.defaultExport(fromLifted: lifted)
            let importedDefault: Recording<Shelf> = try ReduxDevTools.importRecording(
                defaultExport, actions: shelfActions)
            let fromDefault = importedDefault.replay(with: shelfReducer, dependencies: ShelfDependencies.make())
            guard fromDefault.problems.isEmpty, fromDefault.finalState == live else {
                return "DevTools default export: \(fromDefault)"
            }
        } catch {
            return "DevTools: \(error)"
        }

        // 4. Skipping step k shows what the steps without k compute; an action addressed to a
        //    child that is not there changes nothing; skipping it again shows the live state.
        let count = recording.steps.count
        if count > 0 {
            let k = Int(choice % UInt64(count))
            run.recorder.toggleSkip(k)
            let skipped = run.store.state
            let without = Recording(
                initialState: recording.initialState,
                steps: recording.steps.filter { $0.index != k }.map { $0.with(state: nil) })
            let reference = without.replay(with: shelfReducer, dependencies: ShelfDependencies.make())
            guard reference.finalState == skipped else {
                return "toggleSkip(\(k)) shows another state than the steps without it:\n"
                    + difference(reference.finalState, skipped)
            }
            if let broken = Self.absentChildChanges(without) { return "without step \(k): \(broken)" }
            run.recorder.toggleSkip(k)
            guard run.store.state == live else {
                return "toggleSkip(\(k)) twice: \(difference(live, run.store.state))"
            }

            // 4b. Issue 65: skipping a push that screens were pushed after — those keep their numbers
            //     and what was sent to them (the steps without the push compute the same).
            let pushes = recording.steps.filter { Self.pushesAScreen($0.action) }.map(\.index)
            if pushes.count >= 2 {
                let pushed = pushes[Int((choice >> 8) % UInt64(pushes.count - 1))]  // any but the last
                run.recorder.toggleSkip(pushed)
                let skippedPush = run.store.state
                let withoutPush = Recording(
                    initialState: recording.initialState,
                    steps: recording.steps.filter { $0.index != pushed }.map { $0.with(state: nil) })
                let expected = withoutPush.replay(with: shelfReducer, dependencies: ShelfDependencies.make())
                guard expected.finalState == skippedPush else {
                    return "toggleSkip(\(pushed)) of a push with screens after it shows another state than the steps "
                        + "without it:\n" + difference(expected.finalState, skippedPush)
                }
                run.recorder.toggleSkip(pushed)
                guard run.store.state == live else {
                    return "toggleSkip(\(pushed)) of a push, twice: \(difference(live, run.store.state))"
                }
            }

            // 5. A jump and back is never leaving.
            let j = Int((choice >> 20) % UInt64(count + 1)) - 1
            run.recorder.jump(to: j)
            run.recorder.jump(to: count - 1)
            guard run.store.state == live, run.recorder.travelledTo == nil else {
                return "jump(to: \(j)) and back: \(difference(live, run.store.state))"
            }
        }
        return Self.absentChildChanges(recording)
    }

    /// Whether `action` pushes a screen (a detail through the shelf's reducer, or a stack action).
    static func pushesAScreen(_ action: (any Action)?) -> Bool {
        switch action {
        case let shelf as ShelfAction:
            switch shelf {
            case .pushDetail, .pushAbout: return true
            default: return false
            }
        case let stack as StackAction<Screen>:
            if case .push = stack { return true }
            return false
        default:
            return false
        }
    }

    /// A step whose action is addressed to a row, a screen or the destination that is not there
    /// (a late tap, or a step whose ask was skipped) and changed the state.
    static func absentChildChanges(_ recording: Recording<Shelf>) -> String? {
        var state = recording.initialState
        let dependencies = ShelfDependencies.make()
        let reconciled = shelfReducer.reconcilingSharedValues()
        for step in recording.steps where !step.isSkipped {
            guard let action = step.action else { continue }
            let before = state
            ReducerDependencies.replaying(step.generated, dependencies: dependencies) {
                var work = ReducerWork()
                reconciled.reduce(&state, action, work: &work)
            }
            guard let element = action as? ElementAction, state != before else { continue }
            let absent: Bool
            switch element.path {
            case "rows": absent = (element.id as? UUID).map { before.rows[id: $0] == nil } ?? true
            case "path": absent = (element.id as? StackElementID).map { before.path[id: $0] == nil } ?? true
            case "destination":
                // The case the action was sent to (`.alert`), and the case shown before it.
                let sentTo = (element.action as? ElementAction)?.path
                let shown = before.destination.map { if case .alert = $0 { ".alert" } else { ".editor" } }
                absent = shown == nil || (sentTo != nil && sentTo != shown)
            default: absent = false
            }
            if absent {
                return
                    "step \(step.index) (\(step.description)) is for a child that is not there, and changed the state:\n"
                    + difference(before, state)
            }
        }
        return nil
    }

    /// The tool's default export of the same session: the actions and the start state, each a
    /// string of JSON.
    static func defaultExport(fromLifted lifted: Data) throws -> Data {
        let object = try JSONSerialization.jsonObject(with: lifted) as? [String: Any] ?? [:]
        let byID = object["actionsById"] as? [String: Any] ?? [:]
        let staged = (object["stagedActionIds"] as? [Int] ?? []).dropFirst()
        let actions = staged.map { (byID["\($0)"] as? [String: Any])?["action"] ?? NSNull() }
        func text(_ value: Any) throws -> String {
            String(
                decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self
            )
        }
        let committed = object["committedState"] ?? NSNull()
        return try JSONSerialization.data(withJSONObject: [
            "payload": try text(actions), "preloadedState": try text(committed),
        ])
    }

    /// The shortest sequence found that still breaks a promise (steps removed one at a time).
    func shrink(_ taps: [Tap], choice: UInt64) async -> (taps: [Tap], failure: String) {
        var taps = taps
        var failure = await brokenPromise(taps, choice: choice) ?? ""
        var progress = true
        while progress {
            progress = false
            var index = taps.count - 1
            while index >= 0 {
                var fewer = taps
                fewer.remove(at: index)
                if let broken = await brokenPromise(fewer, choice: choice) {
                    taps = fewer
                    failure = broken
                    progress = true
                }
                index -= 1
            }
        }
        return (taps, failure)
    }

    /// Sequences a run checks by default: thousands in an optimised build, a few hundred in a debug
    /// build (the README's `swift test`). CI's sanitizer runs check the first 50
    /// (`REDUX_PROPERTY_SEQUENCES=50`, `.ci/run`): the same code, at two to three times the cost.
    #if DEBUG
        static let defaultCount = 200
    #else
        static let defaultCount = 2_000
    #endif

    @Test func theWholePromiseHoldsForRandomSessions() async {
        let environment = ProcessInfo.processInfo.environment
        let seeds: [UInt64] =
            environment["REDUX_PROPERTY_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? (0..<UInt64(environment["REDUX_PROPERTY_SEQUENCES"].flatMap(Int.init) ?? Self.defaultCount)).map {
                $0 &* 7919 &+ 17
            }
        var failures = 0
        for seed in seeds {
            let length = 4 + Int(seed % 37)
            let taps = taps(seed: seed, count: length)
            var choices = SeededGenerator(seed: seed ^ 0xA5A5)
            let choice = choices.next()
            guard await brokenPromise(taps, choice: choice) != nil else { continue }
            let (shortest, failure) = await shrink(taps, choice: choice)
            Issue.record(
                """
                seed \(seed) (REDUX_PROPERTY_SEED=\(seed)): \(failure)
                shortest sequence (\(shortest.count) of \(taps.count) taps): [\(shortest.map(\.description).joined(separator: ", "))]
                """)
            failures += 1
            if failures == 3 { break }
        }
    }
}

/// The computed states of a lifted state file.
struct ComputedStates: Decodable {
    struct Entry: Decodable { var state: Shelf }
    var computedStates: [Entry]
}

/// The changes from `old` to `new`, a line each.
func difference<T>(_ old: T, _ new: T) -> String {
    ValueDiff.lines(from: old, to: new, rootName: "state").joined(separator: "\n")
}
