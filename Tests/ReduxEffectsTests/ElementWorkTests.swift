import Redux
import ReduxEffects
import ReduxTestSupport
import ReduxTesting
import Testing

/// SPEC §13: work a child or a row started belongs to it — what it sends comes back to it, and it is
/// cancelled when the child is dismissed or replaced, or the row removed, by any reducer.
@MainActor
struct ElementWorkTests {
    struct Timer: Equatable, Identifiable, Sendable {
        let id: Int
        var ticks = 0
    }

    struct Screen: Equatable {
        var timer: Timer?
        var timers: IdentifiedArrayOf<Timer> = []
    }

    struct Start: Action {}
    struct Tick: Action, Equatable {}
    struct Open: Action { let id: Int }
    struct Close: Action {}
    struct Add: Action { let id: Int }
    struct RemoveTimer: Action { let id: Int }

    static func timerReducer(clock: TestClock) -> Reducer<Timer> {
        .combine(
            .commands(on: Start.self) { _, _ in
                .run { send in
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        send(Tick())
                    }
                }
            },
            .on(Tick.self) { timer, _ in timer.ticks += 1 }
        )
    }

    static let screenReducer = Reducer<Screen> { state, action in
        switch action {
        case let open as Open: state.timer = Timer(id: open.id)
        case is Close: state.timer = nil
        case let add as Add: state.timers.append(Timer(id: add.id))
        case let remove as RemoveTimer: state.timers.remove(id: remove.id)
        default: break
        }
    }

    static func reducer(clock: TestClock) -> Reducer<Screen> {
        screenReducer
            .ifLet(\.timer, then: timerReducer(clock: clock))
            .forEach(\.timers, element: timerReducer(clock: clock))
    }

    @Test func aChildsWorkSendsToTheChildAndEndsWhenTheParentDismissesIt() async throws {
        let clock = TestClock()
        let store = TestStore(
            initialState: Screen(), reducer: Self.reducer(clock: clock))
        await store.dispatch(Open(id: 1)) { $0.timer = Timer(id: 1) }
        await store.dispatch(ElementAction(path: "timer", id: 1, Start()))
        await clock.advance(by: .seconds(2))
        await store.receive(ElementAction(path: "timer", id: 1, Tick())) { $0.timer?.ticks = 1 }
        await store.receive(ElementAction(path: "timer", id: 1, Tick())) { $0.timer?.ticks = 2 }
        #expect(store.store.effects.count == 1)
        await store.dispatch(Close()) { $0.timer = nil }
        await clock.advance(by: .seconds(5))
        await store.finish()
    }

    @Test func replacingAChildWithAnotherIdentityCancelsTheOldOnesWork() async throws {
        let clock = TestClock()
        let store = TestStore(
            initialState: Screen(), reducer: Self.reducer(clock: clock))
        await store.dispatch(Open(id: 1)) { $0.timer = Timer(id: 1) }
        await store.dispatch(ElementAction(path: "timer", id: 1, Start()))
        await store.dispatch(Open(id: 1))  // the same identity again: kept
        await clock.advance(by: .seconds(1))
        await store.receive(ElementAction(path: "timer", id: 1, Tick())) { $0.timer?.ticks = 1 }
        await store.dispatch(Open(id: 2)) { $0.timer = Timer(id: 2) }
        await clock.advance(by: .seconds(3))
        await store.finish()
    }

    @Test func removingARowByAnyReducerCancelsItsWorkAndOnlyItsWork() async throws {
        let clock = TestClock()
        let store = TestStore(
            initialState: Screen(), reducer: Self.reducer(clock: clock))
        await store.dispatch(Add(id: 1)) { $0.timers = [Timer(id: 1)] }
        await store.dispatch(Add(id: 2)) { $0.timers = [Timer(id: 1), Timer(id: 2)] }
        await store.dispatch(ElementAction(path: "timers", id: 1, Start()))
        await store.dispatch(ElementAction(path: "timers", id: 2, Start()))
        await store.dispatch(RemoveTimer(id: 1)) { $0.timers = [Timer(id: 2)] }
        await clock.advance(by: .seconds(1))
        await store.receive(ElementAction(path: "timers", id: 2, Tick())) { $0.timers[id: 2]?.ticks = 1 }
        #expect(store.store.effects.count == 1)
        await store.dispatch(RemoveTimer(id: 2)) { $0.timers = [] }
        await store.finish()
    }

    @Test func aChildThatDismissesItselfEndsItsWork() async throws {
        let clock = TestClock()
        let store = Store(
            initialState: Screen(), reducer: Self.reducer(clock: clock))
        store.dispatch(Open(id: 7))
        let timer = try #require(store.scope(ifPresent: \.timer))
        timer.dispatch(Start())
        #expect(store.effects.count == 1)
        timer.dispatch(Dismiss())
        #expect(store.state.timer == nil)
        await store.effects.waitForAll()
        #expect(store.effects.isEmpty)
    }

    @Test func pushingAndPoppingTenThousandRowsKeepsNoWork() async throws {
        let clock = TestClock()
        let store = Store(
            initialState: Screen(), reducer: Self.reducer(clock: clock))
        for id in 0..<10_000 {
            store.dispatch(Add(id: id))
            try #require(store.scope(\.timers, id: id)).dispatch(Start())
            store.dispatch(RemoveTimer(id: id))
            await Task.yield()  // as between a user's taps: the cancelled task unwinds
        }
        await store.effects.waitForAll()
        #expect(store.effects.isEmpty)
        #expect(store.state.timers.isEmpty)
    }
}

