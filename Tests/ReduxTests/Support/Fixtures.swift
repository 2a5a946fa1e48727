import Redux
import ReduxTestSupport

struct Counter: Equatable, Sendable {
    var count = 0
    var name = "counter"
    var history: [Int] = []
}

struct Increment: Action {}
struct Add: Action { var amount: Int }
struct Rename: Action { var name: String }
struct Unknown: Action {}

let counterReducer = Reducer<Counter>.combine(
    .on(Increment.self) { state, _ in state.count += 1 },
    .on(Add.self) { state, action in state.count += action.amount },
    .on(Rename.self) { state, action in state.name = action.name }
)

/// Collects values in order; a class so closures on the main actor can append to it.

/// A middleware that records `tag` before and after calling `next`.
@MainActor
func tracing(_ tag: String, into log: Log<String>) -> Middleware<Counter> {
    { _, _ in
        { next in
            { action in
                log.append("\(tag)>")
                next(action)
                log.append("<\(tag)")
            }
        }
    }
}
