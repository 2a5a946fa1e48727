import Redux
import ReduxEffects
import ReduxTestSupport
import ReduxTesting
import Testing

/// `Command.concatenate`: one piece of work after another (issue 64; the anchor's
/// `Effect.concatenate`).
@MainActor
struct ConcatenateTests {
    /// A timer's last tick, then a final send: the send waits for the timer's work to end.
    static func timer(clock: TestClock) -> Reducer<AppState> {
        .combine(
            .commands(on: Search.self) { state, action in
                state.query = action.query
                return .concatenate(
                    .run { send in
                        for tick in 1...3 {
                            try await clock.sleep(for: .seconds(1))
                            send(Note(text: "tick \(tick)"))
                        }
                    },
                    .send(Results(results: ["done"]))
                )
                .cancellable(id: "timer")
            },
            .commands(on: Tick.self) { _, _ in .cancel(id: "timer") },
            noteReducer, resultsReducer
        )
    }

    @Test func eachCommandStartsWhenTheWorkBeforeItHasEnded() async {
        let clock = TestClock()
        let store = TestStore(initialState: AppState(), reducer: Self.timer(clock: clock))
        await store.dispatch(Search(query: "q")) { $0.query = "q" }
        await clock.advance(by: .seconds(1))
        await store.receive(Note.self) { $0.log = ["note: tick 1"] }
        await clock.advance(by: .seconds(1))
        await store.receive(Note.self) { $0.log = ["note: tick 1", "note: tick 2"] }
        await clock.advance(by: .seconds(1))
        await store.receive(Note.self) { $0.log = ["note: tick 1", "note: tick 2", "note: tick 3"] }
        await store.receive(Results.self) { $0.results = ["done"] }
        await store.finish()
    }

    @Test func cancellingTheConcatenationStopsItsPartAndStartsNoOther() async {
        let clock = TestClock()
        let store = TestStore(initialState: AppState(), reducer: Self.timer(clock: clock))
        await store.dispatch(Search(query: "q")) { $0.query = "q" }
        await clock.advance(by: .seconds(1))
        await store.receive(Note.self) { $0.log = ["note: tick 1"] }
        await store.dispatch(Tick())
        await clock.advance(by: .seconds(10))
        // No tick 2, and no final Results: the rest of the concatenation never started.
        await store.finish()
    }

    /// The next command does not wait for the work that the actions a command sent started.
    @Test func theWorkOfSentActionsIsNotWaitedFor() async {
        let clock = TestClock()
        let reducer = Reducer<AppState>.combine(
            .commands(on: Ping.self) { _, _ in
                .concatenate(.send(Search(query: "long")), .send(Note(text: "after")))
            },
            .commands(on: Search.self) { state, action in
                state.query = action.query
                return .run { send in
                    try await clock.sleep(for: .seconds(60))
                    send(Results(results: ["late"]))
                }
            },
            noteReducer, resultsReducer
        )
        let store = TestStore(initialState: AppState(), reducer: reducer)
        await store.dispatch(Ping())
        await store.receive(Search.self) { $0.query = "long" }
        await store.receive(Note.self) { $0.log = ["note: after"] }
        await clock.advance(by: .seconds(60))
        await store.receive(Results.self) { $0.results = ["late"] }
        await store.finish()
    }

    /// A delay and a merge inside a concatenation are waited for as a whole: the merged runs
    /// both end, and the delayed send happens, before the next command.
    @Test func delaysAndMergesArePartsLikeAnyOther() async {
        let clock = TestClock()
        let reducer = Reducer<AppState>.combine(
            .commands(on: Ping.self) { _, _ in
                Command.merge(
                    .run { send in
                        try await clock.sleep(for: .seconds(2))
                        send(Note(text: "a"))
                    },
                    .send(Note(text: "b")).delay(for: .seconds(1), clock: clock)
                )
                .concatenate(with: .send(Note(text: "c")))
            },
            noteReducer
        )
        let store = TestStore(initialState: AppState(), reducer: reducer)
        await store.dispatch(Ping())
        await clock.advance(by: .seconds(1))
        await store.receive(Note.self) { $0.log = ["note: b"] }
        await clock.advance(by: .seconds(1))
        await store.receive(Note.self) { $0.log = ["note: b", "note: a"] }
        await store.receive(Note.self) { $0.log = ["note: b", "note: a", "note: c"] }
        await store.finish()
    }

    @Test func nothingToConcatenateIsNoWork() {
        #expect(Command.concatenate().isNone)
        #expect(Command.concatenate(.none, .none).isNone)
        #expect(Command.concatenate(.none, .send(Ping())).description == "send(Ping())")
        #expect(
            Command.send(Ping()).concatenate(with: .send(Tick())).description
                == "concatenate[send(Ping()), send(Tick())]")
    }

    /// Releasing the store cancels the concatenation like any work.
    @Test func releasingTheStoreEndsTheConcatenation() async {
        let clock = TestClock()
        var store: Store<AppState>? = Store(initialState: AppState(), reducer: Self.timer(clock: clock))
        weak let effects = store?.effects
        store?.dispatch(Search(query: "q"))
        #expect(effects?.isEmpty == false)
        store = nil
        await clock.advance(by: .seconds(5))
        #expect(effects == nil || effects?.isEmpty == true)
    }
}
