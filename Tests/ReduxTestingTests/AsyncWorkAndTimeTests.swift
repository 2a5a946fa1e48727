import Dispatch
import Foundation
import Redux
import ReduxAsync
import ReduxEffects
import ReduxTestSupport
import ReduxTesting
import ReduxThunk
import Testing

/// Tests written as the Composable Architecture's users write them — `dispatch`, `clock.advance`,
/// `receive`, no sleeps — hold for every effect style, and hold with the main actor kept busy.
@MainActor
struct AsyncWorkAndTimeTests {
    enum TimerAction: Action, Equatable {
        case start, stop, tick, request, response(Int), cancelRequest
    }

    struct TimerState: Equatable {
        var ticks = 0
        var isRunning = false
        var response: Int?
    }

    static func reducer(clock: TestClock) -> Reducer<TimerState> {
        .commands { state, action in
            switch action as? TimerAction {
            case .start?:
                state.isRunning = true
                return .run { send in
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        send(TimerAction.tick)
                    }
                }
                .cancellable(id: "timer")
            case .stop?:
                state.isRunning = false
                return .cancel(id: "timer")
            case .tick?:
                state.ticks += 1
                return .none
            case .request?:
                return .run { send in
                    try await clock.sleep(for: .seconds(1))
                    send(TimerAction.response(42))
                }
                .cancellable(id: "request")
            case .response(let value)?:
                state.response = value
                return .none
            case .cancelRequest?:
                return .cancel(id: "request")
            case nil:
                return .none
            }
        }
    }

    /// Keeps the main queue busy from another thread: blocks of work land between the test's
    /// steps while `body` runs — the load of several tests sharing the main actor.
    static func withMainActorHeld(_ body: () async -> Void) async {
        let stop = Flag()
        let thread = Thread {
            while !stop.isSet {
                // The main thread busy for 0.5 ms of every 1.5 ms.
                DispatchQueue.main.sync { _ = usleep(500) }
                usleep(1_000)
            }
        }
        thread.start()
        await body()
        stop.set()
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    // MARK: Cause 1: work started by a dispatch has reached its first suspension

    @Test func aCommandsSleepHasBegunWhenDispatchReturns() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: TimerState(), reducer: Self.reducer(clock: clock))
        await Self.withMainActorHeld {
            for round in 0..<20 {
                await store.dispatch(TimerAction.request)
                #expect(clock.pendingSleepCount == 1, "round \(round)")
                await clock.advance(by: .seconds(1))
                // The first response changes the state; later ones change nothing (a closure would fail).
                if round == 0 {
                    await store.receive(TimerAction.response(42)) { $0.response = 42 }
                } else {
                    await store.receive(TimerAction.response(42))
                }
                store.exhaustivity = .off
                await store.dispatch(TimerAction.start) { $0.isRunning = true }
                await store.dispatch(TimerAction.stop) { $0.isRunning = false }
                store.exhaustivity = .on
            }
        }
        await store.finish()
    }

    struct SleepThenLoad: AsyncAction {
        let clock: TestClock
        @MainActor
        func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> TimerState) async throws {
            try await clock.sleep(for: .seconds(1))
            dispatch(TimerAction.response(7))
        }
    }

    @Test func anAsyncActionsSleepHasBegunWhenDispatchReturns() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: TimerState(), reducer: Self.reducer(clock: clock), middleware: [asyncActionMiddleware()])
        await Self.withMainActorHeld {
            await store.dispatch(SleepThenLoad(clock: clock))
            await clock.advance(by: .seconds(1))
            await store.receive(TimerAction.response(7)) { $0.response = 7 }
        }
        await store.finish()
    }

    @Test func anAsyncThunksSleepHasBegunWhenDispatchReturns() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: TimerState(), reducer: Self.reducer(clock: clock),
            middleware: [thunkMiddleware()])
        let thunk = AsyncThunk<TimerState, Void, Void> { context in
            try await clock.sleep(for: .seconds(1))
            context.dispatch(TimerAction.response(9))
        }
        await Self.withMainActorHeld {
            await store.dispatch(thunk)
            await clock.advance(by: .seconds(1))
            await store.receive(TimerAction.response(9)) { $0.response = 9 }
        }
        await store.finish()
    }

    // MARK: Cause 2: an advance over several periods delivers every tick, in order

    @Test func advancingFivePeriodsDeliversFiveTicks() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: TimerState(), reducer: Self.reducer(clock: clock))
        await Self.withMainActorHeld {
            await store.dispatch(TimerAction.start) { $0.isRunning = true }
            await clock.advance(by: .seconds(5))
            for tick in 1...5 {
                await store.receive(TimerAction.tick) { $0.ticks = tick }
            }
            await clock.advance(by: .milliseconds(999))
            await store.dispatch(TimerAction.stop) { $0.isRunning = false }
        }
        await store.finish()
    }

    // MARK: Cause 3: cancelled work is over for the test

    @Test func cancelledWorkIsNotInFlight() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: TimerState(), reducer: Self.reducer(clock: clock))
        await store.dispatch(TimerAction.request)
        await store.dispatch(TimerAction.cancelRequest)
        #expect(store.store.effects.count == 0)
        // No finish(): the store is released right here, and must report nothing.
    }

    @Test func workCancelledWhileIgnoringCancellationIsNotInFlight() async {
        let gate = Gate()
        let store = TestStore(
            initialState: TimerState(),
            reducer: .commands { _, action in
                switch action as? TimerAction {
                case .request?:
                    // Ignores cancellation: its task is still unwinding when the test ends.
                    return .run { _ in await gate.wait() }.cancellable(id: "request")
                case .cancelRequest?: return .cancel(id: "request")
                default: return .none
                }
            })
        await store.dispatch(TimerAction.request)
        await store.dispatch(TimerAction.cancelRequest)
        await store.finish()
        #expect(store.store.effects.count == 1)
        await gate.open()
    }

    // MARK: Failures a complete test relies on

    @Test func anUnassertedReceivedActionFailsWhenTheStoreIsReleased() async {
        let clock = TestClock()
        await withKnownIssue {
            let store = TestStore(
                initialState: TimerState(), reducer: Self.reducer(clock: clock))
            await store.dispatch(TimerAction.request)
            await clock.advance(by: .seconds(1))
            // The response arrived and is not asserted; no finish().
            _ = store
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("released with 1 received action(s) not asserted")
        }
    }

    @Test func dispatchingWhileActionsWaitFails() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: TimerState(), reducer: Self.reducer(clock: clock))
        await store.dispatch(TimerAction.request)
        await clock.advance(by: .seconds(1))
        await withKnownIssue {
            await store.dispatch(TimerAction.cancelRequest)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Must receive 1 action before dispatching")
        }
        await store.finish()
    }

    @Test func receivingAnotherCaseFailsNamingBoth() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: TimerState(), reducer: Self.reducer(clock: clock))
        await store.dispatch(TimerAction.start) { $0.isRunning = true }
        await clock.advance(by: .seconds(1))
        await withKnownIssue {
            await store.receive(TimerAction.response(1))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("TimerAction.response(1)") && text.contains("TimerAction.tick")
        }
        #expect(store.state.ticks == 1)
        await store.dispatch(TimerAction.stop) { $0.isRunning = false }
        await store.finish()
    }
}
