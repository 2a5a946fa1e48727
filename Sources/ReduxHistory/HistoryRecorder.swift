// Over ~600 lines, on purpose (issue 66): recording and time travel share the recorder's private
// steps and snapshots (travel rewrites what recording kept). What a step is, and the actions the
// recorder sends itself, are `Internal/RecorderSteps.swift`.

import Foundation
import Redux

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Records what a store reduces — for a bug report in production, for time travel in debug.
///
/// ```swift
/// let recorder = HistoryRecorder<AppState>(limit: 500, snapshotEvery: 50)
/// let store = Store(initialState: AppState(), reducer: recorder.reducer(appReducer),
///                   middleware: [recorder.middleware])
/// // later: try recorder.recording.encoded() — attach it to the bug report
/// ```
///
/// - **Cost.** Nothing is encoded while recording: each reduced action is kept as it is, with the
///   date, and the state every `snapshotEvery` steps (a copy of the value: while the recording
///   holds a snapshot, the reducer's next write to an array in it copies that array once; an
///   `IdentifiedArray` shares its chunks of elements with the snapshot, and a row edit copies one).
///   Encoding happens in ``Recording/encoded(redactingState:maximumBytes:)``. `redux-bench`'s
///   `history, recording` scenario measures it: 2.36× a pass-through middleware (the goal, 1.5×,
///   is not met; docs/history.md says where it goes), held by `.ci/perf-guard`.
/// - **Bounds.** A recording holds at most `limit` steps (plus those up to the next snapshot): the
///   oldest go first, a whole snapshot interval at a time, so the recording always starts at a
///   known state; ``Recording/droppedSteps`` says how many went. Memory holds at most about
///   1.5 × `limit` steps (plus a snapshot interval).
/// - **Redaction.** `redact` sees every action before it is kept: return it, a copy with secrets
///   cleared, or `nil` to keep only its type name (marked not replayable). `redactState` is what
///   every export writes in place of a state — the recording's own file and the Redux DevTools' —
///   applied when exporting.
/// - **Pause.** ``isPaused`` stops recording; time travel pauses it while a past state is shown. A
///   recording has no gaps: resuming after actions were reduced meanwhile (or at a past state) adds
///   a step that says so and carries the state recording resumed from.
///
/// The middleware records exactly what the reducer ran, wherever it is in the list (the store tells
/// it of each reduction). Wrap the reducer with ``reducer(_:)`` for time travel.
@MainActor
public final class HistoryRecorder<State: Sendable> {
    /// The most steps kept.
    public let limit: Int
    /// Every how many steps the state is kept.
    public let snapshotEvery: Int
    private let redact: (@MainActor (any Action) -> (any Action)?)?
    private let redactState: (@Sendable (State) -> State)?
    private let now: (@MainActor () -> Date)?

