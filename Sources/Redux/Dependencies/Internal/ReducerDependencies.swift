/// The store's dependencies, readable by a reducer while the store runs it: the same value its
/// work reads with `Command.run(using:)`, async actions and thunks.
///
/// The store that was given dependencies (`Store(…, dependencies:)`) sets them here around each
/// run of its reducer; a store given none pays nothing. Read through ``Reducer/init(using:_:)`` and
/// ``Reducer/on(_:using:_:)``.
@MainActor
package enum ReducerDependencies {
    /// The dependencies of the store whose reducer runs now; `nil` outside a reduction, or in a store
    /// given none.
    package static var current: (any Sendable)?

    /// Where the values generators make during a reduction go (a recording's step keeps them) or come
    /// from (a replay or time travel gives them back); `nil` when nobody records or replays.
    package static var tape: GeneratedValues?

    /// `body`, run with the store's dependencies (`dependencies.value`, read at each run: a
    /// `TestStore` may change them between two sends) current: what a store given dependencies runs
    /// as its reducer. While a recorder asked for it (`taping`), the values its generators make are
    /// taped.
    nonisolated static func wrapping<State>(
        _ body: @escaping @Sendable (inout State, any Action) -> Void, with dependencies: DependenciesBox,
        taping: GeneratedTaping
    ) -> @Sendable (inout State, any Action) -> Void {
        { state, action in
            // A store runs its reducer on the main actor (`StoreCore` is main-actor isolated); the
            // runtime checks it again here.
            let previous = MainActor.assumeIsolated { enter(dependencies.value, taping) }
            body(&state, action)
            MainActor.assumeIsolated { leave(previous) }
        }
    }

    /// The same, for a reducer that returns work.
    nonisolated static func wrapping<State>(
        _ body: @escaping @Sendable (inout State, any Action, inout ReducerWork) -> Void,
        with dependencies: DependenciesBox, taping: GeneratedTaping
    ) -> @Sendable (inout State, any Action, inout ReducerWork) -> Void {
        { state, action, work in
            let previous = MainActor.assumeIsolated { enter(dependencies.value, taping) }
            body(&state, action, &work)
            MainActor.assumeIsolated { leave(previous) }
        }
    }

    private static func enter(
        _ dependencies: (any Sendable)?, _ taping: GeneratedTaping
    ) -> (dependencies: (any Sendable)?, tape: GeneratedValues?) {
        let previous = (current, tape)
        current = dependencies
        if let recording = taping.tape {
            recording.startRecording()
            tape = recording
        }
        return previous
    }

    private static func leave(_ previous: (dependencies: (any Sendable)?, tape: GeneratedValues?)) {
        current = previous.dependencies
        tape = previous.tape
    }

    /// Runs `body` — a reduction of a store that tapes nothing itself — with `tape` recording the
    /// values generators make (a `HistoryRecorder`'s, see its `reducer(_:)`), and returns them
    /// (`nil` for none); runs it as it is when a tape is already in place (the store's own, or a
    /// replay's) or none is given.
    @inline(__always)
    package static func taping(into tape: GeneratedValues?, _ body: () -> Void) -> [any Sendable]? {
        guard let tape, self.tape == nil else {
            body()
            return nil
        }
        tape.startRecording()
        self.tape = tape
        body()
        self.tape = nil
        return tape.take()
    }

    /// Runs `body` — a reducer run again by a replay given no dependencies, from any isolation — with
    /// `values` (what the step's generators made) handed back to the generators when it runs on the
    /// main actor, where a store's reducers run and read them; as it is elsewhere, or with none.
    package nonisolated static func handingBack<R>(_ values: [any Sendable], _ body: () throws -> R) rethrows -> R {
        guard !values.isEmpty, MainActorCheck.isOnMainQueue else { return try body() }
        let previous = MainActor.assumeIsolated {
            let previous = tape
            tape = GeneratedValues(replaying: values)
            return previous
        }
        defer { MainActor.assumeIsolated { tape = previous } }
        return try body()
    }

    /// Runs `body` — a reducer run again by a replay or by time travel — with `dependencies` current
    /// (when given) and the values a recording kept handed back to the generators, in order.
    package static func replaying<R>(
        _ values: [any Sendable], dependencies: (any Sendable)?, _ body: () throws -> R
    ) rethrows -> R {
        let previous = (current, tape)
        if let dependencies { current = dependencies }
        tape = GeneratedValues(replaying: values)
        defer { (current, tape) = previous }
        return try body()
    }

    /// A value from a generator (an identifier, a date): `make()` — kept on the tape while a recorder
    /// records this reduction — or the recorded one handed back while a replay runs it again (a fresh
    /// one when the recording has no more of that type: the replay then shows where it diverges).
    package nonisolated static func generated<T: Sendable>(_ make: @Sendable () -> T) -> T {
        guard MainActorCheck.isOnMainQueue else { return make() }
        return MainActor.assumeIsolated {
            guard let tape else { return make() }
            if let replayed = tape.next(as: T.self) { return replayed }
            let value = make()
            if tape.isRecording { tape.record(value) }
            return value
        }
    }

    /// The current dependencies as a `D`, or the mismatch (reported once, naming both types).
    package nonisolated static func read<D: Sendable>(_: D.Type, by requester: @autoclosure () -> String) -> D? {
        guard MainActorCheck.isOnMainQueue else {
            report(DependenciesMismatch(requester: requester(), expected: "\(D.self)", found: nil), outsideStore: true)
            return nil
        }
        let current = MainActor.assumeIsolated { ReducerDependencies.current }
        if let dependencies = resolvedDependencies(current, as: D.self) { return dependencies }
        report(
            DependenciesMismatch(
                requester: requester(), expected: "\(D.self)", found: describeGivenDependencies(current)),
            outsideStore: false)
        return nil
    }

    /// Set by a `TestStore` while its reducer runs: a reducer asking for dependencies the test did
    /// not give is that test's failure, not a line on standard error (``reporting(_:to:)``).
    package static var mismatchSink: (@MainActor (DependenciesMismatch) -> Void)?

    private nonisolated static func report(_ mismatch: DependenciesMismatch, outsideStore: Bool) {
        let message = "swift-redux: error: \(mismatch); the reducer did not run for this action"
        if !outsideStore, let sink = MainActor.assumeIsolated({ mismatchSink }) {
            return MainActor.assumeIsolated { sink(mismatch) }
        }
        guard !outsideStore else {
            // Off the main actor (a reducer called directly on another thread): said now, every time.
            return Diagnostics.writeToStandardError(message + " (it ran outside a store, off the main actor)")
        }
        MainActor.assumeIsolated { Diagnostics.warnOnce("reducer-dependencies:\(mismatch)", message) }
    }
}

