import Foundation
import Redux
import ReduxPersistence

/// The Composable Architecture's "Shared state: file storage" study: the in-memory study's two tabs,
/// the stats kept in a file (`SharedMember.fileStorage`) — loaded when the store starts, saved when
/// they change. A `TestStore` neither loads nor saves them: its tests start from fresh storage.
public enum SharedStateFileStorage {
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

            /// The stats are the file "stats.json" in the documents directory.
            public static let shared: [SharedMember<Self>] = [.fileStorage(statsFile, \.stats)]

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
                    title: isPrimeNumber(state.stats.count)
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

            /// The stats are the file "stats.json" in the documents directory.
            public static let shared: [SharedMember<Self>] = [.fileStorage(statsFile, \.stats)]

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

/// Where the stats are kept: the documents directory, as upstream's.
let statsFile =
    (FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
    ?? FileManager.default.temporaryDirectory).appendingPathComponent("stats.json")

/// Whether `p` is prime.
private func isPrimeNumber(_ p: Int) -> Bool {
    if p <= 1 { return false }
    if p <= 3 { return true }
    var divisor = 2
    while divisor * divisor <= p {
        if p % divisor == 0 { return false }
        divisor += 1
    }
    return true
}
