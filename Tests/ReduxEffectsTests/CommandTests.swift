import Redux
import ReduxEffects
import ReduxTestSupport
import ReduxTesting
import Testing

/// Reducers that return work: composition, order, async work, cancellation, errors, lifetime.
@MainActor
struct CommandTests {
    @Test func commandReducersComposeWithPlainOnesAndSentActionsAreReducedAfterTheCurrentOne() {
        let reducer = Reducer<AppState>.combine(
            logEveryAction,
            .commands(on: Ping.self) { _, _ in .merge(.send(Note(text: "first")), .none, .send(Note(text: "second"))) },
            noteReducer
        )
        let store = Store(initialState: AppState(), reducer: reducer)
        let seen = Log<String>()
        let subscription = store.subscribe(to: \.log) { seen.append($0.last ?? "") }
        store.dispatch(Ping())
        #expect(store.log == ["Ping", "Note", "note: first", "Note", "note: second"])
        #expect(seen.items == ["", "Ping", "note: first", "note: second"])  // one pass per action, in order
        subscription.cancel()
    }

    @Test func workReturnedThroughPullbackAndOnRuns() async {
        let child = Reducer<AppState.Child>.commands(on: Ping.self) { state, _ in
            state.count += 1
            return .send(Note(text: "from the child"))
        }
        let store = Store(
            initialState: AppState(), reducer: .combine(child.pullback(\.child), noteReducer))
        store.dispatch(Ping())
        #expect(store.child.count == 1)
        #expect(store.log == ["note: from the child"])
    }

    @Test func asyncWorkSendsManyActionsAndTheTestStoreReceivesThem() async {
        let reducer = Reducer<AppState>.combine(
            .commands(on: Search.self) { state, action in
                state.query = action.query
                state.isLoading = true
                return .run { send in
                    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
                    for suffix in ["1", "2"] { continuation.yield(action.query + suffix) }
                    continuation.finish()
                    for await result in stream { send(Note(text: result)) }
                    send(Results(results: ["done"]))
                }
            },
            noteReducer, resultsReducer
        )
        let store = TestStore(initialState: AppState(), reducer: reducer)
        await store.dispatch(Search(query: "q")) {
            $0.query = "q"
            $0.isLoading = true
        }
        await store.receive(Note.self) { $0.log = ["note: q1"] }
        await store.receive(Note.self) { $0.log = ["note: q1", "note: q2"] }
        await store.receive(Results.self) {
            $0.isLoading = false
            $0.results = ["done"]
        }
        await store.finish()
    }

    @Test func cancelByIDAndCancelInFlight() async {
        let gate = Gate()
        let reducer = Reducer<AppState>.combine(
            .commands(on: Search.self) { state, action in
                state.query = action.query
                return .run { send in
                    await gate.wait()
                    send(Results(results: [action.query]))
                }
                .cancellable(id: "search", cancelInFlight: true)
            },
            .commands(on: Tick.self) { _, _ in .cancel(id: "search") },
            resultsReducer
        )
        let store = Store(initialState: AppState(), reducer: reducer)
        store.dispatch(Search(query: "a"))
        store.dispatch(Search(query: "b"))  // cancels "a"
        #expect(store.effects.isRunning(id: "search"))
        await gate.open()
        await store.effects.waitForAll()
        #expect(store.results == ["b"])  // "a" was cancelled: what it sent afterwards was dropped

        let closed = Gate()
        let second = Store(
            initialState: AppState(),
            reducer: .combine(
                .commands(on: Search.self) { _, action in
                    .run { send in
                        await closed.wait()
                        send(Results(results: [action.query]))
                    }
                    .cancellable(id: "search")
                },
                .commands(on: Tick.self) { _, _ in .cancel(id: "search") }, resultsReducer))
        second.dispatch(Search(query: "c"))
        second.dispatch(Tick())
        await closed.open()
        await second.effects.waitForAll()
        #expect(second.results.isEmpty)
    }

