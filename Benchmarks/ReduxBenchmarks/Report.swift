import Foundation

enum Report {
    static func table(_ results: [Measurement], baseline: Double, configuration: Configuration) -> String {
        var lines: [String] = []
        lines.append(
            "redux-bench: \(configuration.samples) samples of \(configuration.iterations) dispatches, median (min–max)")
        let header = [
            pad("scenario", 46), pad("ns/dispatch", 12, right: true), pad("min–max", 16, right: true),
            pad("dispatches/s", 14, right: true), pad("× raw", 8, right: true),
        ]
        lines.append(header.joined(separator: " "))
        lines.append(String(repeating: "-", count: 99))
        for result in results {
            let row = [
                pad(result.name, 46),
                pad(format(result.median), 12, right: true),
                pad("\(format(result.min))–\(format(result.max))", 16, right: true),
                pad(rate(result.median), 14, right: true),
                pad(String(format: "%.2f", result.median / baseline), 8, right: true),
            ]
            lines.append(row.joined(separator: " "))
        }
        let goals = Goals.evaluate(results)
        if !goals.isEmpty {
            lines.append("")
            lines.append("SPEC §8 goals, ratios of medians from this run:")
            if configuration.iterations < Configuration.full.iterations {
                lines.append(
                    "  (a short run: too few dispatches for these ratios to mean much; run without --quick to judge them)"
                )
            }
            for goal in goals {
                let verdict = goal.isMet ? "met" : "MISSED"
                lines.append(
                    "  \(pad(goal.name, 52)) \(String(format: "%5.2f", goal.value))\(goal.unit)  (limit \(String(format: "%.1f", goal.limit))\(goal.unit))  \(verdict)"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ results: [Measurement], baseline: Double, configuration: Configuration) -> String {
        let rows = results.map { result in
            """
                {"scenario": "\(result.name)", "note": "\(result.note)", \
            "nsPerDispatch": \(String(format: "%.2f", result.median)), \
            "min": \(String(format: "%.2f", result.min)), "max": \(String(format: "%.2f", result.max)), \
            "dispatchesPerSecond": \(Int(1e9 / Swift.max(result.median, 0.001))), \
            "ratioToRaw": \(String(format: "%.3f", result.median / baseline))}
            """
        }
        let goals = Goals.evaluate(results).map { goal in
            """
                {"goal": "\(goal.name)", "value": \(String(format: "%.3f", goal.value)), \
            "limit": \(goal.limit), "met": \(goal.isMet)}
            """
        }
        return """
            {
              "iterations": \(configuration.iterations),
              "samples": \(configuration.samples),
              "results": [
            \(rows.joined(separator: ",\n"))
              ],
              "goals": [
            \(goals.joined(separator: ",\n"))
              ]
            }
            """
    }

    private static func format(_ nanoseconds: Double) -> String {
        nanoseconds < 100 ? String(format: "%.1f", nanoseconds) : String(format: "%.0f", nanoseconds)
    }

    private static func rate(_ nanoseconds: Double) -> String {
        let perSecond = 1e9 / Swift.max(nanoseconds, 0.001)
        return perSecond >= 1e6 ? String(format: "%.1f M", perSecond / 1e6) : String(format: "%.0f k", perSecond / 1e3)
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let count = text.count
        guard count < width else { return text }
        let padding = String(repeating: " ", count: width - count)
        return right ? padding + text : text + padding
    }
}
