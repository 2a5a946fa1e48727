// The code of docs/writing-middleware.md, kept compiling and checked.
import Redux
import Testing

private struct AppState: Equatable { var count = 0; var isLocked = false }
private struct Increment: Action {}
private struct Lock: Action {}
private struct Unlock: Action {}
private struct Refresh: Action {}
private struct Loaded: Action { var count: Int }
private struct Batch: Action { var actions: [any Action] }

private let reducer = Reducer<AppState>.combine(
    .on(Increment.self) { state, _ in state.count += 1 },
    .on(Lock.self) { state, _ in state.isLocked = true },
    .on(Unlock.self) { state, _ in state.isLocked = false },
    .on(Loaded.self) { state, action in state.count = action.count }
)

@MainActor
private final class ActionCounter {
    var entries: [String] = []
    func record(_ action: any Action, countAfter: Int) { entries.append("\(type(of: action)) \(countAfter)") }
}

private func fetchCount() async -> Int { 42 }

private let example: Middleware<AppState> = { dispatch, getState in  // 1. once, when the store is created
    // Set up per-store resources here.
    return { next in  // 2. once, while the chain is built
        { action in  // 3. for every action
            next(action)  //    pass it on (or not)
        }
    }
}

private func counting(into counter: ActionCounter) -> Middleware<AppState> {
    { _, getState in
        { next in
            { action in
                next(action)
                counter.record(action, countAfter: getState().count)
            }
        }
    }
}

private let dropWhileLocked: Middleware<AppState> = { _, getState in
    { next in
        { action in
            guard !getState().isLocked || action is Unlock else { return }
            next(action)
        }
    }
}

private let expandBatches: Middleware<AppState> = { dispatch, _ in
    { next in
        { action in
            guard let batch = action as? Batch else { return next(action) }
            for action in batch.actions { dispatch(action) }
        }
    }
}

private let loadOnRequest: Middleware<AppState> = { dispatch, _ in
    { next in
        { action in
            next(action)
            if action is Refresh {
                Task { @MainActor in
                    let count = await fetchCount()
                    dispatch(Loaded(count: count))
                }
            }
        }
    }
}

private let refreshing: Middleware<AppState> = { dispatch, _ in
    let effects = Effects.current(for: "refreshing")
    return { next in
        { action in
            next(action)
            guard action is Refresh else { return }
            effects.run(id: "refresh", cancelInFlight: true) {
                let count = await fetchCount()
                guard !Task.isCancelled else { return }
                dispatch(Loaded(count: count))
            }
        }
    }
}

private struct Track: HandledByMiddleware {
    static var requiredMiddleware: String { "analyticsMiddleware()" }
    var event: String
}

@MainActor
private func makeListedStore(counter: ActionCounter, debugging: Bool) -> Store<AppState> {
    Store(initialState: AppState(), reducer: reducer) {
        counting(into: counter)
        expandBatches
        if debugging { dropWhileLocked }
        loadOnRequest
    }
}

@MainActor
struct WritingMiddlewareGuideTests {
    @Test func writingMiddlewareGuideListedMiddleware() {
        for debugging in [true, false] {
            let counter = ActionCounter()
            let store = makeListedStore(counter: counter, debugging: debugging)
            store.dispatch(Batch(actions: [Increment(), Lock(), Increment()]))
            // Without `dropWhileLocked` the second Increment reaches the reducer.
            #expect(store.count == (debugging ? 1 : 2))
            #expect(counter.entries.first == "Increment 1")
        }
    }

    @Test func writingMiddlewareGuideMarkedActions() {
        let store = Store(initialState: AppState(), reducer: reducer)
        store.dispatch(Track(event: "opened"))  // warns in debug builds; no crash
        #expect(Track.requiredMiddleware == "analyticsMiddleware()")
    }

    @Test func writingMiddlewareGuideEffects() async {
        let store = Store(initialState: AppState(), reducer: reducer, middleware: [refreshing])
        store.dispatch(Refresh())
        store.dispatch(Refresh())
        #expect(store.effects.isRunning(id: "refresh"))
        await store.effects.waitForAll()
        #expect(store.count == 42)
    }

    @Test func writingMiddlewareGuide() async {
        let counter = ActionCounter()
        let store = Store(
            initialState: AppState(), reducer: reducer,
            middleware: [example, counting(into: counter), expandBatches, dropWhileLocked, loadOnRequest])
        store.dispatch(Batch(actions: [Increment(), Increment(), Lock(), Increment()]))
        #expect(store.count == 2)
        #expect(store.isLocked)
        store.dispatch(Unlock())
        #expect(counter.entries == ["Increment 1", "Increment 2", "Lock 2", "Increment 2", "Batch 2", "Unlock 2"])
        let loaded = store.values(of: \.count)
        store.dispatch(Refresh())
        for await count in loaded where count == 42 { break }
        #expect(store.count == 42)
    }
}
