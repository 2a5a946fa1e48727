import Redux

/// Work a reducer returns beside the new state: nothing, an action to send, asynchronous work that
/// sends actions, several of these merged, or a cancellation — the `AppCommand` of PokeMaster and
/// the `Effect` of Point-Free's architecture.
///
/// A reducer built with `Reducer.commands(on:_:)` (or `Reducer.commands(_:)`) returns one; the store
/// runs it after the reduction, in its `Effects` (so releasing the store cancels it, `waitForAll()`
/// awaits it and `TestStore` receives what it sends). No middleware is needed.
///
/// ```swift
/// let reducer = Reducer<SearchState>.commands(on: QueryChanged.self) { state, action in
///     state.query = action.query
///     return .run { send in
///         let results = try await SearchAPI.results(for: action.query)
///         send(SearchResults(results: results))
///     }
///     .debounce(id: "search", for: .milliseconds(300), clock: ContinuousClock())
/// }
/// ```
///
/// `Command` is `Sendable`; building one does nothing — only the store runs it.
public struct Command: Sendable {
    @usableFromInline
    enum Operation: Sendable {
        case send(any Action)
        case run(
            priority: TaskPriority?,
            body: @MainActor @Sendable (@escaping Dispatch, Effects) async throws -> Void,
            onError: (@MainActor @Sendable (any Error, @escaping Dispatch) -> Void)?
        )
        case merge([Command])
        case concatenate([Command])
        case cancel(id: any Hashable & Sendable)
        case cancellable(Command, id: any Hashable & Sendable, cancelInFlight: Bool)
        case delay(Command, duration: Duration, clock: any Clock<Duration>)
        case throttle(
            Command, id: any Hashable & Sendable, interval: Duration, clock: any Clock<Duration>, latest: Bool)
    }

    /// The work, behind one reference; `nil` for no work. Every constructor turns "no work" into
    /// `nil` (a merge of nothing, a delayed nothing), so a reducer that returns ``none`` allocates
    /// nothing and ``isNone`` is one comparison.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let operation: Operation

