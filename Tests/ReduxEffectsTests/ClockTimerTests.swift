import Foundation
import Redux
import ReduxEffects
import ReduxTesting
import Testing

/// Issue 46: `clock.timer(interval:)` ticks as swift-clocks' timer does — from the iterating task
/// itself (no hop through a task of its own), and after a jump one tick, then back on the grid.
@MainActor
struct ClockTimerTests {
    struct Ticks: Equatable, Sendable { var ticks: [Duration] = [] }
    struct Start: Action {}
    struct Tick: Action, Equatable { let at: Duration }
    struct Answer: Action, Equatable {}

    static func reducer(clock: TestClock) -> Reducer<Ticks> {
        .combine(
            .commands(on: Start.self) { _, _ in
                .merge(
                    .run { send in
                        for await tick in clock.timer(interval: .seconds(1)) { send(Tick(at: tick)) }
                    },
                    .run { send in
                        try await clock.sleep(for: .seconds(1))
                        send(Answer())
                    })
            },
            .on(Tick.self) { state, tick in state.ticks.append(tick.at) }
        )
    }

    /// A loop busy past several ticks (here it sleeps 4.5 s after the first tick; a device asleep,
    /// a slow step): one tick at once, then the grid — not every missed tick.
    @Test func afterAJumpOneTickComesThenTheGrid() async {
        let clock = TestClock()
        let busyLoop = Reducer<Ticks>.combine(
            .commands(on: Start.self) { _, _ in
                .run { send in
                    for await tick in clock.timer(interval: .seconds(1)) {
                        send(Tick(at: tick))
                        if tick == .seconds(1) { try await clock.sleep(for: .milliseconds(4_500)) }
                    }
                }
            },
            .on(Tick.self) { state, tick in state.ticks.append(tick.at) }
        )
        let store = TestStore(initialState: Ticks(), reducer: busyLoop)
        await store.dispatch(Start())
        await clock.advance(by: .seconds(1))
        await store.receive(Tick(at: .seconds(1))) { $0.ticks = [.seconds(1)] }
        await clock.advance(by: .milliseconds(4_500))  // 5.5 s: the ticks at 2, 3, 4 and 5 s were missed
        await store.receive(Tick(at: .seconds(5))) { $0.ticks = [.seconds(1), .seconds(5)] }
        await clock.advance(by: .milliseconds(400))  // 5.9 s: nothing
        await clock.advance(by: .milliseconds(100))  // 6 s: back on the grid
        await store.receive(Tick(at: .seconds(6))) { $0.ticks.append(.seconds(6)) }
        store.skipInFlightEffects()
    }

    /// The same, the loop busy until exactly a grid point (4 s after the first tick: 5 s): one tick,
    /// 5 s, at once — not 4 s and then 5 s, two catch-up ticks as rounding the missed intervals up
    /// gave — then 6 s on the grid.
    @Test func aJumpOntoTheGridIsOneTickToo() async {
        let clock = TestClock()
        let busyLoop = Reducer<Ticks>.combine(
            .commands(on: Start.self) { _, _ in
                .run { send in
                    for await tick in clock.timer(interval: .milliseconds(100)) {
                        send(Tick(at: tick))
                        if tick == .milliseconds(100) { try await clock.sleep(for: .milliseconds(400)) }
                    }
                }
            },
            .on(Tick.self) { state, tick in state.ticks.append(tick.at) }
        )
        let store = TestStore(initialState: Ticks(), reducer: busyLoop)
        await store.dispatch(Start())
        await clock.advance(by: .milliseconds(100))
        await store.receive(Tick(at: .milliseconds(100))) { $0.ticks = [.milliseconds(100)] }
        // 0.5 s, on the grid (0.4 / 0.1 is 3.999… as a Double: the count is exact).
        await clock.advance(by: .milliseconds(400))
        await store.receive(Tick(at: .milliseconds(500))) { $0.ticks.append(.milliseconds(500)) }
        await clock.advance(by: .milliseconds(100))
        await store.receive(Tick(at: .milliseconds(600))) { $0.ticks.append(.milliseconds(600)) }
        store.skipInFlightEffects()
    }

    /// A clock whose sleeps end 4.5 s late (a device asleep through them): each tick is the latest
    /// grid point passed — 5, 10, 15 s — not the overslept deadline followed by a catch-up.
    @Test func aSleepThatEndsLateIsOneTickForTheGridPointsItPassed() async {
        let clock = OversleepingClock(by: .milliseconds(4_500))
        var ticks: [Duration] = []
        for await tick in clock.timer(interval: .seconds(1)).prefix(3) { ticks.append(tick) }
        #expect(ticks == [.seconds(5), .seconds(10), .seconds(15)])
    }

    /// The timer's sleep and another sleep ending at the same time, begun after the timer's, come in
    /// the order they began: the tick is not a hop later than the other answer (it was, with a task
    /// of its own feeding the loop, so the answer came first).
    @Test func aTickComesInTheOrderItsSleepBegan() async {
        let clock = TestClock()
        let store = TestStore(initialState: Ticks(), reducer: Self.reducer(clock: clock))
        await store.dispatch(Start())
        await clock.advance(by: .seconds(1))
        await store.receive(Tick(at: .seconds(1))) { $0.ticks = [.seconds(1)] }
        await store.receive(Answer())
        store.skipInFlightEffects()
    }
}

/// A clock whose every sleep ends `oversleep` after its deadline, as if the device slept through it.
final class OversleepingClock: Clock, @unchecked Sendable {  // its one field is behind the lock
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let oversleep: Duration
    private let lock = NSLock()
    private var current = Instant(offset: .zero)

    init(by oversleep: Duration) { self.oversleep = oversleep }

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        lock.withLock { current = max(current, deadline.advanced(by: oversleep)) }
        await Task.yield()
    }
}
