/// Time-based work: every form takes a `Clock`, so that tests drive time with `ReduxTesting`'s
/// `TestClock` instead of sleeping.
extension Command {
    /// This command, run after `duration` on `clock`. Cancelling the delayed work (through an
    /// enclosing ``cancellable(id:cancelInFlight:)``, say) before then drops it.
    ///
    /// - Parameters:
    ///   - duration: How long to wait.
    ///   - clock: The clock to wait on: `ContinuousClock()` in the app, a `TestClock` in tests.
    /// - Returns: The command.
    public func delay(for duration: Duration, clock: any Clock<Duration>) -> Command {
        isNone ? .none : Command(.delay(self, duration: duration, clock: clock))
    }

    /// This command, run once `duration` has passed without another command debounced with the same
    /// identifier: each new one cancels the one still waiting (search-as-you-type).
    ///
    /// ```swift
    /// return .send(Search(query: query)).debounce(id: "search", for: .milliseconds(300), clock: clock)
    /// ```
    ///
    /// - Parameters:
    ///   - id: Identifies the debounced work; ``cancel(id:)`` cancels it too.
    ///   - duration: The quiet time to wait for.
    ///   - clock: The clock to wait on.
    /// - Returns: The command.
    public func debounce(id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>) -> Command {
        delay(for: duration, clock: clock).cancellable(id: id, cancelInFlight: true)
    }

    /// This command at most once per `interval` for the identifier: the first runs at once; the ones
    /// that arrive during the interval are dropped, or — with `latest` — the last of them runs when
    /// the interval ends (which starts a new interval).
    ///
    /// - Parameters:
    ///   - id: Identifies the throttled work; ``cancel(id:)`` cancels a pending one.
    ///   - interval: The minimum time between two runs.
    ///   - clock: The clock to measure it on.
    ///   - latest: Whether the last command of an interval runs when it ends.
    /// - Returns: The command.
    public func throttle(
        id: some Hashable & Sendable, for interval: Duration, clock: any Clock<Duration>, latest: Bool = true
    ) -> Command {
        isNone ? .none : Command(.throttle(self, id: id, interval: interval, clock: clock, latest: latest))
    }
}
