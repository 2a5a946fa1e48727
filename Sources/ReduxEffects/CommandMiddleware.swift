import Foundation
import Redux

/// The middleware that runs the work reducers return (``Command``), after each reduction, in the
/// store's `Effects`.
///
/// ```swift
/// let store = Store(
///     initialState: AppState(),
///     reducer: appReducer,                      // may mix plain reducers and ones returning commands
///     middleware: [commandMiddleware(dependencies: AppDependencies.live)]
/// )
/// ```
///
/// - Work runs in order, after the reducer, the observers and the subscribers saw the new state.
///   What it sends synchronously is queued and reduced after the current action (FIFO).
/// - Asynchronous work runs in tasks tracked by `store.effects`: releasing the store cancels it,
///   `await store.effects.waitForAll()` waits for it, and `TestStore` receives what it sends.
/// - Errors are never dropped: a command's own `catch`, else `onError`, else one line on standard
///   error. Cancellation is not an error.
/// - A reducer that returns work to a store without this middleware: the work is dropped and debug
///   builds print a warning naming the middleware. Release builds do not crash.
///
/// The middleware's stage passes every action on untouched; it costs nothing per action.
///
/// - Parameters:
///   - dependencies: What ``Command/run(using:priority:operation:catch:)`` hands the work — the
///     app's API clients, a clock; tests pass test doubles.
///   - onError: Receives errors the commands did not handle. When `nil` (the default), each is
///     written to standard error as one line naming the action.
/// - Returns: The middleware.
public func commandMiddleware<State>(
    dependencies: (any Sendable)? = nil,
    onError: WorkErrorHandler? = nil
) -> Middleware<State> {
    { dispatch, _ in
        let effects = Effects.current(for: "commandMiddleware()")
        let runner = CommandRunner(
            effects: effects, dispatch: dispatch, context: CommandContext(dependencies: dependencies),
            onError: onError ?? writeCommandErrorToStandardError)
        effects.reducerWorkHandler = { work, action, context in runner.run(work, after: action, in: context) }
        return { next in next }
    }
}

/// Writes one line naming the action and the error to standard error.
func writeCommandErrorToStandardError(_ error: any Error, _ action: any Action) {
    let line = "swift-redux: a command returned for \(type(of: action)) failed: \(error)\n"
    FileHandle.standardError.write(Data(line.utf8))
}

/// A wait until `duration` after now on `clock`, with the deadline fixed now — when the command
/// runs — not when its task first runs: the wait ends at the same moment whenever the task starts
/// (with a test clock, even after the test already advanced the time).
func deadline<C: Clock>(after duration: Duration, on clock: C) -> @Sendable () async throws -> Void
where C.Duration == Duration {
    let deadline = clock.now.advanced(by: duration)
    return { try await clock.sleep(until: deadline, tolerance: nil) }
}

/// Runs commands for one store.
@MainActor
final class CommandRunner {
    let effects: Effects
    let send: Send
    let context: CommandContext
    let onError: WorkErrorHandler
    /// The identifiers being throttled, with the command waiting for the end of the interval.
    private var throttled: [AnyHashable: Command?] = [:]

    init(
        effects: Effects, dispatch: @escaping Dispatch, context: CommandContext, onError: @escaping WorkErrorHandler
    ) {
        self.effects = effects
        self.send = Send(dispatch)
        self.context = context
        self.onError = onError
    }

    func run(_ work: [any Sendable], after action: any Action, in workContext: WorkContext) {
        for item in work {
            if let command = item as? Command {
                execute(command, id: nil, after: action, in: workContext)
            }
        }
    }

    /// What the work of an element sends: wrapped, so it reaches the element's reducer.
    func send(in workContext: WorkContext) -> Send {
        guard let wrap = workContext.wrap else { return send }
        let dispatch = send.dispatch
        return Send { action in dispatch(wrap(action)) }
    }

    /// Runs `command`; its asynchronous work is tracked under `id`, if any, and owned by the
    /// element of `workContext`.
    func execute(_ command: Command, id: AnyHashable?, after action: any Action, in workContext: WorkContext) {
        effects.withOwner(workContext.owner) {
            perform(command, id: id, after: action, in: workContext)
        }
    }

    private func perform(_ command: Command, id: AnyHashable?, after action: any Action, in workContext: WorkContext) {
        guard let operation = command.operation else { return }
        switch operation {
        case .send(let sent):
            send(in: workContext).dispatch(sent)
        case .run(let priority, let body, let handler):
            let send = send(in: workContext)
            let context = context
            let onError = onError
            effects.run(id: id, priority: priority) {
                do {
                    try await body(send, context)
                } catch {
                    if error is CancellationError || Task.isCancelled { return }
                    if let handler {
                        handler(error, send)
                    } else {
                        onError(error, action)
                    }
                }
            }
        case .merge(let commands):
            for command in commands {
                execute(command, id: id, after: action, in: workContext)
            }
        case .cancel(let cancelled):
            let key = AnyHashable(cancelled)
            effects.cancel(id: key)
            throttled[key] = nil
        case .cancellable(let inner, let newID, let cancelInFlight):
            let key = AnyHashable(newID)
            if cancelInFlight {
                effects.cancel(id: key)
            }
            execute(inner, id: key, after: action, in: workContext)
        case .delay(let inner, let duration, let clock):
            let wait = deadline(after: duration, on: clock)
            effects.run(id: id) { [weak self] in
                do {
                    try await wait()
                } catch {
                    return  // cancelled while waiting
                }
                guard !Task.isCancelled, let self else { return }
                self.execute(inner, id: id, after: action, in: workContext)
            }
        case .throttle(let inner, let throttleID, let interval, let clock, let latest):
            let key = AnyHashable(throttleID)
            if throttled.keys.contains(key) {
                if latest { throttled[key] = inner }
                return
            }
            throttled[key] = .some(nil)
            execute(inner, id: key, after: action, in: workContext)
            waitForEndOfInterval(key, interval: interval, clock: clock, after: action, in: workContext)
        }
    }

    /// Ends a throttling interval: runs the command kept for its end, if any, which starts the next.
    private func waitForEndOfInterval(
        _ key: AnyHashable, interval: Duration, clock: any Clock<Duration>, after action: any Action,
        in workContext: WorkContext
    ) {
        let wait = deadline(after: interval, on: clock)
        effects.run(id: key) { [weak self] in
            do {
                try await wait()
            } catch {
                return
            }
            guard !Task.isCancelled, let self, let pending = self.throttled[key] else { return }
            guard let next = pending else {
                self.throttled[key] = nil
                return
            }
            self.throttled[key] = .some(nil)
            self.execute(next, id: key, after: action, in: workContext)
            self.waitForEndOfInterval(key, interval: interval, clock: clock, after: action, in: workContext)
        }
    }
}
