import Redux

/// The Composable Architecture's "Composition: two counters" study: one feature embedded twice in a
/// larger one, each instance composed by instance (upstream's `Scope(state:action:)`), so an action
/// sent through one counter's scope moves that counter only.
///
/// ```swift
/// // A view: CounterView(store: store.scope(\.counter1)), CounterView(store: store.scope(\.counter2))
/// ```
public enum TwoCounters {
    /// Two counters.
    public struct State: Equatable, Sendable {
        /// The first counter.
        public var counter1 = Counter.State()
        /// The second counter.
        public var counter2 = Counter.State()

        /// Two counters at zero, or as given.
        public init(counter1: Counter.State = Counter.State(), counter2: Counter.State = Counter.State()) {
            self.counter1 = counter1
            self.counter2 = counter2
        }
    }

    /// The two instances, each by its member.
    public static let reducer = Reducer<State>.combine(
        .scope(\.counter1, Counter.reducer),
        .scope(\.counter2, Counter.reducer)
    )
}
