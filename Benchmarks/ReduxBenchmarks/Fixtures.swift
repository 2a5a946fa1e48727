import Redux

/// The state every scenario dispatches into.
struct BenchState: Equatable, Sendable {
    var count = 0
    var other = 0
    var name = "bench"
    var items: [Int]
    /// Ten members for subscribers spread over distinct key paths.
    var members = Members()

    struct Members: Equatable, Sendable {
        var m0 = 0, m1 = 0, m2 = 0, m3 = 0, m4 = 0, m5 = 0, m6 = 0, m7 = 0, m8 = 0, m9 = 0
    }

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

/// The floor of any middleware chain (issue 39): `stages` bare `(any Action) -> Void` closures, each
/// calling the next — one call frame a stage, no store, no reabstraction — built by the same reversed
/// reduce as the store's pipeline and ending in the raw reducer on a local state.
@MainActor
func bareClosureChain(stages: Int) -> @MainActor (Int) -> Void {
    let reducer = makeReducer()
    let state = StateBox(BenchState(elements: smallState))
    let end: (any Action) -> Void = { action in reducer.reduce(&state.value, action) }
    var chain = end
    for _ in 0..<stages { chain = bareStage(chain) }
    let action: any Action = Increment()
    return { n in
        for _ in 0..<n { chain(action) }
        blackHole(state.value.count)
    }
}

/// One stage of ``bareClosureChain(stages:)``: passes the action on.
@inline(never)
func bareStage(_ next: @escaping (any Action) -> Void) -> (any Action) -> Void {
    { action in next(action) }
}

/// Holds the state of ``bareClosureChain(stages:)``, as a store holds its own.
final class StateBox<Value> {
    @exclusivity(unchecked) var value: Value
    init(_ value: Value) { self.value = value }
}

/// Keeps values alive so the optimizer cannot drop the work that produced them. Subscribers'
/// callbacks bump its counter: the cheapest callback that cannot be optimised away. The counter
/// skips the dynamic exclusivity check a class's `var` pays (~60 instructions, more than the
/// fan-out being measured): the scenarios measure the store, not the callback.
final class Sink: @unchecked Sendable {
    @exclusivity(unchecked) var total = 0
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
