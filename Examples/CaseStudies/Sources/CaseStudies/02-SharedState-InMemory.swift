import Redux

/// The Composable Architecture's "Shared state: in memory" study: two tabs, each with its own
/// state, that show one value — declared by each tab in its own state (`SharedState`), with no list
/// in the parent. A change in one tab is the other's after the action.
public enum SharedStateInMemory {
    /// The tab shown.
    public enum Tab: Equatable, Sendable {
        /// The counter.
        case counter
        /// The profile.
        case profile
    }

    /// The two tabs and which is shown.
    public struct State: Equatable, Sendable {
        /// The tab shown.
        public var currentTab = Tab.counter
        /// The counter tab.
        public var counter = CounterTab.State()
        /// The profile tab.
        public var profile = ProfileTab.State()

        /// The counter tab shown, both at zero.
        public init() {}
    }

    /// What the tab bar sends.
    public enum Action: Redux.Action, Equatable {
        /// A tab was selected.
        case selectTab(Tab)
    }

    /// The tabs, each by its member, and the tab bar.
    public static let reducer = Reducer<State>.combine(
        .scope(\.counter, CounterTab.reducer),
        .scope(\.profile, ProfileTab.reducer),
        .on(Action.self) { state, action in
            switch action {
            case .selectTab(let tab):
                state.currentTab = tab
            }
        }
    )

    /// The counter tab: a count in the shared stats, and an alert telling whether it is prime.
    public enum CounterTab {
        /// The tab's state.
        public struct State: Equatable, Sendable, SharedState {
            /// Whether the count is prime, when asked.
            public var alert: AlertState<Action.Alert>?
            /// The stats, shared with every other copy of the key.
            public var stats = Stats()

            /// The stats are the in-memory value "stats".
            public static let shared: [SharedMember<Self>] = [.inMemory("stats", \.stats)]

            /// No alert, the shared stats.
            public init(alert: AlertState<Action.Alert>? = nil, stats: Stats = Stats()) {
                self.alert = alert
                self.stats = stats
            }
        }

        /// What the tab's view sends.
        public enum Action: Redux.Action, Equatable {
            /// The minus button.
            case decrementButtonTapped
            /// The plus button.
            case incrementButtonTapped
            /// "Is this prime?".
            case isPrimeButtonTapped

            /// The alert's buttons: none but its dismissal.
            public enum Alert: Redux.Action, Equatable {}
        }

        /// The tab's logic.
        public static let reducer = Reducer<State>.on(Action.self) { state, action in
            switch action {
            case .decrementButtonTapped:
                state.stats.decrement()
            case .incrementButtonTapped:
                state.stats.increment()
            case .isPrimeButtonTapped:
                state.alert = AlertState(
                    title: isPrime(state.stats.count)
                        ? "👍 The number \(state.stats.count) is prime!"
                        : "👎 The number \(state.stats.count) is not prime :(")
            }
        }
        .alert(\.alert)
    }

    /// The profile tab: the stats the counter tab keeps, and a reset.
    public enum ProfileTab {
        /// The tab's state.
        public struct State: Equatable, Sendable, SharedState {
            /// The stats, shared with every other copy of the key.
            public var stats = Stats()

            /// The stats are the in-memory value "stats".
            public static let shared: [SharedMember<Self>] = [.inMemory("stats", \.stats)]

            /// The shared stats.
            public init(stats: Stats = Stats()) { self.stats = stats }
        }

        /// What the tab's view sends.
        public enum Action: Redux.Action, Equatable {
            /// "Reset".
            case resetStatsButtonTapped
        }

        /// The tab's logic.
        public static let reducer = Reducer<State>.on(Action.self) { state, action in
            switch action {
            case .resetStatsButtonTapped:
                state.stats = Stats()
            }
        }
    }
}

/// A count and what happened to it.
public struct Stats: Codable, Equatable, Sendable {
    /// The count.
    public private(set) var count = 0
    /// The highest count.
    public private(set) var maxCount = 0
    /// The lowest count.
    public private(set) var minCount = 0
    /// How many times it changed.
    public private(set) var numberOfCounts = 0

    /// All at zero.
    public init() {}

    /// One more.
    public mutating func increment() {
        count += 1
        numberOfCounts += 1
        maxCount = max(maxCount, count)
    }

    /// One less.
    public mutating func decrement() {
        count -= 1
        numberOfCounts += 1
        minCount = min(minCount, count)
    }
}

/// Whether `p` is prime.
private func isPrime(_ p: Int) -> Bool {
    if p <= 1 { return false }
    if p <= 3 { return true }
    var divisor = 2
    while divisor * divisor <= p {
        if p % divisor == 0 { return false }
        divisor += 1
    }
    return true
}
