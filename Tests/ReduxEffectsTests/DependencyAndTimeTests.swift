import Redux
import ReduxEffects
import ReduxTestSupport
import ReduxTesting
import Testing

/// Dependencies without globals, and time on a clock the test drives.
@MainActor
struct DependencyAndTimeTests {
    func searchReducer(clock: any Clock<Duration>) -> Reducer<AppState> {
        .combine(
            .commands(on: Search.self) { state, action in
                state.query = action.query
                return .run(using: SearchClient.self) { send, client in
                    send(Results(results: try await client.search(action.query)))
                } catch: { error, send in
                    send(Failed(message: "\(error)"))
                }
                .debounce(id: "search", for: .milliseconds(300), clock: clock)
            },
            resultsReducer
        )
    }

    @Test func workReachesTheDependenciesTheTestGives() async {
        let client = SearchClient(search: { query in ["\(query) (test double)"] })
        let reducer = Reducer<AppState>.combine(
            .commands(on: Search.self) { _, action in
                .run(using: SearchClient.self) { send, client in
                    send(Results(results: try await client.search(action.query)))
                }
            },
            resultsReducer
        )
        let store = TestStore(
            initialState: AppState(), reducer: reducer, dependencies: client)
        await store.dispatch(Search(query: "q"))
        await store.receive(Results.self) { $0.results = ["q (test double)"] }
        await store.finish()
    }

    @Test func aDebouncedSearchRunsOnceTheClockPassesTheQuietTime() async {
        let clock = TestClock()
        let client = SearchClient(search: { query in [query.uppercased()] })
        let store = TestStore(
            initialState: AppState(), reducer: searchReducer(clock: clock),
            dependencies: client)
        await store.dispatch(Search(query: "s")) { $0.query = "s" }
        await clock.advance(by: .milliseconds(200))
        await store.dispatch(Search(query: "sw")) { $0.query = "sw" }  // restarts the wait
        await clock.advance(by: .milliseconds(299))
        #expect(store.state.results.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await store.receive(Results.self) { $0.results = ["SW"] }  // only the last one ran
        await store.finish()
    }

    @Test func mismatchedDependenciesAreReportedNamingBothTypes() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: AppState(), reducer: searchReducer(clock: clock),
            dependencies: "not a client")
        await store.dispatch(Search(query: "q")) { $0.query = "q" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(Failed.self) {
            $0.error =
                "Command.run(using:) asked for dependencies of type SearchClient, but the store was given a String; "
                + "pass them once: Store(initialState:reducer:middleware:dependencies:)"
        }
        await store.finish()
    }

    @Test func throttleRunsTheFirstAtOnceAndTheLatestAtTheEndOfTheInterval() async {
        let clock = TestClock()
        let reducer = Reducer<AppState>.combine(
            .commands(on: Search.self) { _, action in
                Command.send(Note(text: action.query)).throttle(id: "t", for: .seconds(1), clock: clock)
            },
            noteReducer
        )
        let store = Store(initialState: AppState(), reducer: reducer)
        store.dispatch(Search(query: "1"))
        store.dispatch(Search(query: "2"))
        store.dispatch(Search(query: "3"))
        #expect(store.log == ["note: 1"])
        await clock.advance(by: .seconds(999) / 1000)
        #expect(store.log == ["note: 1"])  // still inside the interval
        await clock.advance(by: .milliseconds(1))
        await eventually { store.log.count == 2 }
        #expect(store.log == ["note: 1", "note: 3"])  // the latest, at the end of the interval
        await clock.advance(by: .seconds(1))  // nothing waited in the second interval: it ends
        await eventually { !store.effects.isRunning(id: "t") }
        store.dispatch(Search(query: "4"))
        #expect(store.log == ["note: 1", "note: 3", "note: 4"])  // at once again
        await clock.advance(by: .seconds(1))  // past the third interval's end
        await store.effects.waitForAll()
    }

    @Test func delayWaitsForTheClock() async {
        let clock = TestClock()
        let store = Store(
            initialState: AppState(),
            reducer: .combine(
                .commands(on: Ping.self) { _, _ in
                    Command.send(Note(text: "later")).delay(for: .seconds(5), clock: clock)
                },
                noteReducer))
        store.dispatch(Ping())
        await clock.advance(by: .seconds(4))
        #expect(store.log.isEmpty)
        await clock.advance(by: .seconds(1))
        await store.effects.waitForAll()
        #expect(store.log == ["note: later"])
    }
}
