extension Clock where Duration == Swift.Duration {
    /// A tick every `interval` from now, as swift-clocks' `clock.timer(interval:)`, on any clock:
    /// the real one in the app, a `TestClock` (ticks as the test advances it) or an
    /// `ImmediateClock` (ticks at once) in tests. Each tick is the time since the timer started
    /// (`interval`, 2 × `interval`, …) — a `Duration`, so that a clock held as `any Clock<Duration>`
    /// (as dependencies are) has it too.
    ///
    /// ```swift
    /// .run { send in
    ///     for await _ in clock.timer(interval: .seconds(1)) { send(Tick()) }
    /// }
    /// ```
    ///
    /// The stream ends when the task iterating it is cancelled, or when the clock's sleep throws.
    ///
    /// - Parameter interval: The time between ticks.
    /// - Returns: The ticks.
    public func timer(interval: Duration) -> AsyncStream<Duration> {
        AsyncStream { continuation in
            let task = Task {
                let start = now
                var elapsed = interval
                while !Task.isCancelled {
                    do {
                        try await sleep(until: start.advanced(by: elapsed), tolerance: nil)
                    } catch {
                        break
                    }
                    continuation.yield(elapsed)
                    elapsed += interval
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