    /// The steps as recorded, not generic over `State` (generic storage cost a metadata lookup per
    /// dispatch), in chunks that end where a snapshot is taken: `current` is appended to, `older`
    /// holds the full chunks, oldest first. Dropping the oldest steps releases whole chunks — no
    /// step is moved (shifting one array of steps cost ~70 instructions a step, amortized). Indices
    /// are consecutive: a step's index is its chunk's `firstIndex` plus its position.
    /// Unchecked in release builds, like the store's state: the dynamic exclusivity check cost ~120
    /// instructions a step (all accesses are on the main actor; debug builds keep the check).
    #if DEBUG
        private var current: [RawStep] = []
        private var nextIndex = 0
        private var untilSnapshot: Int
    #else
        @exclusivity(unchecked) private var current: [RawStep] = []
        @exclusivity(unchecked) private var nextIndex = 0
        /// Steps to record before the next snapshot (a countdown: cheaper than a remainder).
        @exclusivity(unchecked) private var untilSnapshot: Int
    #endif
    /// The index of `current`'s first step.
    private var currentFirstIndex = 0
    /// The full chunks, oldest first, and how many steps they hold.
    private var older: [StepChunk] = []
    private var olderCount = 0
    /// How many steps a chunk holds at least before it ends (at the next snapshot): a quarter of
    /// `limit`, so between `limit` and about 1.5 × `limit` steps are held (plus a snapshot interval).
    private let chunkSteps: Int
    /// The states kept, by ascending step index: every `snapshotEvery` steps (an array, appended
    /// once per interval: a dictionary cost ~60 instructions a step in inserts and filtering).
    private var snapshots: [Snapshot] = []
    private var droppedSteps = 0
    /// Steps skipped by time travel (their actions are not reduced in the recomputed states).
    private var skipped: Set<Int> = []
    /// The state shown while travelling: the index of the step it follows (`nil`: the latest).
    public private(set) var travelledTo: Int?
    private var dispatch: Dispatch?
    private var getState: (@MainActor () -> State)?
    /// The values the store's generators made during the reduction just recorded (a store given
    /// dependencies): kept with the step, given back when the step is reduced again.
    private var generated: GeneratedValues?
    /// What this recorder's ``reducer(_:)`` tapes itself, in a store that tapes nothing.
    private nonisolated let ownTapes = OwnTapes()
    /// The store's dependencies, current when time travel reduces steps again.
    private var storeDependencies: (any Sendable)?
    /// What the generators made, by step index, for the steps that made any.
    private var generatedValues: [Int: [any Sendable]] = [:]
    private let reduceAgain: Reducer<State>?

    /// Whether recording is paused (nothing is recorded meanwhile). Setting it back to `false`
    /// after actions were reduced, or while time travel shows a past state, adds a
    /// `RecordingPaused` step that carries the state recording resumes from.
    public var isPaused: Bool {
        get { flags.contains(.paused) }
        set {
            if newValue {
                flags.insert(.paused)
            } else if flags.contains(.paused) {
                flags.remove(.paused)
                resumed()
            }
        }
    }

    /// Actions the store reduced while recording was paused (time travel's own not counted).
    private var missedWhilePaused = 0

    /// Recording resumes: a recording has no gaps. With nothing recorded yet, it starts at the
    /// state it resumes from; when actions were reduced while paused, or a past state is shown, a
    /// step marks the gap and carries the state recording resumes from — replay reports the step
    /// as not replayed and goes on from that state, time travel recomputes from it.
    private func resumed() {
        defer {
            missedWhilePaused = 0
            travelledTo = nil
        }
        guard let getState else { return }
        if olderCount + current.count == 0 {
            initialState = getState()
            return
        }
        guard missedWhilePaused > 0 || travelledTo != nil else { return }
        var reason = "recording was paused"
        if missedWhilePaused > 0 {
            reason += ": \(missedWhilePaused) action\(missedWhilePaused == 1 ? " was" : "s were") reduced meanwhile"
        }
        if let shown = travelledTo {
            reason += "; it resumed at the state shown after step \(shown)"
        }
        reason += ". The state it resumed from is recorded here"
        untilSnapshot = 1  // the gap's step carries the state: recorded, not derived, so pinned
        append(RawStep(date: date(), action: RecordingPaused(reason: reason)))
        snapshots[snapshots.count - 1].isPinned = true
    }

    /// What the recorder checks on every reduced action, in one unchecked field (see ``current``):
    /// paused, and travelling (the state time travel computed is being dispatched, not recorded).
    #if DEBUG
        private var flags: RecorderFlags = []
    #else
        @exclusivity(unchecked) private var flags: RecorderFlags = []
    #endif

    /// How many times time travel ran the reducer, to recompute states (tests read it, as Redux
    /// DevTools' instrument tests count reducer calls).
    public private(set) var recomputations = 0

