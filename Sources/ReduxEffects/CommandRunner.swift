import Redux
import ReduxDiff

extension Command: StoreRunnableWork {
    /// Runs the command for the store that its reducer belongs to: the store calls this after the
    /// reduction, with the element whose reducer returned it already the owner of what starts.
    @MainActor
    package func start(_ run: WorkRun) {
        CommandRunner(run).perform(self, id: nil)
    }
}

/// A wait until `duration` after now on `clock`, with the deadline fixed now — when the command
/// runs — not when its task first runs: the wait ends at the same moment whenever the task starts
/// (with a test clock, even after the test already advanced the time).
func deadline<C: Clock>(after duration: Duration, on clock: C) -> @Sendable () async throws -> Void
where C.Duration == Duration {
    let deadline = clock.now.advanced(by: duration)
    return { try await clock.sleep(until: deadline, tolerance: nil) }
}

/// The commands' state kept per store: the identifiers being throttled, with the command waiting
/// for the end of the interval.
@MainActor
final class ThrottleTable {
    var pending: [AnyHashable: Command?] = [:]
}

/// Runs the commands returned for one action, for one element of one store.
@MainActor
struct CommandRunner {
    let run: WorkRun
    /// Dispatches into the store (to the element the work belongs to) — dropping what a cancelled
    /// run sends: it was told to stop, and its results are stale.
    let send: Dispatch
    let throttles: ThrottleTable

    init(_ run: WorkRun) {
        self.run = run
        let dispatch = run.send
        self.send = { action in
            guard !Task.isCancelled else { return }
            dispatch(action)
        }
        self.throttles = run.effects.attachment(ThrottleTable.self) { ThrottleTable() }
    }

    var effects: Effects { run.effects }

    /// Runs `command` later, from a task (the end of a delay or of a throttling interval, a part of
    /// a concatenation): makes the element the command belongs to the owner of what it starts
    /// again, then performs it.
    @discardableResult
    func execute(_ command: Command, id: AnyHashable?, awaitingDelayed: Bool = false) -> [Task<Void, Never>] {
        effects.withOwner(run.context.owner) {
            perform(command, id: id, awaitingDelayed: awaitingDelayed)
        }
    }

    /// Runs `command` and returns when the work it started itself has ended — not the work of the
    /// actions it sent, which is theirs. Cancelling the calling task cancels that work.
    func runToEnd(_ command: Command, id: AnyHashable?) async {
        let started = execute(command, id: id, awaitingDelayed: true)
        await withTaskCancellationHandler {
            for task in started { await task.value }
        } onCancel: {
            for task in started { task.cancel() }
        }
    }

    /// Runs `command` now, while the element it belongs to owns what starts; its asynchronous work
    /// is tracked under `id`, if any.
    ///
    /// - Parameter awaitingDelayed: Whether a delay's task waits for the work of the command it
    ///   delayed (a concatenation waits for the delay's task, so it must), or ends once that work
    ///   has started (otherwise: one entry fewer in flight).
    /// - Returns: The tasks it started itself (a throttle's interval aside), for a concatenation to
    ///   wait for.
    @discardableResult
    func perform(_ command: Command, id: AnyHashable?, awaitingDelayed: Bool = false) -> [Task<Void, Never>] {
        guard let operation = command.operation else { return [] }
        switch operation {
        case .send(let sent):
            run.send(sent)
            return []
        case .run(let priority, let body, let handler):
            // A `send` kept past the end of its work (escaped into a callback) is refused with a
            // diagnostic: the work's lifetime — its element's, its screen's — is over.
            let lifetime = RunLifetime()
            let base = send
            let action = run.action
            let send: Dispatch = { sent in
                guard !lifetime.isOver else {
                    RunLifetime.warnSentAfterCompletion(sent, startedBy: action)
                    return
                }
                base(sent)
            }
            let effects = effects
            return [
                effects.run(id: id, priority: priority) {
                    defer { lifetime.isOver = true }
                    do {
                        try await body(send, effects)
                    } catch {
                        if error is CancellationError || Task.isCancelled { return }
                        if let handler {
                            handler(error, send)
                        } else {
                            effects.report(error, for: action)
                        }
                    }
                }
            ]
        case .merge(let commands):
            return commands.flatMap { perform($0, id: id, awaitingDelayed: awaitingDelayed) }
        case .concatenate(let commands):
            let runner = self
            return [
                effects.run(id: id) {
                    for command in commands {
                        guard !Task.isCancelled else { return }
                        await runner.runToEnd(command, id: id)
                    }
                }
            ]
        case .cancel(let cancelled):
            let key = AnyHashable(cancelled)
            effects.cancel(id: key)
            throttles.pending[key] = nil
            return []
        case .cancellable(let inner, let newID, let cancelInFlight):
            let key = AnyHashable(newID)
            if cancelInFlight {
                effects.cancel(id: key)
            }
            return perform(inner, id: key, awaitingDelayed: awaitingDelayed)
        case .delay(let inner, let duration, let clock):
            let wait = deadline(after: duration, on: clock)
            let runner = self
            return [
                effects.run(id: id) {
                    do {
                        try await wait()
                    } catch {
                        return  // cancelled while waiting
                    }
                    guard !Task.isCancelled else { return }
                    if awaitingDelayed {
                        await runner.runToEnd(inner, id: id)
                    } else {
                        runner.execute(inner, id: id)
                    }
                }
            ]
        case .throttle(let inner, let throttleID, let interval, let clock, let latest):
            let key = AnyHashable(throttleID)
            if throttles.pending.keys.contains(key) {
                if latest { throttles.pending[key] = inner }
                return []
            }
            throttles.pending[key] = .some(nil)
            let started = perform(inner, id: key, awaitingDelayed: awaitingDelayed)
            waitForEndOfInterval(key, interval: interval, clock: clock)
            return started
        }
    }

    /// Ends a throttling interval: runs the command kept for its end, if any, which starts the next.
    private func waitForEndOfInterval(_ key: AnyHashable, interval: Duration, clock: any Clock<Duration>) {
        let wait = deadline(after: interval, on: clock)
        let runner = self
        effects.run(id: key) {
            do {
                try await wait()
            } catch {
                return
            }
            let throttles = runner.throttles
            guard !Task.isCancelled, let pending = throttles.pending[key] else { return }
            guard let next = pending else {
                throttles.pending[key] = nil
                return
            }
            throttles.pending[key] = .some(nil)
            runner.execute(next, id: key)
            runner.waitForEndOfInterval(key, interval: interval, clock: clock)
        }
    }
}

/// Whether a `.run` command's work has completed: what its `send` sends afterwards is dropped, with
/// a diagnostic naming the action (as the Composable Architecture reports a send from a completed
/// effect).
@MainActor
final class RunLifetime {
    var isOver = false

    /// Says, once per case, that `action` — sent by the work `start` started — came after that work
    /// had completed and was dropped: both named by their case, as upstream names the effect's action.
    static func warnSentAfterCompletion(_ action: any Action, startedBy start: any Action) {
        let sent = ValueDiff.describe(action, maxLength: 160)
        Diagnostics.warnOnce(
            "sent-after-completion:\(type(of: action)).\(ValueDiff.caseName(of: action) ?? "")",
            "swift-redux: warning: \(sent) was sent by a command's run after its work had completed (the work "
                + "\(ValueDiff.describe(start, maxLength: 160)) started; its send was kept in a callback or a stored "
                + "closure); it was dropped. Send from inside run's body: await the callback's result there "
                + "(withCheckedContinuation, an AsyncStream).")
    }
}
