import Observation
import Redux

let smallState = 1_000
let largeState = 100_000

/// The core scenarios of SPEC §6.
@MainActor
func coreScenarios() -> [Scenario] {
    var scenarios: [Scenario] = []

    scenarios.append(
        Scenario(name: "raw reducer", note: "baseline: the same Reducer called in a loop") {
            let reducer = makeReducer()
            var state = BenchState(elements: smallState)
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { reducer.reduce(&state, action) }
                blackHole(state.count)
            }
        })

    for count in [0, 1, 5, 10, 20] {
        scenarios.append(
            Scenario(name: "store, \(count) middleware") {
                let middleware = (0..<count).map { _ in passThrough() }
                let store = Store(
                    initialState: BenchState(elements: smallState), reducer: makeReducer(), middleware: middleware)
                let action: any Action = Increment()
                return { n in
                    for _ in 0..<n { store.dispatch(action) }
                }
            })
    }

    for count in [1, 5, 10, 20] {
        scenarios.append(
            Scenario(
                name: "store, \(count) middleware, listed",
                note: "the same middleware in a MiddlewareBuilder list: one frame a stage"
            ) {
                let store = Store(initialState: BenchState(elements: smallState), reducer: makeReducer()) {
                    for _ in 0..<count { passThrough() }
                }
                let action: any Action = Increment()
                return { n in
                    for _ in 0..<n { store.dispatch(action) }
                }
            })
    }

    for count in [5, 10, 20] {
        scenarios.append(
            Scenario(
                name: "bare closure chain, \(count) stages",
                note: "the floor of a chain: one frame a stage, no store, ending in the raw reducer"
            ) { bareClosureChain(stages: count) })
    }

    scenarios.append(
        Scenario(
            name: "store, 0 middleware, dispatch then read store.state",
            note: "what an app that reads the state after each dispatch pays"
        ) {
            let store = Store(initialState: BenchState(elements: smallState), reducer: makeReducer())
            let action: any Action = Increment()
            return { n in
                var total = 0
                for _ in 0..<n {
                    store.dispatch(action)
                    total &+= store.state.count
                }
                blackHole(total)
            }
        })

    for count in [1, 100] {
        scenarios.append(
            Scenario(name: "store, \(count) subscriber\(count == 1 ? "" : "s")") {
                let store = Store(initialState: BenchState(elements: smallState), reducer: makeReducer())
                let sink = Sink()
                let subscriptions = (0..<count).map { _ in store.subscribe { state in sink.total &+= state.count } }
                let action: any Action = Increment()
                return { n in
                    for _ in 0..<n { store.dispatch(action) }
                    blackHole(subscriptions)
                }
            })
    }

    scenarios.append(
        Scenario(name: "store, 100 key-path subscribers, 1 changes") {
            let store = Store(initialState: BenchState(elements: smallState), reducer: makeReducer())
            let sink = Sink()
            var subscriptions = (0..<99).map { _ in store.subscribe(to: \.other) { sink.total &+= $0 } }
            subscriptions.append(store.subscribe(to: \.count) { sink.total &+= $0 })
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
                blackHole(subscriptions)
            }
        })

    let memberPaths: [KeyPath<BenchState, Int>] = [
        \.members.m0, \.members.m1, \.members.m2, \.members.m3, \.members.m4,
        \.members.m5, \.members.m6, \.members.m7, \.members.m8, \.members.m9,
    ]
    scenarios.append(
        Scenario(
            name: "store, 100 key-path subscribers over 10 members, none changes",
            note: "10 subscribers on each of 10 members; actions change count"
        ) {
            let store = Store(initialState: BenchState(elements: smallState), reducer: makeReducer())
            let sink = Sink()
            let subscriptions = (0..<100).map { index in
                store.subscribe(to: memberPaths[index % 10]) { sink.total &+= $0 }
            }
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
                blackHole(subscriptions)
            }
        })

    scenarios.append(
        Scenario(name: "store, 100 key-path subscribers, all change", note: "each on count, which every action changes")
        {
            let store = Store(initialState: BenchState(elements: smallState), reducer: makeReducer())
            let sink = Sink()
            let subscriptions = (0..<100).map { _ in store.subscribe(to: \.count) { sink.total &+= $0 } }
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
                blackHole(subscriptions)
            }
        })

    scenarios.append(
        Scenario(name: "store, 100 selector subscribers, 1 changes", note: "subscribe(select:), closures") {
            let store = Store(initialState: BenchState(elements: smallState), reducer: makeReducer())
            let sink = Sink()
            var subscriptions = (0..<99).map { _ in store.subscribe(select: { $0.other }) { sink.total &+= $0 } }
            subscriptions.append(store.subscribe(select: { $0.count }) { sink.total &+= $0 })
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
                blackHole(subscriptions)
            }
        })

    scenarios.append(
        Scenario(name: "store, observed member changes", note: "withObservationTracking on store.count, re-tracked") {
            let store = Store(initialState: BenchState(elements: smallState), reducer: makeReducer())
            let reader = TrackedReader()
            reader.track { store.count }
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n {
                    store.dispatch(action)
                    if reader.isInvalidated { reader.track { store.count } }
                }
                blackHole(reader.renders)
            }
        })

    scenarios.append(
        Scenario(name: "store, observed member unchanged", note: "tracks store.name; actions change count") {
            let store = Store(initialState: BenchState(elements: smallState), reducer: makeReducer())
            let reader = TrackedReader()
            reader.track { store.name.count }
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n {
                    store.dispatch(action)
                    if reader.isInvalidated { reader.track { store.name.count } }
                }
                blackHole(reader.renders)
            }
        })

    scenarios.append(
        Scenario(
            name: "store, state of \(largeState) elements, previous state held",
            note: "a middleware keeps the state before the action, as a logger does: the reducer copies the array"
        ) {
            let holdsPrevious: Middleware<BenchState> = { _, getState in
                { next in
                    { action in
                        let previous = getState()
                        next(action)
                        blackHole(previous.count)
                    }
                }
            }
            let store = Store(
                initialState: BenchState(elements: largeState), reducer: makeReducer(), middleware: [holdsPrevious])
            var index = 0
            return { n in
                for _ in 0..<n {
                    store.dispatch(TouchItem(index: index))
                    index = index == largeState - 1 ? 0 : index + 1
                }
            }
        })

    for elements in [smallState, largeState] {
        scenarios.append(
            Scenario(name: "store, state of \(elements) elements", note: "reducer changes one element") {
                let store = Store(initialState: BenchState(elements: elements), reducer: makeReducer())
                var index = 0
                return { n in
                    for _ in 0..<n {
                        store.dispatch(TouchItem(index: index))
                        index = index == elements - 1 ? 0 : index + 1
                    }
                }
            })
    }
    return scenarios
}

/// A stand-in for a SwiftUI view: tracks what `render` reads and notes when it is invalidated.
final class TrackedReader: @unchecked Sendable {
    var isInvalidated = false
    var renders = 0

    @MainActor
    func track(_ render: @escaping @MainActor () -> Int) {
        isInvalidated = false
        renders &+= withObservationTracking(render) { [self] in isInvalidated = true }
    }
}