    /// The state the recording starts from. Declared after every field a step touches: a field
    /// whose size depends on `State` gives the fields after it offsets the recorder reads from its
    /// type's metadata on each access (two loads more each; `history, recording` 485 → 473).
    private var initialState: State?

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - limit: The most steps kept; the oldest are dropped first.
    ///   - snapshotEvery: Every how many steps the state is kept (1 keeps every state: exact
    ///     travel at no recomputation, at the cost of holding every state).
    ///   - reducer: The app's reducer, for time travel's recomputation (skipping an action reduces
    ///     the later ones again); `nil` for recording only. Its returned work is dropped.
    ///   - redact: Sees each action before it is kept; returns it, a redacted copy, or `nil`.
    ///     `nil` (the default) keeps every action as it is.
    ///   - redactState: What every export of the recording writes in place of a state (secrets
    ///     cleared): ``Recording/stateRedaction``. `nil` (the default) writes states as they are.
    ///   - now: The clock of the steps' dates; `nil` (the default) reads the system's real-time
    ///     clock directly (`Date()` cost ~130 instructions a step, `clock_gettime` a third of it).
    public init(
        limit: Int = 1_000, snapshotEvery: Int = 50, reducer: Reducer<State>? = nil,
        redact: (@MainActor (any Action) -> (any Action)?)? = nil,
        redactState: (@Sendable (State) -> State)? = nil,
        now: (@MainActor () -> Date)? = nil
    ) {
        self.limit = max(limit, 1)
        self.snapshotEvery = max(snapshotEvery, 1)
        self.chunkSteps = max(self.limit / 4, 1)
        self.untilSnapshot = self.snapshotEvery
        // Recomputed states are reconciled as the store reconciled the recorded ones (`SharedValues`).
        self.reduceAgain = reducer?.reconcilingSharedValues()
        self.redact = redact
        self.redactState = redactState
        self.now = now
    }

    /// The middleware that records: wherever it is in the list, it keeps the actions the store's
    /// reducer ran, right after each reduction (a middleware before it may drop or replace an
    /// action; what is kept is what was reduced). Built by a store, it adds no stage to the
    /// pipeline: it asks the store to tell it of each reduced action. Built by hand, outside a
    /// store's initializer, it is a stage that records what comes back from `next`.
    public var middleware: Middleware<State> {
        { [self] dispatch, getState in
            self.dispatch = dispatch
            self.getState = getState
            self.initialState = getState()
            if let effects = Effects.current {
                self.generated = effects.tapeGeneratedValues()
                if self.generated == nil { self.ownTapes.tape = GeneratedValues() }
                self.storeDependencies = effects.dependencies
                effects.observeReductions { action in self.reduced(action) }
                return { next in next }
            }
            return { next in
                { action in
                    next(action)
                    self.reduced(action)
                }
            }
        }
    }

    /// Records `action`, which the store just reduced, unless recording is paused or the action
    /// is time travel's own.
    private func reduced(_ action: any Action) {
        if flags.isEmpty {
            record(action)
        } else if flags == .paused {
            missedWhilePaused &+= 1
        }
    }

    @inline(__always)
    private func record(_ action: any Action) {
        if let redact {
            append(RawStep(date: date(), action: redact(action) ?? Redacted(keptType: type(of: action))))
        } else {
            append(RawStep(date: date(), action: action))
        }
        if let generated {
            keepGenerated(from: generated)
        } else if ownTapes.taped != nil {
            keepOwnTaped()
        }
    }

    /// Keeps what this recorder's reducer taped while reducing the step just appended.
    @inline(never)
    private func keepOwnTaped() {
        generatedValues[nextIndex &- 1] = ownTapes.taped
        ownTapes.taped = nil
    }

    /// Keeps what the store's generators made while reducing the step just appended. Out of line,
    /// and the values kept beside the steps rather than in them: a store given no dependencies pays
    /// one test a step (`history, recording` measures it).
    @inline(never)
    private func keepGenerated(from tape: GeneratedValues) {
        if let values = tape.take() { generatedValues[nextIndex &- 1] = values }
    }

    /// Now, in seconds since 1970.
    @inline(__always)
    private func date() -> Double {
        now.map { $0().timeIntervalSince1970 } ?? Self.realTime()
    }

