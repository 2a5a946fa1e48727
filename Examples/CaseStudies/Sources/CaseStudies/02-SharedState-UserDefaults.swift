import Redux
import ReduxPersistence

/// The Composable Architecture's "Shared state: user defaults" study: two tabs showing one count
/// kept in user defaults under "count" (`SharedMember.appStorage`) — an `Int`, as SwiftUI's
/// `@AppStorage("count")` reads it.
public enum SharedStateUserDefaults {
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
            /// The count, shared with every other copy of the key.
            public var count = 0

            /// The count is the user defaults value "count".
            public static let shared: [SharedMember<Self>] = [.appStorage("count", \.count)]

            /// No alert, the shared count.
            public init(alert: AlertState<Action.Alert>? = nil, count: Int = 0) {
                self.alert = alert
                self.count = count
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
                state.count -= 1
            case .incrementButtonTapped:
                state.count += 1
            case .isPrimeButtonTapped:
                state.alert = AlertState(
                    title: isPrimeCount(state.count)
                        ? "👍 The number \(state.count) is prime!"
                        : "👎 The number \(state.count) is not prime :(")
            }
        }
        .alert(\.alert)
    }

    /// The profile tab: the count the counter tab keeps, and a reset.
    public enum ProfileTab {
        /// The tab's state.
        public struct State: Equatable, Sendable, SharedState {
            /// The count, shared with every other copy of the key.
            public var count = 0

            /// The count is the user defaults value "count".
            public static let shared: [SharedMember<Self>] = [.appStorage("count", \.count)]

            /// The shared count.
            public init(count: Int = 0) { self.count = count }
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
                state.count = 0
            }
        }
    }
}

/// Whether `p` is prime.
private func isPrimeCount(_ p: Int) -> Bool {
    if p <= 1 { return false }
    if p <= 3 { return true }
    var divisor = 2
    while divisor * divisor <= p {
        if p % divisor == 0 { return false }
        divisor += 1
    }
    return true
}
