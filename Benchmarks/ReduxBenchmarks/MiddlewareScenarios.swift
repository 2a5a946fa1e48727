import Redux
import ReduxAsync
import ReduxDiff
import ReduxHistory
import ReduxLogging
import ReduxTestSupport
import ReduxThunk

/// An async action whose work does nothing: measures what starting (and finishing) one costs.
struct Ping: AsyncAction {
    @MainActor
    func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> BenchState) async throws {}
}

/// A store with one middleware, dispatching a plain `Increment`: what non-matching traffic costs.
@MainActor
func plainActionScenario(_ name: String, note: String, _ middleware: @escaping @MainActor () -> Middleware<BenchState>)
    -> Scenario
{
    Scenario(name: name, note: note) {
        let store = Store(
            initialState: BenchState(elements: smallState), reducer: makeReducer(), middleware: [middleware()])
        let action: any Action = Increment()
        return { n in
            for _ in 0..<n { store.dispatch(action) }
        }
    }
}

/// Scenarios for the middleware modules (issue 3 onwards).
@MainActor
func middlewareScenarios() -> [Scenario] {
    var scenarios: [Scenario] = []

    scenarios.append(
        plainActionScenario("thunk middleware, plain action", note: "overhead for non-thunk traffic") {
            thunkMiddleware()
        })

    scenarios.append(
        Scenario(name: "thunk middleware, sync thunk", note: "a thunk that dispatches one action") {
            let store = Store(
                initialState: BenchState(elements: smallState), reducer: makeReducer(),
                middleware: [thunkMiddleware()])
            let thunk: any Action = Thunk<BenchState, Void> { context in context.dispatch(Increment()) }
            return { n in
                for _ in 0..<n { store.dispatch(thunk) }
            }
        })

    scenarios.append(
        plainActionScenario("async middleware, plain action", note: "overhead for non-async traffic") {
            asyncActionMiddleware()
        })

    scenarios.append(
        plainActionScenario(
            "history, recording",
            note: "HistoryRecorder's middleware: every action kept with its date, the state every 50, 1,000 kept"
        ) {
            HistoryRecorder<BenchState>(limit: 1_000, snapshotEvery: 50).middleware
        })

    // Issue 47: recording over a list of 1,000 and 100,000 identified rows — half counter ticks,
    // half one-row edits. A snapshot shares the rows' storage, so the next row edit copies them.
    for size in [1_000, 100_000] {
        scenarios.append(
            Scenario(
                name: "history, recording, \(size) rows",
                note: "HistoryRecorder(limit: 1_000, snapshotEvery: 100); half counter ticks, half one-row edits"
            ) {
                let recorder = HistoryRecorder<IdentifiedListState>(limit: 1_000, snapshotEvery: 100)
                let store = Store(
                    initialState: IdentifiedListState(size: size), reducer: makeIdentifiedListReducer(),
                    middleware: [recorder.middleware])
                let actions: [any Action] = [Count(), TouchRow()]
                return { n in
                    for index in 0..<n { store.dispatch(actions[index & 1]) }
                }
            })
    }
    // Issue 65: the same, with the edited row drawn anywhere in the list (a pseudo-random row each
    // time) — what users do — at both snapshot rates. A snapshot shares the rows' storage; an edit
    // after it copies only what it touches.
    for snapshotEvery in [10, 100] {
        for size in [1_000, 100_000] {
            scenarios.append(
                Scenario(
                    name: "history, recording, \(size) rows, spread edits, snapshot every \(snapshotEvery)",
                    note:
                        "HistoryRecorder(limit: 1_000, snapshotEvery: \(snapshotEvery)); half counter ticks, half an edit of a pseudo-random row"
                ) {
                    let recorder = HistoryRecorder<IdentifiedListState>(limit: 1_000, snapshotEvery: snapshotEvery)
                    let store = Store(
                        initialState: IdentifiedListState(size: size), reducer: makeSpreadEditReducer(),
                        middleware: [recorder.middleware])
                    var generator = SeededGenerator(seed: 65)  // the tests' SplitMix64: the same rows every run
                    return { n in
                        for index in 0..<n {
                            if index & 1 == 0 {
                                store.dispatch(Count())
                            } else {
                                store.dispatch(TouchRowAt(id: Int(generator.next() % UInt64(size))))
                            }
                        }
                    }
                })
        }
    }
    scenarios.append(
        Scenario(
            name: "async middleware, async action start", note: "task start and finish included",
            async: {
                let store = Store(
                    initialState: BenchState(elements: smallState), reducer: makeReducer(),
                    middleware: [asyncActionMiddleware()])
                let action: any Action = Ping()
                return { n in
                    for index in 0..<n {
                        store.dispatch(action)
                        if index % 1_000 == 999 { await store.effects.waitForAll() }
                    }
                    await store.effects.waitForAll()
                }
            }))
    scenarios.append(
        plainActionScenario("logging, filtered out", note: "the predicate says no") {
            loggingMiddleware(LoggingOptions(predicate: { _, _ in false }, sink: LogSink { _ in }))
        })

    scenarios.append(
        Scenario(name: "logging, full entry, 1000 elements", note: "entry built and discarded", scale: 100) {
            let sink = Sink()
            let options = LoggingOptions<BenchState>(sink: LogSink { entry in sink.total &+= entry.utf8.count })
            let store = Store(
                initialState: BenchState(elements: smallState), reducer: makeReducer(),
                middleware: [loggingMiddleware(options)])
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        })

    scenarios.append(
        Scenario(
            name: "logging, full entry, 100000 elements", note: "one element changes; diff and bounded output",
            scale: 1_000
        ) {
            let sink = Sink()
            let options = LoggingOptions<BenchState>(sink: LogSink { entry in sink.total &+= entry.utf8.count })
            let store = Store(
                initialState: BenchState(elements: largeState), reducer: makeReducer(),
                middleware: [loggingMiddleware(options)])
            var index = 0
            return { n in
                for _ in 0..<n {
                    store.dispatch(TouchItem(index: index))
                    index = index == largeState - 1 ? 0 : index + 1
                }
            }
        })
    scenarios.append(
        Scenario(name: "diff alone, 100000 elements, one change", note: "ValueDiff on two states", scale: 1_000) {
            let old = BenchState(elements: largeState)
            var new = old
            new.items[largeState / 2] = 1
            let sink = Sink()
            return { n in
                for _ in 0..<n { sink.total &+= ValueDiff.lines(from: old, to: new).count }
            }
        })
    return scenarios
}