    /// Keeps `step` as the next one, and the state after it when an interval ends. The step is
    /// consumed: borrowed, it was copied into the array and the original destroyed (its action's
    /// existential copied and destroyed once more, ~40 instructions a step).
    @inline(__always)
    private func append(_ step: consuming RawStep) {
        current.append(step)
        let index = nextIndex
        nextIndex = index &+ 1
        untilSnapshot &-= 1
        if untilSnapshot == 0 {
            untilSnapshot = snapshotEvery
            takeSnapshot(after: index)
        }
    }

    /// Keeps the state after step `index`, ends the chunk when it is long enough, and drops the
    /// oldest chunks beyond `limit` (once per snapshot interval).
    private func takeSnapshot(after index: Int) {
        guard let getState else { return }
        snapshots.append(Snapshot(index: index, state: getState()))
        guard current.count >= chunkSteps else { return }
        older.append(StepChunk(firstIndex: currentFirstIndex, steps: current))
        olderCount += current.count
        current = []
        // Bounded: a limit or interval of `Int.max` means "no bound", not a reservation that size.
        current.reserveCapacity(min(chunkSteps, 1 << 16) + min(snapshotEvery, 1 << 16))
        currentFirstIndex = nextIndex
        dropOldest()
    }

    /// Seconds since 1970 from the real-time clock.
    private static func realTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The steps kept, oldest first, and the index of the first (cold paths: export and travel).
    private var kept: (firstIndex: Int, steps: [RawStep]) {
        guard let first = older.first else { return (currentFirstIndex, current) }
        var steps: [RawStep] = []
        steps.reserveCapacity(olderCount + current.count)
        for chunk in older { steps += chunk.steps }
        steps += current
        return (first.firstIndex, steps)
    }

    /// How many steps are held, in memory (tests read it: at most about 1.5 × `limit`, plus a
    /// snapshot interval).
    var heldSteps: Int { olderCount + current.count }

    /// The index of the last step kept, if any.
    private var lastIndex: Int? { olderCount + current.count > 0 ? nextIndex - 1 : nil }

    /// The index of the first step kept, if any.
    private var firstIndex: Int? { olderCount + current.count > 0 ? older.first?.firstIndex ?? currentFirstIndex : nil }

