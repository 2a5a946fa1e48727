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
}
