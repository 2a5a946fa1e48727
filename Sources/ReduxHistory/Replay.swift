import Redux
import ReduxDiff

/// What replaying a recording found: how many steps were reduced again, the first step whose state
/// differs from the recorded one (with the same readable diff `TestStore` prints), and the steps that
/// could not be replayed.
public struct ReplayReport<State>: CustomStringConvertible {
    /// The first step whose recomputed state differs from the state recorded after it.
    public struct Divergence {
        /// The step's index in the session.
        public let index: Int
        /// The step's action, as text.
        public let action: String
        /// The state the recording holds after the step.
        public let recorded: State
        /// The state the reducer computed.
        public let replayed: State
        /// What differs, one changed path per line (`state.count: 1 → 2`).
        public let diff: [String]
    }

    /// A step that could not be reduced again.
    public struct Problem: Equatable, Sendable {
        /// The step's index in the session.
        public let index: Int
        /// The action's type name.
        public let typeName: String
        /// Why (not `Codable`, redacted, not registered, no longer decodes).
        public let reason: String
    }

    /// How many steps were reduced again.
    public let replayedSteps: Int
    /// The first divergence, or `nil` when every recorded state was reproduced.
    public let divergence: Divergence?
    /// The steps that could not be replayed; replay resumed at the next recorded state after each.
    public let problems: [Problem]
    /// The state after the last step replayed.
    public let finalState: State

    /// Whether every step was replayed and every recorded state reproduced.
    public var isFaithful: Bool { divergence == nil && problems.isEmpty }

    /// A report for a test's failure message: the divergence with its diff, then the problems.
    public var description: String {
        var lines: [String] = []
        if let divergence {
            lines.append(
                "step \(divergence.index) (\(divergence.action)) left another state than recorded (recorded → replayed):"
            )
            lines += divergence.diff.map { "  " + $0 }
        }
        for problem in problems {
            lines.append("step \(problem.index) (\(problem.typeName)) was not replayed: \(problem.reason)")
        }
        if lines.isEmpty {
            lines.append("\(replayedSteps) steps replayed; every recorded state reproduced")
        }
        return lines.joined(separator: "\n")
    }
}

extension ReplayReport.Divergence: Sendable where State: Sendable {}
extension ReplayReport: Sendable where State: Sendable {}

extension Recording where State: Equatable {
    /// Replays as ``replay(with:)`` does, with `dependencies` as the store's: what reducers that
    /// read dependencies (`Reducer(using:)`) read while replaying. Give the doubles the recording's
    /// session used — an incrementing id generator, a fixed date — for the same values; a ReduxHistory
    /// recording does not keep the values a reducer read (yet).
    ///
    /// - Parameters:
    ///   - reducer: The app's reducer.
    ///   - dependencies: The dependencies reducers read while replaying.
    /// - Returns: The report; replay stops at the first divergence.
    @MainActor
    public func replay(with reducer: Reducer<State>, dependencies: any Sendable) -> ReplayReport<State> {
        let reducer = reducer.reconcilingSharedValues()  // as the recording store reconciled (`SharedValues`)
        return replay(with: reducer) { state, action, step in
            ReducerDependencies.replaying(step.generated, dependencies: dependencies) {
                var work = ReducerWork()
                reducer.reduce(&state, action, work: &work)
            }
        }
    }

    /// Reduces the recorded actions again, from the recorded start state, with `reducer` — without
    /// side effects: work the reducer returns is dropped, no middleware runs — and compares each
    /// recorded state with the one computed. A user's bug report becomes a test:
    ///
    /// ```swift
    /// let report = try Recording<AppState>(json: attachment, actions: actions).replay(with: appReducer)
    /// #expect(report.isFaithful, "\(report)")
    /// ```
    ///
    /// A step that cannot be replayed (see ``Recording/Step/problem``) is reported, and replay
    /// resumes from the next recorded state, so one old action does not hide the rest. A skipped
    /// step (``Recording/Step/isSkipped``) is passed over: the state after it is the state before.
    ///
    /// - Parameter reducer: The app's reducer.
    /// - Returns: The report; replay stops at the first divergence.
    public func replay(with reducer: Reducer<State>) -> ReplayReport<State> {
        let reducer = reducer.reconcilingSharedValues()  // as the recording store reconciled (`SharedValues`)
        return replay(with: reducer) { state, action, step in
            var work = ReducerWork()
            // The values the step's generators made, handed back (on the main actor, where a
            // store's reducers run and read them).
            ReducerDependencies.handingBack(step.generated) { reducer.reduce(&state, action, work: &work) }
        }
    }

    /// Replays with `reduce` running each step's action.
    private func replay(
        with reducer: Reducer<State>, reducing reduce: (inout State, any Action, Step) -> Void
    ) -> ReplayReport<State> {
        var state = initialState
        var replayed = 0
        var problems: [ReplayReport<State>.Problem] = []
        var isKnown = true
        for step in steps {
            if step.isSkipped {
                // Skipped by time travel (or marked so by the Redux DevTools): not reduced, as there.
            } else if let action = step.action, step.problem == nil, isKnown {
                reduce(&state, action, step)
                replayed += 1
            } else if step.problem != nil || step.action == nil {
                problems.append(.init(index: step.index, typeName: step.typeName, reason: step.problem ?? "no action"))
                isKnown = false
            }
            guard let recorded = step.state else { continue }
            if isKnown, recorded != state {
                let diff = ValueDiff.lines(from: recorded, to: state, rootName: "state")
                return ReplayReport(
                    replayedSteps: replayed,
                    divergence: .init(
                        index: step.index, action: step.description, recorded: recorded, replayed: state, diff: diff),
                    problems: problems, finalState: state)
            }
            state = recorded
            isKnown = true
        }
        return ReplayReport(replayedSteps: replayed, divergence: nil, problems: problems, finalState: state)
    }
}