    /// The position of the first snapshot after a step at or after `index` (`snapshots.count`
    /// when there is none): a binary search, the snapshots being in step order.
    private func snapshotPosition(atOrAfter index: Int) -> Int {
        var low = 0
        var high = snapshots.count
        while low < high {
            let middle = (low + high) / 2
            if snapshots[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The state kept after step `index`, if one is.
    private func snapshot(after index: Int) -> State? {
        let position = snapshotPosition(atOrAfter: index)
        guard position < snapshots.count, snapshots[position].index == index else { return nil }
        return snapshots[position].state as? State
    }

    /// Drops the oldest chunks while the others hold `limit` steps; the state after a dropped
    /// chunk's last step becomes the start.
    private func dropOldest() {
        while let oldest = older.first, olderCount - oldest.steps.count >= limit {
            let last = oldest.firstIndex + oldest.steps.count - 1
            // A chunk ends at a snapshot, unless time travel's skipping cleared it: recompute it then.
            guard let state = snapshot(after: last) ?? state(after: last) else { return }
            initialState = state
            droppedSteps += oldest.steps.count
            olderCount -= oldest.steps.count
            older.removeFirst()
            snapshots.removeFirst(snapshotPosition(atOrAfter: last + 1))
            if !generatedValues.isEmpty { generatedValues = generatedValues.filter { $0.key > last } }
        }
    }

    /// What was recorded so far: the latest `limit` steps once that many were reduced, from the
    /// state before the first of them — kept, or recomputed with the reducer. Without a reducer
    /// and with no state kept there, it starts at the latest kept state before: up to
    /// `snapshotEvery - 1` steps more.
    public var recording: Recording<State>? {
        guard let initialState else { return nil }
        let (firstIndex, steps) = kept
        var start = initialState
        var first = 0
        if steps.count > limit {
            let boundary = firstIndex + steps.count - limit - 1  // the last step left out
            if let state = snapshot(after: boundary) ?? exactState(after: boundary, steps: steps, from: firstIndex) {
                start = state
                first = boundary - firstIndex + 1
            } else {
                let position = snapshotPosition(atOrAfter: boundary + 1)
                if position > 0, snapshots[position - 1].index >= firstIndex,
                    let state = snapshots[position - 1].state as? State
                {
                    start = state
                    first = snapshots[position - 1].index - firstIndex + 1
                }
            }
        }
        // The last step carries the store's state when nothing came after it (no pause with
        // actions missed, no past state shown): replay then checks where the session ended, not
        // only the last snapshot (a short session between snapshots could replay "faithfully"
        // with a broken reducer).
        let end = flags.contains(.paused) || missedWhilePaused > 0 || travelledTo != nil ? nil : getState?()
        let last = steps.count - 1
        return Recording(
            initialState: start,
            steps: steps[first...].indices.map { position in
                let step = self.step(steps[position], index: firstIndex + position)
                guard position == last, step.state == nil, let end else { return step }
                return step.with(state: end)
            },
            droppedSteps: droppedSteps + first, stateRedaction: redactState)
    }

    /// The state after step `index` recomputed with the reducer, when every step between the kept
    /// state before it and it can be reduced again (none redacted); `nil` otherwise.
    private func exactState(after index: Int, steps: [RawStep], from firstIndex: Int) -> State? {
        guard reduceAgain != nil else { return nil }
        let position = snapshotPosition(atOrAfter: index + 1)
        let from = position > 0 ? snapshots[position - 1].index + 1 : firstIndex
        guard from <= index else { return state(after: index, counting: false) }
        for step in steps[(from - firstIndex)...(index - firstIndex)] where step.action is NotReplayedMarker {
            return nil
        }
        return state(after: index, counting: false)
    }

    /// A kept step as a ``Recording/Step``.
    private func step(_ step: RawStep, index: Int) -> Recording<State>.Step {
        let state = snapshot(after: index)
        let date = Date(timeIntervalSince1970: step.date)
        if let marker = step.action as? NotReplayedMarker {
            return .init(
                index: index, date: date, action: nil, type: marker.keptType, state: state, problem: marker.problem)
        }
        return .init(
            index: index, date: date, action: step.action, type: type(of: step.action), state: state, problem: nil,
            isSkipped: skipped.contains(index), generated: generatedValues[index] ?? [])
    }

    /// Forgets everything recorded: a new recording starts at the store's current state, its steps
    /// numbered from 0 again (as Redux DevTools numbers actions again after a commit).
    public func clear() {
        initialState = getState?()
        current = []
        nextIndex = 0
        untilSnapshot = snapshotEvery
        currentFirstIndex = 0
        older = []
        olderCount = 0
        snapshots = []
        droppedSteps = 0
        missedWhilePaused = 0
        skipped = []
        travelledTo = nil
        generatedValues = [:]
    }

    // MARK: Time travel

    /// A reducer for the store that applies time travel: it runs `reducer` for every action, and
    /// replaces the state with the one travel computed. Travel never runs side effects: the
    /// travelled-to states are computed by reducing again (work returned dropped), and the store's
    /// middleware sees only the travel action, which none of them acts on.
    ///
    /// - Parameter reducer: The app's reducer.
    /// - Returns: The reducer to give the store.
    public nonisolated func reducer(_ reducer: Reducer<State>) -> Reducer<State> {
        // The travel action replaces the state and goes no further: the app's reducer never sees
        // it (it would count as a reduction, where the instrument's reducer is not called).
        // In a store that tapes nothing, the values generators make while the reducer runs are
        // taped here (a store given dependencies tapes them itself).
        // The tapes are held apart from the recorder: the store holds this reducer, and the
        // recorder holds the store's dispatch (a reducer holding the recorder was a cycle).
        let tapes = ownTapes
        if reducer.returnsWork {
            return Reducer(work: { state, action, work in
                if let travel = ActionCast.cast(action, to: TravelTo.self) {
                    if let travelled = travel.state as? State { state = travelled }
                } else {
                    MainActor.assumeIsolated {
                        tapes.taped = ReducerDependencies.taping(into: tapes.tape) {
                            reducer.reduce(&state, action, work: &work)
                        }
                    }
                }
            })
        }
        return Reducer { state, action in
            if let travel = ActionCast.cast(action, to: TravelTo.self) {
                if let travelled = travel.state as? State { state = travelled }
            } else {
                MainActor.assumeIsolated {
                    tapes.taped = ReducerDependencies.taping(into: tapes.tape) { reducer.reduce(&state, action) }
                }
            }
        }
    }

    /// Shows the state after step `index` (`-1`: the start state). Subscribers and observers see
    /// it as any change; recording pauses until ``resume()`` or a jump to the latest step.
    ///
    /// An index past the latest step shows the latest (recording goes on); one before the first
    /// kept step shows the recording's start state. With nothing recorded it changes nothing.
    ///
    /// - Parameter index: A step's ``Recording/Step/index``, or `-1`.
    public func jump(to index: Int) {
        guard let first = firstIndex, let last = lastIndex else { return }
        let index = min(max(index, first - 1), last)
        guard let state = state(after: index) else { return }
        show(state, after: index, last: last)
    }

    /// Shows `state`, the state after step `index`, in the store.
    private func show(_ state: State, after index: Int, last: Int) {
        travelledTo = index == last ? nil : index
        flags.insert([.travelling, .paused])
        dispatch?(TravelTo(state: state))
        flags.remove(.travelling)
        if travelledTo == nil {
            // The latest state is shown again: what was reduced meanwhile was travelled away from.
            flags.remove(.paused)
            missedWhilePaused = 0
        }
    }

    /// Shows the state one step earlier.
    public func stepBack() {
        let shown = travelledTo ?? lastIndex ?? -1
        jump(to: max(shown - 1, (firstIndex ?? 0) - 1))
    }

    /// Shows the state one step later.
    public func stepForward() {
        guard let current = travelledTo else { return }
        jump(to: current + 1)
    }

    /// Skips (or reduces again) the action of step `index`: the states from it to the latest are
    /// recomputed once — from the kept state before it, by running the reducer without side
    /// effects — and the kept states after it replaced, so the recording, its exports and replay
    /// agree with what the store shows; the store shows the state at the same step as before.
    /// With `snapshotEvery: 1` the reducer runs exactly as often as Redux DevTools' instrument's.
    ///
    /// A step that is not kept, or a recorder without a reducer, changes nothing (debug builds
    /// say why).
    ///
    /// - Parameter index: A step's index.
    public func toggleSkip(_ index: Int) {
        guard let first = firstIndex, let last = lastIndex, (first...last).contains(index) else {
            Diagnostics.warnOnce(
                "history-skip-out-of-range:\(State.self)",
                "swift-redux: warning: HistoryRecorder<\(State.self)>.toggleSkip(\(index)): no such step is kept "
                    + "(the steps kept are \(firstIndex.map { "\($0)…\(lastIndex ?? $0)" } ?? "none")); nothing changed."
            )
            return
        }
        guard reduceAgain != nil else {
            Diagnostics.warnOnce(
                "history-skip-no-reducer:\(State.self)",
                "swift-redux: warning: HistoryRecorder<\(State.self)> cannot skip step \(index): it was created "
                    + "without a reducer to recompute the states after it. Pass reducer: to travel in time.")
            return
        }
        if skipped.remove(index) == nil {
            skipped.insert(index)
        }
        let shown = travelledTo ?? last
        // A state shown before the step, or past a state recorded where a pause ended, is unchanged.
        if let state = recompute(from: index, last: last, first: first, capturing: shown) {
            show(state, after: shown, last: last)
        }
    }

    /// Recomputes the states after steps `index…last` from the kept state before `index`, and
    /// replaces the kept states among them — up to a state recorded where a pause ended, which
    /// holds whatever came before it. Returns the state after step `capturing` when it was
    /// recomputed.
    private func recompute(from index: Int, last: Int, first: Int, capturing: Int) -> State? {
        guard let reducer = reduceAgain, var state = initialState else { return nil }
        var captured: State?
        var start = first
        var position = snapshotPosition(atOrAfter: index)
        if position > 0, let kept = snapshots[position - 1].state as? State {
            state = kept
            start = snapshots[position - 1].index + 1
        }
        position = snapshotPosition(atOrAfter: start)
        let steps = kept.steps
        for step in start...last {
            let isKept = position < snapshots.count && snapshots[position].index == step
            if isKept, snapshots[position].isPinned { return captured }
            let raw = steps[step - first]
            if !skipped.contains(step), !(raw.action is NotReplayedMarker) {
                reduce(reducer, &state, raw, index: step)
                recomputations += 1
            }
            if isKept {
                snapshots[position].state = state
                position += 1
            }
            if step == capturing, step >= index { captured = state }
        }
        return captured
    }

    /// Reduces a recorded step again, work dropped: with the store's dependencies current and the
    /// values its generators made handed back, so the state is the one the store computed.
    private func reduce(_ reducer: Reducer<State>, _ state: inout State, _ step: RawStep, index: Int) {
        var work = ReducerWork()
        // A store given none still has the values its generators made (live `FeatureDependencies`).
        guard storeDependencies != nil || generatedValues[index] != nil else {
            return reducer.reduce(&state, step.action, work: &work)
        }
        ReducerDependencies.replaying(generatedValues[index] ?? [], dependencies: storeDependencies) {
            reducer.reduce(&state, step.action, work: &work)
        }
    }

    /// Whether step `index` is skipped.
    ///
    /// - Parameter index: A step's index.
    public func isSkipped(_ index: Int) -> Bool { skipped.contains(index) }

    /// Makes the state shown the start of the history: earlier steps are forgotten, later ones too
    /// when travelling, and recording resumes.
    public func commit() {
        clear()  // the new start is the store's state: the one shown
        isPaused = false
    }

    /// Resumes recording, showing the latest state again.
    public func resume() {
        if travelledTo != nil, let last = lastIndex {
            jump(to: last)
        }
        isPaused = false
    }

    /// The state after step `index`, recomputed from the nearest kept state at or before it;
    /// `counting` adds the reducer calls to ``recomputations`` (travel's, not an export's).
    func state(after index: Int, counting: Bool = true) -> State? {
        guard var state = initialState else { return nil }
        guard let first = firstIndex, index >= first else { return state }
        let last = min(index, nextIndex - 1)
        var start = first
        if let snapshot = snapshots.last(where: { $0.index <= last }), let kept = snapshot.state as? State {
            state = kept
            start = snapshot.index + 1
        }
        guard start <= last else { return state }
        guard let reducer = reduceAgain else {
            Diagnostics.warnOnce(
                "history-travel-no-reducer:\(State.self)",
                "swift-redux: warning: HistoryRecorder<\(State.self)> cannot show the state after step \(index): it "
                    + "was created without a reducer, and no state was kept there. Pass reducer: to travel in time, "
                    + "or snapshotEvery: 1 to keep every state.")
            return nil
        }
        let steps = kept.steps
        for index in start...last where !skipped.contains(index) {
            let raw = steps[index - first]
            if raw.action is NotReplayedMarker { continue }
            reduce(reducer, &state, raw, index: index)
            if counting { recomputations += 1 }
        }
        return state
    }
}

/// The tape a recorder's `reducer(_:)` installs itself, for a store that tapes nothing (one given no
/// dependencies, whose reducers may still read a `FeatureDependencies` type's live values), and what
/// the last reduction taped on it, kept with the step it records.
@MainActor
final class OwnTapes {
    /// `nil` when the store tapes itself, or the recorder is not in a store.
    var tape: GeneratedValues?
    /// Set by each reduction the recorder's reducer runs.
    var taped: [any Sendable]?

    nonisolated init() {}
}
