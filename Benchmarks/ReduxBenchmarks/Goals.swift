/// The performance goals of SPEC §8, computed from one run's medians.
struct Goal {
    var name: String
    var value: Double
    var limit: Double
    var unit: String

    var isMet: Bool { value <= limit }
}

enum Goals {
    static func evaluate(_ results: [Measurement]) -> [Goal] {
        func median(_ name: String) -> Double? { results.first { $0.name == name }?.median }
        var goals: [Goal] = []
        guard let raw = median("raw reducer") else { return goals }
        if let direct = median("store, 0 middleware") {
            goals.append(
                Goal(name: "dispatch, no middleware / raw reducer", value: direct / raw, limit: 3, unit: "×"))
            for count in [1, 5, 10] {
                if let chained = median("store, \(count) middleware") {
                    goals.append(
                        Goal(
                            name: "cost of each of \(count) middleware / raw reducer",
                            value: (chained - direct) / Double(count) / raw, limit: 1, unit: "×"))
                }
            }
        }
        if let direct = median("store, 0 middleware"), let one = median("store, 1 middleware") {
            for name in ["thunk middleware, plain action", "async middleware, plain action", "logging, filtered out"] {
                if let value = median(name) {
                    goals.append(
                        Goal(
                            name: "\(name) / pass-through middleware", value: (value - direct) / (one - direct),
                            limit: 1.5, unit: "×"))
                }
            }
        }
        if let small = median("store, state of \(smallState) elements"),
            let large = median("store, state of \(largeState) elements")
        {
            goals.append(
                Goal(
                    name: "\(largeState)-element state / \(smallState)-element state", value: large / small, limit: 1.2,
                    unit: "×"))
        }
        if let ten = median("rows, 10 observed, one changes"), let thousand = median("rows, 1000 observed, one changes")
        {
            goals.append(
                Goal(
                    name: "1,000 observed rows, one changes / 10 observed rows", value: thousand / ten, limit: 1.5,
                    unit: "×"))
        }
        return goals
    }
}