        @usableFromInline
        init(_ operation: Operation) {
            self.operation = operation
        }
    }

    @usableFromInline let storage: Storage?

    @usableFromInline
    init(_ operation: Operation) {
        self.storage = Storage(operation)
    }

    @usableFromInline
    init(none: Void) {
        self.storage = nil
    }

    /// The work, or `nil` for none.
    var operation: Operation? { storage?.operation }

    /// No work.
    @inlinable
    public static var none: Command { Command(none: ()) }

    /// Whether this is ``none``: no work at all.
    @inlinable
    public var isNone: Bool { storage == nil }

    /// Sends an action to the store right after the current one: it is queued and reduced after the
    /// action that returned this command (SPEC §4.5's FIFO rule).
    ///
    /// - Parameter action: The action to send.
    /// - Returns: The command.
    public static func send(_ action: any Action) -> Command {
        Command(.send(action))
    }

    /// Asynchronous work that can send any number of actions — while iterating an `AsyncSequence`,
    /// say. It runs on the main actor in a task tracked by the store's `Effects`.
    ///
    /// An error it throws goes to `catch`, if given (which can send an action), or else to the
    /// store's error handler (`Store(…, onError:)`, standard error by default); it is never dropped.
    /// Cancellation is not an error: a cancelled run ends quietly, and what it sends after being
    /// cancelled is dropped.
    ///
    /// ```swift
    /// .run { send in
    ///     for await reading in sensor.readings { send(Reading(value: reading)) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The task's priority.
    ///   - operation: The work; `send` dispatches actions into the store.
    ///   - handler: Receives what `operation` threw (never a cancellation), with `send`.
    /// - Returns: The command.
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @MainActor @Sendable (_ send: @escaping Dispatch) async throws -> Void,
        catch handler: (@MainActor @Sendable (_ error: any Error, _ send: @escaping Dispatch) -> Void)? = nil
    ) -> Command {
        Command(.run(priority: priority, body: { send, _ in try await operation(send) }, onError: handler))
    }

    /// Asynchronous work that reads the app's dependencies — the value given once to the store,
    /// `Store(initialState:reducer:middleware:dependencies:onError:)` — so that a test swaps them
    /// without globals.
    ///
    /// ```swift
    /// .run(using: AppDependencies.self) { send, dependencies in
    ///     let user = try await dependencies.api.logIn(email, password)
    ///     send(LoginSucceeded(user: user))
    /// } catch: { error, send in
    ///     send(LoginFailed(message: "\(error)"))
    /// }
    /// ```
    ///
    /// Made while a reducer runs, the work reads the dependencies that reducer reads — the store's,
    /// the part a feature module reads (`DependencyParts`), or those a `Reducer.dependency(_:_:)`
    /// changed. When the store was given no dependencies, or dependencies of another type, the
    /// work does not run and `DependenciesMismatch` is reported like any error it could throw.
    ///
    /// - Parameters:
    ///   - type: The type of the dependencies.
    ///   - priority: The task's priority.
    ///   - operation: The work, given `send` and the dependencies.
    ///   - handler: Receives what `operation` threw (never a cancellation), with `send`.
    /// - Returns: The command.
    public static func run<Dependencies: Sendable>(
        using type: Dependencies.Type,
        priority: TaskPriority? = nil,
        operation:
            @escaping @MainActor @Sendable (_ send: @escaping Dispatch, _ dependencies: Dependencies) async throws ->
            Void,
        catch handler: (@MainActor @Sendable (_ error: any Error, _ send: @escaping Dispatch) -> Void)? = nil
    ) -> Command {
        // The dependencies of the reduction that made the command, when one is running.
        let ofReduction: Dependencies? =
            MainActorCheck.isOnMainQueue
            ? MainActor.assumeIsolated { resolvedDependencies(ReducerDependencies.current, as: type) } : nil
        return Command(
            .run(
                priority: priority,
                body: { send, effects in
                    let dependencies = try ofReduction ?? effects.dependencies(as: type, for: "Command.run(using:)")
                    try await operation(send, dependencies)
                },
                onError: handler))
    }

    /// Runs several commands, in order: what they send synchronously is sent in this order, and
    /// their asynchronous work runs concurrently.
    ///
    /// - Parameter commands: The commands.
    /// - Returns: The command.
    public static func merge(_ commands: Command...) -> Command {
        merge(commands)
    }

    /// Runs several commands, in order (see `merge(_:)`).
    ///
    /// - Parameter commands: The commands.
    /// - Returns: The command.
    public static func merge(_ commands: [Command]) -> Command {
        joining(commands, Operation.merge)
    }

    /// `commands` without the ones that do nothing: ``none`` for none, the one itself for one, else
    /// `join` of them (a merge or a concatenation).
    private static func joining(_ commands: [Command], _ join: ([Command]) -> Operation) -> Command {
        let work = commands.filter { !$0.isNone }
        switch work.count {
        case 0: return .none
        case 1: return work[0]
        default: return Command(join(work))
        }
    }

    /// Runs several commands one after another: each starts when the work the one before it started
    /// has ended — a timer's last tick, then a final send; an animation's steps. What a command sends
    /// is reduced as usual, and the work *those* actions start is theirs: the next command does not
    /// wait for it. All of it runs in one piece of work of the store's `Effects`: cancelling it (by
    /// the identifier it was made ``cancellable(id:cancelInFlight:)`` with, or by releasing the
    /// store or dismissing its screen) cancels the command running and starts no other.
    ///
    /// ```swift
    /// return .concatenate(
    ///     .run { send in
    ///         for await _ in clock.timer(interval: .seconds(1)).prefix(3) { send(Tick()) }
    ///     },
    ///     .send(TimerFinished())
    /// )
    /// ```
    ///
    /// - Parameter commands: The commands, in the order they run.
    /// - Returns: The command.
    public static func concatenate(_ commands: Command...) -> Command {
        concatenate(commands)
    }

    /// Runs several commands one after another (see `concatenate(_:)`).
    ///
    /// - Parameter commands: The commands, in the order they run.
    /// - Returns: The command.
    public static func concatenate(_ commands: [Command]) -> Command {
        joining(commands, Operation.concatenate)
    }

    /// This command, then `next` once this command's work has ended (see `concatenate(_:)`).
    ///
    /// - Parameter next: The command to run after this one.
    /// - Returns: The command.
    public func concatenate(with next: Command) -> Command {
        .concatenate(self, next)
    }

    /// Cancels the work in flight that was made ``cancellable(id:cancelInFlight:)`` with this
    /// identifier (or debounced or throttled with it).
    ///
    /// - Parameter id: The identifier.
    /// - Returns: The command.
    public static func cancel(id: some Hashable & Sendable) -> Command {
        Command(.cancel(id: id))
    }

    /// This command's asynchronous work, made cancellable by `id` with ``cancel(id:)``.
    ///
    /// - Parameters:
    ///   - id: The identifier.
    ///   - cancelInFlight: Whether starting it first cancels the work in flight with the same
    ///     identifier (search-as-you-type).
    /// - Returns: The command.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Command {
        isNone ? .none : Command(.cancellable(self, id: id, cancelInFlight: cancelInFlight))
    }
}

extension Command: CustomStringConvertible {
    /// What the command does, for tests and logs: `send(LoggedIn(…))`, `run`, `merge[…]`, ….
    public var description: String {
        guard let operation else { return "none" }
        switch operation {
        case .send(let action): return "send(\(action))"
        case .run: return "run"
        case .merge(let commands): return "merge[" + commands.map(\.description).joined(separator: ", ") + "]"
        case .concatenate(let commands):
            return "concatenate[" + commands.map(\.description).joined(separator: ", ") + "]"
        case .cancel(let id): return "cancel(id: \(id))"
        case .cancellable(let command, let id, let cancelInFlight):
            return "\(command).cancellable(id: \(id)\(cancelInFlight ? ", cancelInFlight: true" : ""))"
        case .delay(let command, let duration, _): return "\(command).delay(for: \(duration))"
        case .throttle(let command, let id, let interval, _, let latest):
            return "\(command).throttle(id: \(id), for: \(interval), latest: \(latest))"
        }
    }
}
