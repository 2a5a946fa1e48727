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
///   holds a snapshot, the reducer's next write to a collection in it copies that collection once).
///   Encoding happens in ``Recording/encoded(redactingState:maximumBytes:)``. `redux-bench`'s
///   `history, recording` scenario measures the stage against a pass-through middleware, and
///   `.ci/perf-guard` holds it under 1.5×.
/// - **Bounds.** At most `limit` steps are kept (plus those up to the next snapshot): the oldest go
///   first, a whole snapshot interval at a time, so the recording always starts at a known state;
///   ``Recording/droppedSteps`` says how many went.
/// - **Redaction.** `redact` sees every action before it is kept: return it, a copy with secrets
///   cleared, or `nil` to keep only its type name (marked not replayable). States are redacted when
///   exported.
/// - **Pause.** ``isPaused`` stops recording; time travel pauses it while a past state is shown.
///
/// Put the middleware last, as the logger: it records exactly what reaches the reducer.
/// Wrap the reducer with ``reducer(_:)`` for time travel.
@MainActor
public final class HistoryRecorder<State: Sendable> {
    /// The most steps kept.
    public let limit: Int
    /// Every how many steps the state is kept.
    public let snapshotEvery: Int
    private let redact: (@MainActor (any Action) -> (any Action)?)?
    private let now: (@MainActor () -> Date)?

    private var initialState: State?
    /// The steps as recorded, not generic over `State` (generic storage cost a metadata lookup per
    /// dispatch); the state snapshots boxed, once per `snapshotEvery` steps. Between `limit` and
    /// twice `limit` of them are kept, so dropping the oldest costs O(1) per step; ``recording``
    /// shows the last `limit` (from a snapshot).
    /// Unchecked in release builds, like the store's state: the dynamic exclusivity check cost ~120
    /// instructions a step (all accesses are on the main actor; debug builds keep the check).
    #if DEBUG
        private var raw: [RawStep] = []
        private var nextIndex = 0
    #else
        @exclusivity(unchecked) private var raw: [RawStep] = []
        @exclusivity(unchecked) private var nextIndex = 0
    #endif
    /// The state after the steps whose index ends an interval, boxed, by step index.
    private var snapshots: [Int: Any] = [:]
    private var droppedSteps = 0
    /// Steps skipped by time travel (their actions are not reduced in the recomputed states).
    private var skipped: Set<Int> = []
    /// The state shown while travelling: the index of the step it follows (`nil`: the latest).
    public private(set) var travelledTo: Int?
    private var dispatch: Dispatch?
    private let reduceAgain: Reducer<State>?

    /// Whether recording is paused (nothing is recorded meanwhile).
    public var isPaused: Bool {
        get { flags.contains(.paused) }
        set { if newValue { flags.insert(.paused) } else { flags.remove(.paused) } }
    }

    /// What the recording middleware checks on every action, in one unchecked field (see ``raw``):
    /// paused, travelling (the state time travel computed is being dispatched, not recorded), and
    /// started (the start state was taken — a flag, so the hot path never touches `State`).
    #if DEBUG
        private var flags: RecorderFlags = []
    #else
        @exclusivity(unchecked) private var flags: RecorderFlags = []
    #endif

    /// How many times time travel ran the reducer, to recompute states (tests read it, as Redux
    /// DevTools' instrument tests count reducer calls).
    public private(set) var recomputations = 0

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
    ///   - now: The clock of the steps' dates; `nil` (the default) reads the system's real-time
    ///     clock directly (`Date()` cost ~130 instructions a step, `clock_gettime` a third of it).
    public init(
        limit: Int = 1_000, snapshotEvery: Int = 50, reducer: Reducer<State>? = nil,
        redact: (@MainActor (any Action) -> (any Action)?)? = nil,
        now: (@MainActor () -> Date)? = nil
    ) {
        self.limit = max(limit, 1)
        self.snapshotEvery = max(snapshotEvery, 1)
        self.reduceAgain = reducer
        self.redact = redact
        self.now = now
    }

    /// The middleware that records; put it last.
    public var middleware: Middleware<State> {
        { [self] dispatch, getState in
            self.dispatch = dispatch
            return { next in
                { action in
                    let flags = self.flags
                    if !flags.isDisjoint(with: [.paused, .travelling]) {
                        next(action)
                        return
                    }
                    if !flags.contains(.started) {
                        self.start(getState())
                    }
                    next(action)
                    let index = self.nextIndex
                    self.nextIndex += 1
                    if (index + 1).isMultiple(of: self.snapshotEvery) {
                        self.snapshots[index] = getState()
                    }
                    self.record(action, index: index)
                }
            }
        }
    }

    private func start(_ state: State) {
        initialState = state
        flags.insert(.started)
    }

    private func record(_ action: any Action, index: Int) {
        let date = now.map { $0().timeIntervalSince1970 } ?? Self.realTime()
        if let redact {
            let kept = redact(action)
            raw.append(
                RawStep(index: index, date: date, action: kept, redactedType: kept == nil ? type(of: action) : nil))
        } else {
            raw.append(RawStep(index: index, date: date, action: action, redactedType: nil))
        }
        if raw.count >= 2 * limit + snapshotEvery {
            dropOldest()
        }
    }

    /// Seconds since 1970 from the real-time clock.
    private static func realTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The position of the first kept snapshot at or after `position`.
    private func snapshot(atOrAfter position: Int) -> Int? {
        var candidate = max(position, 0)
        while candidate < raw.count {
            // Snapshots are where the interval falls (unless time travel cleared them): test the
            // index first, which needs no lookup.
            let index = raw[candidate].index
            if (index + 1).isMultiple(of: snapshotEvery), snapshots[index] != nil {
                return candidate
            }
            candidate += 1
        }
        return nil
    }

