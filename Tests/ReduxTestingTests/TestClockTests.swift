import ReduxTestSupport
import ReduxTesting
import Testing

/// The test clock: time moves only when the test says, sleeps resume in deadline order, a
/// cancelled sleep throws at once.
@MainActor
struct TestClockTests {
    @Test func sleepsResumeWhenTheClockReachesTheirDeadlineInOrder() async {
        let clock = TestClock()
        let woken = Log<String>()
        let late = Task { @MainActor in
            try? await clock.sleep(for: .seconds(2))
            woken.append("2s")
        }
        let early = Task { @MainActor in
            try? await clock.sleep(for: .seconds(1))
            woken.append("1s")
        }
        // `sleep(for:)` counts from when the sleep begins: let both begin before moving time.
        while clock.pendingSleepCount < 2 { await Task.yield() }
        await clock.advance(by: .milliseconds(999))
        #expect(woken.items.isEmpty)
        #expect(clock.pendingSleepCount == 2)
        await clock.advance(by: .seconds(5))
        await late.value
        await early.value
        #expect(woken.items == ["1s", "2s"])
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(5_999)))
    }

    @Test func aSleepWhoseDeadlineHasPassedReturnsAtOnce() async throws {
        let clock = TestClock()
        await clock.advance(by: .seconds(10))
        try await clock.sleep(until: TestClock.Instant(offset: .seconds(3)))
        #expect(clock.pendingSleepCount == 0)
    }

    /// Issue 46: as swift-clocks' clock, a sleep until the clock's time now (`sleep(for: .zero)`)
    /// waits for the next advance — `advance(by: .zero)` included.
    @Test func aSleepOfZeroWaitsForTheNextAdvance() async {
        let clock = TestClock()
        let woken = Log<String>()
        let sleeper = Task { @MainActor in
            try? await clock.sleep(for: .zero)
            woken.append("woke")
        }
        while clock.pendingSleepCount == 0 { await Task.yield() }
        for _ in 0..<10 { await Task.yield() }
        #expect(woken.items.isEmpty)
        await clock.advance(by: .zero)
        await sleeper.value
        #expect(woken.items == ["woke"])
        #expect(clock.now.offset == .zero)
    }

    /// What upstream's `tapOnLocationCancelsInFlightRequest` relies on: a second tap cancels the
    /// first one's work before it goes on, because its zero sleep waits.
    @Test func aSecondTapCancelsTheFirstBeforeItsZeroSleepEnds() async {
        let clock = TestClock()
        let done = Log<Int>()
        var first: Task<Void, Never>? = Task { @MainActor in
            do {
                try await clock.sleep(for: .zero)
                done.append(1)
            } catch {}
        }
        while clock.pendingSleepCount == 0 { await Task.yield() }
        first?.cancel()  // the second tap
        await first?.value
        first = nil
        let second = Task { @MainActor in
            try? await clock.sleep(for: .zero)
            done.append(2)
        }
        while clock.pendingSleepCount == 0 { await Task.yield() }
        await clock.advance(by: .zero)
        await second.value
        #expect(done.items == [2])
    }

    @Test func cancellingASleepingTaskThrowsCancellationAtOnce() async {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        while clock.pendingSleepCount == 0 { await Task.yield() }
        sleeper.cancel()
        let result = await sleeper.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.pendingSleepCount == 0)
    }

    @Test func runMovesTimeUntilNoSleepWaits() async {
        let clock = TestClock()
        let done = Task { try? await clock.sleep(for: .seconds(30)) }
        while clock.pendingSleepCount == 0 { await Task.yield() }
        await clock.run()
        await done.value
        #expect(clock.now.offset == .seconds(30))
    }

    /// Issue 46: a timer nobody cancels would run the clock forever; `run(timeout:)` stops and fails
    /// the test, as swift-clocks' does.
    @Test func runStopsAtItsTimeoutWhenWorkNeverStopsSleeping() async {
        let clock = TestClock()
        let timer = Task { for await _ in clock.timer(interval: .seconds(1)) {} }
        while clock.pendingSleepCount == 0 { await Task.yield() }
        await withKnownIssue {
            await clock.run(timeout: .milliseconds(50))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("TestClock.run(timeout: 0.05 seconds) stopped at")
                && text.contains("1 sleep(s) still waiting")
        }
        #expect(clock.now.offset >= .seconds(1), "it ran the timer meanwhile (at least one tick)")
        timer.cancel()
        await timer.value
    }

    /// Issue 46: a clock a test expects unused fails the test when its time is read or slept on,
    /// naming it, then goes on as an immediate clock.
    @Test func anUnimplementedClockFailsTheTestNamingIt() async throws {
        let clock = UnimplementedClock(name: "AppDependencies.clock")
        #expect(clock.minimumResolution == .zero)  // not a use
        await withKnownIssue {
            try? await clock.sleep(until: ImmediateClock.Instant(offset: .seconds(5)))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Unimplemented: AppDependencies.clock.sleep was called")
        }
        withKnownIssue {
            #expect(clock.now.offset == .seconds(5), "it went on as an immediate clock")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Unimplemented: AppDependencies.clock.now was called")
        }
    }
}
