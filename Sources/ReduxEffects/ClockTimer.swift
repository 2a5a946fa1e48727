import Foundation
import Redux

extension Clock where Duration == Swift.Duration {
    /// A tick every `interval`, as swift-clocks' `clock.timer(interval:)`, on any clock: the real one
    /// in the app, a `TestClock` (ticks as the test advances it) or an `ImmediateClock` (ticks at
    /// once) in tests. Each tick is the time on the timer's grid since the iteration began
    /// (`interval`, 2 × `interval`, …) — a `Duration`, so that a clock held as `any Clock<Duration>`
    /// (as dependencies are) has it too.
    ///
    /// ```swift
    /// .run { send in
    ///     for await _ in clock.timer(interval: .seconds(1)) { send(Tick()) }
    /// }
    /// ```
    ///
    /// It behaves as swift-clocks' timer: the task iterating it sleeps on the clock itself, on its
    /// own actor (no task of its own, so a tick reaches the loop as soon as any other sleep ending
    /// at that time reaches its task); the first tick is `interval` after the iteration began; when
    /// the loop was busy past several ticks (a slow step), or its sleep ended past several (a device
    /// asleep), one tick comes at once — the latest grid point passed — and the next is back on the
    /// grid, not every missed one. A zero or negative interval ticks at
    /// each sleep until now. The ticks end when the task iterating them is cancelled, or when the
    /// clock's sleep throws.
    ///
    /// - Parameter interval: The time between ticks.
    /// - Returns: The ticks.
    public func timer(interval: Duration) -> ClockTicks {
        ClockTicks { [self] in ClockTickSource(clock: self, interval: interval) }
    }
}

/// The ticks of `clock.timer(interval:)`: each one the time on the timer's grid since the
/// iteration began. Each iteration starts its own grid.
public struct ClockTicks: AsyncSequence, Sendable {
    /// The time since the iteration began, on the timer's grid.
    public typealias Element = Duration

    let makeSource: @Sendable () -> any TickSource

    init(_ makeSource: @escaping @Sendable () -> any TickSource) {
        self.makeSource = makeSource
    }

    /// Sleeps on the clock until the next tick, in the iterating task.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let source: any TickSource

        /// The next tick, or `nil` once the task is cancelled or the clock's sleep threw.
        public mutating func next() async -> Duration? {
            await source.nextTick(isolation: nil)
        }

        /// The next tick, sleeping from the caller's actor (what `for await` calls).
        ///
        /// - Parameter actor: The caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Duration? {
            await source.nextTick(isolation: actor)
        }
    }

    /// An iteration, with a grid that starts now.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(source: makeSource())
    }
}

/// One iteration of a timer on some clock.
protocol TickSource: Sendable {
    /// Sleeps until the next tick, from `isolation`; `nil` when the sleep threw (and from then on).
    func nextTick(isolation: isolated (any Actor)?) async -> Duration?
}

/// Where a timer's iteration began and its last tick: the grid its next deadline is on. An
/// iterator asks for one tick at a time; the package's lock (`Locked`) keeps the grid sound
/// whatever task asks.
private final class ClockTickSource<C: Clock>: TickSource, Sendable where C.Duration == Duration {
    private struct Grid {
        var start: C.Instant?
        var last: C.Instant?
        var finished = false
    }

    private let clock: C
    private let interval: Duration
    private let grid = Locked(Grid())

    init(clock: C, interval: Duration) {
        self.clock = clock
        self.interval = interval
    }

    func nextTick(isolation: isolated (any Actor)?) async -> Duration? {
        guard let (start, deadline, isDue) = nextDeadline(now: clock.now) else { return nil }
        var tick = deadline
        if isDue {
            // A catch-up tick: no sleep (a test clock's sleep until exactly now would wait for the
            // next advance), but a cancelled task still ends the ticks.
            guard !Task.isCancelled else { return finish() }
        } else {
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return finish()
            }
            // Woken later than the next grid point (a device asleep, a clock that jumped): this tick
            // is the latest grid point passed — one tick for the jump, then the grid.
            tick = latestGridPoint(after: deadline, notAfter: clock.now)
        }
        grid.withLock { $0.last = tick }
        return start.duration(to: tick)
    }

    private func finish() -> Duration? {
        grid.withLock { $0.finished = true }
        return nil
    }

    /// The start of the grid, and the next tick's deadline: one interval after the last tick; or —
    /// when that has passed, and so have other grid points — the latest grid point not after `now`,
    /// due at once (`isDue`): one tick for all that were missed, then the grid. (Rounding the missed
    /// intervals up gave a grid point before `now` when `now` was on the grid, and then `now`'s own:
    /// two catch-up ticks.)
    private func nextDeadline(now: C.Instant) -> (start: C.Instant, deadline: C.Instant, isDue: Bool)? {
        grid.withLock { grid in
            guard !grid.finished else { return nil }
            let start = grid.start ?? now
            grid.start = start
            let last = grid.last ?? start
            guard interval > .zero else { return (start, now, false) }
            let next = last.advanced(by: interval)
            guard next < now else { return (start, next, false) }
            return (start, latestGridPoint(after: last, notAfter: now), true)
        }
    }

    /// The latest point `point + k × interval` (k ≥ 0) that is not after `now`.
    private func latestGridPoint(after point: C.Instant, notAfter now: C.Instant) -> C.Instant {
        guard interval > .zero, point < now else { return point }
        // The quotient is a `Double`: 0.4 s / 0.1 s is 3.999…; the count is corrected with exact
        // `Duration` arithmetic, so a `now` on the grid is its own grid point.
        let elapsed = point.duration(to: now)
        var steps = Int((elapsed / interval).rounded(.down))
        while interval * (steps + 1) <= elapsed { steps += 1 }
        while steps > 0, interval * steps > elapsed { steps -= 1 }
        return point.advanced(by: interval * steps)
    }
}
