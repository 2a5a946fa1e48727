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