/// SPEC §13: an awaited dispatch covers the tree of work its action started, and cancelling the
/// awaiting task (a SwiftUI `.task` ending) cancels that tree.
@MainActor
struct AwaitedDispatchTests {
    struct Recorder: Equatable {
        var ticks = 0
        var saved = 0
        var finished = false
    }

    struct Appear: Action {}
    struct Tick: Action {}
    struct Finish: Action {}
    struct Saved: Action {}
    struct Other: Action {}

    static func reducer(clock: TestClock) -> Reducer<Recorder> {
        .combine(
            .commands(on: Appear.self) { _, _ in
                .run { send in
                    for _ in 0..<3 {
                        try await clock.sleep(for: .seconds(1))
                        send(Tick())
                    }
                    send(Finish())
                }
            },
            .on(Tick.self) { state, _ in state.ticks += 1 },
            // Work started by an action the first work sent: part of the same tree.
            .commands(on: Finish.self) { state, _ in
                state.finished = true
                return .run { send in
                    try await clock.sleep(for: .seconds(1))
                    send(Saved())
                }
            },
            .on(Saved.self) { state, _ in state.saved += 1 },
            .commands(on: Other.self) { _, _ in
                .run { _ in try await clock.sleep(for: .seconds(100)) }
            }
        )
    }

    @Test func anAwaitedDispatchReturnsWhenItsWholeTreeOfWorkHasEnded() async {
        let clock = TestClock()
        let store = Store(
            initialState: Recorder(), reducer: Self.reducer(clock: clock))
        store.dispatch(Other())  // not this dispatch's work: not awaited
        let done = Log<Bool>()
        let task = Task { @MainActor in
            await store.send(Appear())
            done.append(true)
        }
        await clock.advance(by: .seconds(3))
        #expect(store.state.ticks == 3)
        #expect(store.state.finished)
        #expect(done.items.isEmpty, "the work Finish started is still running")
        await clock.advance(by: .seconds(1))
        await task.value
        #expect(store.state.saved == 1)
        #expect(done.items == [true])
        #expect(store.effects.count == 1, "the unrelated work still runs")
        store.effects.cancelAll()
    }

    @Test func cancellingTheAwaitingTaskCancelsTheWorkAndNothingElse() async {
        let clock = TestClock()
        let store = Store(
            initialState: Recorder(), reducer: Self.reducer(clock: clock))
        store.dispatch(Other())
        let task = Task { @MainActor in await store.send(Appear()) }
        await clock.advance(by: .seconds(1))
        #expect(store.state.ticks == 1)
        task.cancel()
        await task.value
        await clock.advance(by: .seconds(5))
        #expect(store.state.ticks == 1, "the screen went away: its timer stopped")
        #expect(store.effects.count == 1)
        store.effects.cancelAll()
    }
}