/// A store's dependencies: given once, read by its reducers and its work; a `TestStore` may replace
/// them between two sends (``Effects/replaceDependencies(_:)``).
@MainActor
package final class DependenciesBox {
    package var value: (any Sendable)?

    nonisolated init(_ value: (any Sendable)?) {
        self.value = value
    }
}

/// The values generators made during one reduction, or the ones to hand back when it runs again.
@MainActor
package final class GeneratedValues {
    private var recorded: [any Sendable] = []
    /// What the last reduction taped, whoever took it (``take()``): a `TestStore` hands it back to a
    /// test's expected-state closure.
    package private(set) var lastReduction: [any Sendable] = []
    private let replayed: [any Sendable]?
    private var position = 0

    /// A tape that records.
    package init() {
        replayed = nil
    }

    /// A tape that hands back `values`, in order.
    init(replaying values: [any Sendable]) {
        replayed = values
    }

    var isRecording: Bool { replayed == nil }

    /// Starts a reduction's recording: nothing taped yet.
    func startRecording() {
        if !recorded.isEmpty { recorded.removeAll(keepingCapacity: true) }
        if !lastReduction.isEmpty { lastReduction.removeAll(keepingCapacity: true) }
    }

    func record(_ value: any Sendable) {
        recorded.append(value)
        lastReduction.append(value)
    }

    /// What was taped during the last reduction, taken (the tape is empty after); `nil` for none.
    package func take() -> [any Sendable]? {
        guard !recorded.isEmpty else { return nil }
        defer { recorded.removeAll(keepingCapacity: true) }
        return recorded
    }

    /// The next value to hand back, when replaying and it is a `T`.
    func next<T: Sendable>(as _: T.Type) -> T? {
        guard let replayed, position < replayed.count, let value = replayed[position] as? T else { return nil }
        position += 1
        return value
    }
}

/// Whether a store tapes the values its reducers' generators make: a recorder asks for it
/// (``Effects/tapeGeneratedValues()``), and the store's reducer then tapes each reduction.
@MainActor
package final class GeneratedTaping {
    package var tape: GeneratedValues?
    package init() {}
}

extension Reducer {
    /// This reducer, with `sink` told of every reducer in it that asks for dependencies of a type the
    /// store was not given (what a `TestStore` runs: each mismatch fails the test).
    package func reportingDependencyMismatches(to sink: @escaping @MainActor (DependenciesMismatch) -> Void) -> Reducer
    {
        let body = body
        guard let workBody else {
            return Reducer { state, action in
                // A store runs its reducer on the main actor; the runtime checks it again here.
                let previous = MainActor.assumeIsolated { ReducerDependencies.enterSink(sink) }
                body(&state, action)
                MainActor.assumeIsolated { ReducerDependencies.mismatchSink = previous }
            }
        }
        return Reducer(work: { state, action, work in
            let previous = MainActor.assumeIsolated { ReducerDependencies.enterSink(sink) }
            workBody(&state, action, &work)
            MainActor.assumeIsolated { ReducerDependencies.mismatchSink = previous }
        })
    }
}

extension ReducerDependencies {
    static func enterSink(
        _ sink: @escaping @MainActor (DependenciesMismatch) -> Void
    ) -> (@MainActor (DependenciesMismatch) -> Void)? {
        let previous = mismatchSink
        mismatchSink = sink
        return previous
    }
}
