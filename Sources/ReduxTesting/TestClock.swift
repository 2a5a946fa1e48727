import Foundation
import Redux

/// A clock whose time moves only when a test says so: work that sleeps on it (a debounced search, a
/// delayed command, a throttle's interval) resumes when ``advance(by:)`` reaches its deadline —
/// no real waiting, no flakiness.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: SearchState(), reducer: searchReducer(clock: clock))
/// await store.dispatch(QueryChanged(query: "sw")) { $0.query = "sw" }
/// await store.dispatch(QueryChanged(query: "swift")) { $0.query = "swift" }
/// await clock.advance(by: .milliseconds(300))     // only the last search is due
/// await store.receive(SearchResults.self) { $0.results = ["swift"] }
/// await store.finish()
/// ```
///
/// Sleeps are resumed in deadline order; a sleep whose task is cancelled throws
/// `CancellationError` at once. `TestClock` is `Sendable`: its state is behind a lock.
public final class TestClock: Clock, Sendable {
    /// A point in the test clock's time: the duration since the clock was created.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock was created.
        public var offset: Duration

        /// Creates an instant.
        ///
        /// - Parameter offset: The time since the clock was created.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// This instant moved by `duration`.
        ///
        /// - Parameter duration: How far.
        /// - Returns: The new instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        ///
        /// - Parameter other: The other instant.
        /// - Returns: The duration.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        ///
        /// - Parameters:
        ///   - lhs: An instant.
        ///   - rhs: Another instant.
        /// - Returns: `true` when `lhs` is earlier.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, as text.
        public var description: String { "TestClock.Instant(\(offset))" }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// The time, the sleeps waiting and the last sleep's token, behind the package's lock (`Locked`).
    private struct Time {
        var current = Instant(offset: .zero)
        var sleepers: [UInt64: Sleeper] = [:]
        var nextToken: UInt64 = 0
    }

    private let time = Locked(Time())

    /// Creates a clock at time zero.
    ///
    /// While a test clock (or a `TestStore`) exists, the process's Swift-concurrency work runs on the
    /// main actor's serial queue, so that what the clock wakes runs in a certain order whatever the
    /// load; see `docs/testing.md`.
    public init() {
        SerialTestExecutor.retain()
    }

    deinit {
        SerialTestExecutor.release()
    }

    /// The current time: moves only with ``advance(by:)`` and ``run(timeout:fileID:filePath:line:column:)``.
    public var now: Instant { time.withLock { $0.current } }

    /// The smallest step: zero, since time is exact here.
    public var minimumResolution: Duration { .zero }

    /// How many sleeps are waiting for their deadline.
    public var pendingSleepCount: Int { time.withLock { $0.sleepers.count } }

    /// Suspends until the clock reaches `deadline`, as swift-clocks' `TestClock` does: a deadline
    /// already passed returns at once; one at the clock's time now — `sleep(for: .zero)` — waits
    /// for the next ``advance(by:)`` (`advance(by: .zero)` included), so that a second tap can
    /// cancel the work of the first before it goes on.
    ///
    /// - Parameters:
    ///   - deadline: When to resume.
    ///   - tolerance: Ignored: the test clock is exact.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let token: UInt64 = time.withLock { time in
            time.nextToken += 1
            return time.nextToken
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = time.withLock { time in
                    if deadline < time.current { return true }
                    time.sleepers[token] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = time.withLock { $0.sleepers.removeValue(forKey: token) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, resuming every sleep that is due, in deadline order, and
    /// lets the work they resume run before returning (up to its next suspension).
    ///
    /// Work started before the call (a command's task that has not run yet) first gets the chance
    /// to start and begin its sleep, so that its deadline counts from the time it was started, not
    /// from after the advance.
    ///
    /// - Parameter duration: How far to move.
    public func advance(by duration: Duration) async {
        await settle()
        let target = time.withLock { $0.current.advanced(by: duration) }
        await advance(to: target)
    }

    /// Moves time forward until no sleep is waiting — for work whose durations the test does not
    /// care about — as swift-clocks' `run(timeout:)`. It sees the sleeps that have begun: work whose
    /// task has not started yet may begin its sleep afterwards. When the test knows a deadline,
    /// ``advance(by:)`` past it is exact: a sleep that begins with its deadline already passed
    /// returns at once.
    ///
    /// Work that never stops sleeping (a timer nobody cancels) would keep it running: past `timeout`
    /// of real time it stops and fails the test, naming the sleeps still waiting.
    ///
    /// - Parameters:
    ///   - timeout: How long (real time) to let the clock run.
    ///   - fileID: The file of the call; a failure is reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func run(
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await settle()
        // Real time, from after the work already started has begun its sleeps; each pass moves the
        // clock at least once, so a loaded machine slows the run but never stops it before it starts.
        let deadline = ContinuousClock.now + timeout
        var moved = false
        while let next = time.withLock({ $0.sleepers.values.map(\.deadline).min() }) {
            guard !moved || ContinuousClock.now < deadline else {
                return reportFailure(
                    "TestClock.run(timeout: \(timeout)) stopped at \(now.offset) with \(pendingSleepCount) sleep(s) still "
                        + "waiting: work that never stops sleeping (a timer nobody cancels) keeps the clock running. "
                        + "Advance by the time the test cares about (advance(by:)), or end the work first.",
                    at: SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
            }
            await advance(to: next)
            moved = true
        }
    }

    private func advance(to target: Instant) async {
        while true {
            // One deadline at a time, so that work resumed at an earlier deadline can schedule more
            // sleeps that come due before the target.
            let due: [Sleeper] = time.withLock { time in
                guard let earliest = time.sleepers.values.map(\.deadline).min(), earliest <= target else {
                    if time.current < target { time.current = target }
                    return []
                }
                time.current = max(time.current, earliest)
                let tokens = time.sleepers.filter { $0.value.deadline == earliest }.map(\.key).sorted()
                return tokens.compactMap { time.sleepers.removeValue(forKey: $0) }
            }
            if due.isEmpty { break }
            for sleeper in due { sleeper.continuation.resume() }
            await settle()
        }
        await settle()
    }

    /// Moves the time to `instant` when it is earlier, resuming nothing: for ``ImmediateClock``,
    /// whose sleeps pass their own time.
    func move(atLeastTo instant: Instant) {
        time.withLock { if $0.current < instant { $0.current = instant } }
    }

    /// Lets the work that is ready run until none is left: what was woken, up to its next
    /// suspension (a new sleep, say), and what that started.
    private func settle() async {
        await SerialTestExecutor.settle()
    }
}

/// A clock whose sleeps return at once, its time moving to their deadline: for tests that do not
/// care about time (a timer's ticks, a retry's back-off), as swift-clocks' `ImmediateClock`.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(3_600))   // returns at once
/// print(clock.now.offset)                        // 3600.0 seconds
/// ```
///
/// Like ``TestClock`` (which keeps its time), while one exists the process's Swift-concurrency work
/// runs on the main actor's serial queue (see `docs/testing.md`).
public struct ImmediateClock: Clock {
    /// A point in the clock's time: the duration since it was created.
    public typealias Instant = TestClock.Instant

    private let base = TestClock()

    /// Creates a clock at time zero.
    public init() {}

    /// The current time: the latest deadline slept until.
    public var now: Instant { base.now }

    /// The smallest step: zero.
    public var minimumResolution: Duration { .zero }

    /// Returns at once (after a yield, as any suspension), the time moved to `deadline`.
    ///
    /// - Parameters:
    ///   - deadline: The time to move to.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        base.move(atLeastTo: deadline)
        await Task.yield()
        try Task.checkCancellation()
    }
}
