import Redux
import ReduxAsync
import ReduxTestSupport

struct Counter: Equatable, Sendable {
    var count = 0
    var name = "counter"
    var isLoading = false
}

struct Increment: Action {}
struct Rename: Action { var name: String }
struct Loaded: Action { var count: Int }

/// Starts work that dispatches `Loaded` — after `gate` opens, if given.
struct Load: AsyncAction {
    var count: Int
    var gate: Gate?

    @MainActor
    func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> Counter) async throws {
        await gate?.wait()
        try Task.checkCancellation()
        dispatch(Loaded(count: count))
    }
}

let counterReducer = Reducer<Counter>.combine(
    .on(Increment.self) { state, _ in state.count += 1 },
    .on(Rename.self) { state, action in state.name = action.name },
    .on(Load.self) { state, _ in state.isLoading = true },
    .on(Loaded.self) { state, action in
        state.isLoading = false
        state.count = action.count
    }
)

/// A middleware that answers every Increment with a Rename, after `next`.
let renameAfterIncrement: Middleware<Counter> = { dispatch, _ in
    { next in
        { action in
            next(action)
            if action is Increment { dispatch(Rename(name: "incremented")) }
        }
    }
}
