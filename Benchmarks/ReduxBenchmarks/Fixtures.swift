import Redux

/// The state every scenario dispatches into.
struct BenchState: Sendable {
    var count = 0
    var other = 0
    var name = "bench"
    var items: [Int]

    init(elements: Int) {
        items = Array(repeating: 0, count: elements)
    }
}

struct Increment: Action {}

struct TouchItem: Action {
    var index: Int
}

/// Built out of line so the compiler cannot inline the closure into the raw loop: the baseline and
/// the store call the same closure the same way.
@inline(never)
func makeReducer() -> Reducer<BenchState> {
    .combine(
        .on(Increment.self) { state, _ in state.count &+= 1 },
        .on(TouchItem.self) { state, action in state.items[action.index] &+= 1 }
    )
}

/// A middleware that passes every action on untouched.
@inline(never)
func passThrough() -> Middleware<BenchState> {
    { _, _ in { next in { action in next(action) } } }
}

/// Keeps values alive so the optimizer cannot drop the work that produced them.
final class Sink: @unchecked Sendable {
    var total = 0
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
