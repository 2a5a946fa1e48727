import Redux

/// The Composable Architecture's archetypal counter (CaseStudies, "Getting started: counter"): the
/// feature the two-counters study embeds twice.
public enum Counter {
    /// The counter's state.
    public struct State: Equatable, Sendable {
        /// The count shown.
        public var count = 0

        /// A counter at `count`.
        public init(count: Int = 0) { self.count = count }
    }

    /// What the counter's view sends.
    public enum Action: Redux.Action, Equatable {
        /// The minus button.
        case decrementButtonTapped
        /// The plus button.
        case incrementButtonTapped
    }

    /// The counter's logic.
    public static let reducer = Reducer<State>.on(Action.self) { state, action in
        switch action {
        case .decrementButtonTapped:
            state.count -= 1
        case .incrementButtonTapped:
            state.count += 1
        }
    }
}