    /// Drops the oldest steps, up to the first snapshot past the excess, which becomes the start.
    private func dropOldest() {
        guard let cut = snapshot(atOrAfter: raw.count - limit - 1),
            let state = snapshots[raw[cut].index] as? State
        else { return }
        initialState = state
        droppedSteps += cut + 1
        let lastDropped = raw[cut].index
        raw.removeFirst(cut + 1)
        snapshots = snapshots.filter { $0.key > lastDropped }
    }

    /// What was recorded so far.
    public var recording: Recording<State>? {
        guard let initialState else { return nil }
        // Keep at most `limit` steps (and those up to the next snapshot), starting at a known state.
        var start = initialState
        var first = 0
        if raw.count > limit + snapshotEvery, let cut = snapshot(atOrAfter: raw.count - limit - 1),
            let state = snapshots[raw[cut].index] as? State
        {
            start = state
            first = cut + 1
        }
        return Recording(initialState: start, steps: steps(from: first), droppedSteps: droppedSteps + first)
    }

    /// The recorded steps from position `first`, as ``Recording/Step``s.
    private func steps(from first: Int = 0) -> [Recording<State>.Step] {
        raw[first...].map { step in
            Recording<State>.Step(
                index: step.index, date: Date(timeIntervalSince1970: step.date), action: step.action,
                type: step.action.map { type(of: $0) } ?? step.redactedType ?? RedactedAction.self,
                state: snapshots[step.index] as? State, problem: step.action == nil ? "redacted" : nil)
        }
    }

    /// Forgets everything recorded; the next action starts a new recording.
    public func clear() {
        initialState = nil
        flags.remove(.started)
        raw = []
        snapshots = [:]
        droppedSteps = 0
        skipped = []
        travelledTo = nil
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
        .combine(
            reducer,
            .on(TravelTo<State>.self) { state, travel in state = travel.state }
        )
    }

    /// Shows the state after step `index` (`-1`: the start state). Subscribers and observers see
    /// it as any change; recording pauses until ``resume()`` or a jump to the latest step.
    ///
    /// - Parameter index: A step's ``Recording/Step/index``, or `-1`.
    public func jump(to index: Int) {
        guard let state = state(after: index) else { return }
        let latest = raw.last?.index
        travelledTo = index == latest ? nil : index
        isPaused = travelledTo != nil
        flags.insert(.travelling)
        dispatch?(TravelTo(state: state))
        flags.remove(.travelling)
    }

    /// Shows the state one step earlier.
    public func stepBack() {
        let current = travelledTo ?? raw.last?.index ?? -1
        jump(to: max(current - 1, (raw.first?.index ?? 0) - 1))
    }

    /// Shows the state one step later.
    public func stepForward() {
        guard let current = travelledTo else { return }
        jump(to: current + 1)
    }

    /// Skips (or reduces again) the action of step `index`: the states after it are recomputed
    /// from the nearest kept state before it, by running the reducer — without side effects — and
    /// the store shows the state at the same step as before.
    ///
    /// - Parameter index: A step's index.
    public func toggleSkip(_ index: Int) {
        if skipped.remove(index) == nil {
            skipped.insert(index)
        }
        // Snapshots after the skipped step no longer hold: they are recomputed on demand.
        snapshots = snapshots.filter { $0.key < index }
        jump(to: travelledTo ?? raw.last?.index ?? -1)
    }

    /// Whether step `index` is skipped.
    ///
    /// - Parameter index: A step's index.
    public func isSkipped(_ index: Int) -> Bool { skipped.contains(index) }

    /// Makes the state shown the start of the history: earlier steps are forgotten, later ones too
    /// when travelling, and recording resumes.
    public func commit() {
        let shown = state(after: travelledTo ?? raw.last?.index ?? -1)
        clear()
        initialState = shown
        if shown != nil { flags.insert(.started) }
        isPaused = false
    }

    /// Resumes recording, showing the latest state again.
    public func resume() {
        if travelledTo != nil, let last = raw.last?.index {
            jump(to: last)
        }
        isPaused = false
    }

    /// The state after step `index`, recomputed from the nearest kept state at or before it.
    func state(after index: Int) -> State? {
        guard var state = initialState else { return nil }
        guard let last = raw.lastIndex(where: { $0.index <= index }) else { return state }
        var start = 0
        if let snapshot = raw[...last].lastIndex(where: { snapshots[$0.index] != nil }),
            let kept = snapshots[raw[snapshot].index] as? State
        {
            state = kept
            start = snapshot + 1
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
        for step in raw[start...last] where !skipped.contains(step.index) {
            guard let action = step.action else { continue }
            var work = ReducerWork()
            reducer.reduce(&state, action, work: &work)
            recomputations += 1
        }
        return state
    }
}

/// A recorded step as kept while recording: not generic (the snapshots are apart).
private struct RawStep {
    let index: Int
    /// Seconds since 1970.
    let date: Double
    let action: (any Action)?
    /// The type of an action redaction removed.
    let redactedType: (any Action.Type)?
}

/// Stands for an action whose type is unknown.
private struct RedactedAction: Action {}

/// Replaces a store's state with one time travel computed (``HistoryRecorder/reducer(_:)``).
struct TravelTo<State: Sendable>: Action {
    let state: State
}

/// The flags of ``HistoryRecorder``'s hot path.
private struct RecorderFlags: OptionSet {
    let rawValue: UInt8
    static let paused = RecorderFlags(rawValue: 1)
    static let travelling = RecorderFlags(rawValue: 2)
    static let started = RecorderFlags(rawValue: 4)
}
