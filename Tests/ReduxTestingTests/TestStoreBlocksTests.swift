import Redux
import ReduxEffects
import ReduxTestSupport
import Testing

@testable import ReduxTesting

/// Issue 38, in part: exhaustivity for a block, an assertion of state with no action, dismissal at
/// the root, and clocks for tests that do not care about time.
@MainActor
struct TestStoreBlocksTests {
    struct Feature: Equatable, Sendable {
        var ticks = 0
        var title = ""
    }

    struct Start: Action {}
    struct Tick: Action, Equatable {}
    struct Retitle: Action { let title: String }
    struct Close: Action {}

    static func reducer(clock: any Clock<Duration>) -> Reducer<Feature> {
        .combine(
            .commands(on: Start.self) { _, _ in
                .run { send in
                    for await _ in clock.timer(interval: .seconds(1)) { send(Tick()) }
                }
            },
            .on(Tick.self) { state, _ in state.ticks += 1 },
            .commands(on: Retitle.self) { state, action in
                state.title = action.title
                return .send(Tick())
            },
            .commands(on: Close.self) { _, _ in .send(Dismiss()) }
        )
    }

    @Test func exhaustivityOffForABlockThenBackOn() async {
        let clock = TestClock()
        let store = TestStore(initialState: Feature(), reducer: Self.reducer(clock: clock))
        await store.withExhaustivity(.off) {
            await store.dispatch(Retitle(title: "a"))  // its Tick is not asserted: fine in the block
        }
        #expect(store.exhaustivity == .on)
        store.assert {
            $0.title = "a"
            $0.ticks = 1
        }
        await withKnownIssue {
            await store.dispatch(Retitle(title: "b"))  // exhaustive again: the change must be stated
        }
        store.skipReceivedActions()
        await store.finish()
    }

    @Test func assertChecksTheStateWithNoAction() async {
        let clock = TestClock()
        let store = TestStore(initialState: Feature(), reducer: Self.reducer(clock: clock), exhaustivity: .off)
        await store.dispatch(Start())
        await clock.advance(by: .seconds(3))
        store.assert { $0.ticks = 3 }
        withKnownIssue {
            store.assert { $0.ticks = 4 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("asserting the state")
        }
        await store.dispatch(Close())
        await store.finish()
    }

    /// A feature that dismisses itself at the test store's root: `isDismissed`, and its work ends
    /// as a presenter would end it — no manual cancellation, no work left in flight.
    @Test func aFeatureThatDismissesItselfEndsItsWork() async {
        let warnings = Log<String>()
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { warnings.append($0) }
        defer { Diagnostics.sink = previous }
        let clock = TestClock()
        let store = TestStore(initialState: Feature(), reducer: Self.reducer(clock: clock))
        await store.dispatch(Start())
        await clock.advance(by: .seconds(1))
        await store.receive(Tick.self) { $0.ticks = 1 }
        #expect(!store.isDismissed)
        await store.dispatch(Close())
        await store.receive(Dismiss.self)
        #expect(store.isDismissed)
        await store.finish()  // the timer was ended by the dismissal
        #expect(!warnings.items.contains { $0.contains("Dismiss was dispatched") }, "the test store presents it")
    }

    @Test func anImmediateClockSleepsAtOnceAndMovesItsTime() async throws {
        let clock = ImmediateClock()
        try await clock.sleep(for: .seconds(3_600))
        #expect(clock.now.offset == .seconds(3_600))
        var ticks: [Duration] = []
        for await tick in clock.timer(interval: .seconds(1)).prefix(3) { ticks.append(tick) }
        #expect(ticks == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.now.offset >= .seconds(3_603), "its time moved with each tick")
    }

    @Test func aTimerOnATestClockTicksAsItAdvances() async {
        let clock = TestClock()
        let store = TestStore(initialState: Feature(), reducer: Self.reducer(clock: clock))
        await store.dispatch(Start())
        await clock.advance(by: .milliseconds(2_500))
        await store.receive(Tick.self) { $0.ticks = 1 }
        await store.receive(Tick.self) { $0.ticks = 2 }
        await store.dispatch(Close())
        await store.receive(Dismiss.self)
        await store.finish()
    }

    struct Offline: Error, Equatable {}
    struct Load: Action {}

    static let failing = Reducer<Feature>.commands(on: Load.self) { _, _ in
        .run { _ in throw Offline() }
    }

    /// An error work threw and nothing handled fails the test unless the test receives it.
    @Test func anUnreceivedErrorOfWorkFailsTheTest() async {
        let store = TestStore(initialState: Feature(), reducer: Self.failing)
        await store.dispatch(Load())
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Work started for Load threw Offline()") && text.contains("receiveError")
        }
    }

    @Test func aTestReceivesTheErrorOfWork() async {
        let store = TestStore(initialState: Feature(), reducer: Self.failing)
        await store.dispatch(Load())
        await store.receiveError(Offline.self)
        await store.finish()
    }

    @Test func anErrorThatNeverComesFailsItsReceive() async {
        let store = TestStore(initialState: Feature(), reducer: Self.reducer(clock: ImmediateClock()))
        await store.dispatch(Retitle(title: "a")) { $0.title = "a" }
        await store.receive(Tick.self) { $0.ticks = 1 }
        await withKnownIssue {
            await store.receiveError(Offline.self, timeout: .milliseconds(50))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Expected an error of type Offline")
        }
        await store.finish()
    }

    @Test func aTestThatHandlesErrorsItselfGetsThem() async {
        let seen = Log<String>()
        let store = TestStore(
            initialState: Feature(), reducer: Self.failing,
            onError: { error, action in seen.append("\(error) \(type(of: action))") })
        await store.dispatch(Load())
        await store.finish()
        #expect(seen.items == ["Offline() Load"])
    }
}