    @Test func aThrownErrorBecomesAnActionOrGoesToTheHandlerAndCancellationIsNotAnError() async {
        let handled = Log<String>()
        let reducer = Reducer<AppState>.combine(
            .commands(on: Search.self) { _, action in
                if action.query == "catch" {
                    return .run { _ in
                        throw Boom()
                    } catch: { error, send in
                        send(Failed(message: "\(error)"))
                    }
                }
                if action.query == "cancel" {
                    return .run { _ in throw CancellationError() }
                }
                return .run { _ in throw Boom() }
            },
            resultsReducer
        )
        let store = Store(
            initialState: AppState(), reducer: reducer,
            onError: { error, action in handled.append("\(type(of: action)): \(error)") })
        store.dispatch(Search(query: "catch"))
        store.dispatch(Search(query: "handler"))
        store.dispatch(Search(query: "cancel"))
        await store.effects.waitForAll()
        for _ in 0..<10 { await Task.yield() }
        #expect(store.error == "boom")
        #expect(handled.items == ["Search: boom"])
    }

    @Test func releasingTheStoreCancelsItsWorkAndNothingReachesIt() async {
        let gate = Gate()
        let started = Log<Bool>()
        let cancelled = Log<Bool>()
        weak var weakStore: Store<AppState>?
        do {
            let store = Store(
                initialState: AppState(),
                reducer: .commands(on: Ping.self) { _, _ in
                    .run { send in
                        started.append(true)
                        await withTaskCancellationHandler {
                            await gate.wait()
                        } onCancel: {
                            Task { @MainActor in cancelled.append(true) }
                        }
                        send(Note(text: "too late"))
                    }
                })
            weakStore = store
            store.dispatch(Ping())
            while started.items.isEmpty { await Task.yield() }
        }
        #expect(weakStore == nil)
        while cancelled.items.isEmpty { await Task.yield() }
        await gate.open()
        #expect(cancelled.items == [true])
    }

    @Test func aReleasedStoreWithTheMiddlewareFreesEverythingItHeld() async {
        // The reducer captures `token`: it lives as long as the store's engine does.
        final class Token: Sendable {}
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let store = Store(
                initialState: AppState(),
                reducer: .commands(on: Ping.self) { _, _ in
                    withExtendedLifetime(token) {}
                    return .send(Note(text: "sent"))
                })
            store.dispatch(Ping())
            await store.effects.waitForAll()
        }
        // The engine is shut down on the main actor when the store goes; give it the turn.
        for _ in 0..<10 { await Task.yield() }
        #expect(weakToken == nil)
    }

    @Test func theStoreRunsReturnedWorkWithNoMiddleware() {
        let warnings = Log<String>()
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { warnings.append($0) }
        defer { Diagnostics.sink = previous }
        let store = Store(
            initialState: AppState(),
            reducer: .combine(.commands(on: Ping.self) { _, _ in .send(Note(text: "sent")) }, noteReducer))
        store.dispatch(Ping())
        #expect(store.log == ["note: sent"])
        #expect(warnings.items.isEmpty)
    }

    @Test func aReducerAloneReturnsItsWorkForUnitTests() {
        let reducer = Reducer<AppState>.combine(
            .commands(on: Search.self) { state, action in
                state.query = action.query
                return .send(Note(text: action.query))
            },
            .commands(on: Search.self) { _, _ in .cancel(id: "old") },
            logEveryAction
        )
        var state = AppState()
        let command = reducer.reduceWithCommands(&state, Search(query: "q"))
        #expect(state.query == "q")
        #expect(state.log == ["Search"])
        #expect(command.description == "merge[send(Note(text: \"q\")), cancel(id: old)]")
        var other = AppState()
        #expect(reducer.reduceWithCommands(&other, Ping()).isNone)
    }

    @Test func pokeMastersValueReturningReducerPorts() {
        // Seed 000: static func reduce(state: AppState, action: AppAction) -> (AppState, AppCommand?)
        let reducer = Reducer<AppState>.commands(returning: { state, action in
            var state = state
            var command: Command?
            if let search = action as? Search {
                state.query = search.query
                command = .send(Note(text: "searching \(search.query)"))
            }
            return (state, command)
        })
        let store = Store(
            initialState: AppState(), reducer: .combine(reducer, noteReducer))
        store.dispatch(Search(query: "pikachu"))
        #expect(store.query == "pikachu")
        #expect(store.log == ["note: searching pikachu"])
    }
}
