import Foundation
import Redux

/// The identifiers of the navigation-stack screens in a state, found with `Mirror`, for the test
/// store's check: `StackElement`'s equality compares the screens' states only (so replay, time
/// travel and persistence, whose states carry no identifiers, stay exact), and the test store
/// compares the identifiers on top — a screen replaced by an equal one is a change a test sees.
enum ScreenIDs {
    /// Where each screen is (`state.path[1]`) and its identifier, in order.
    static func list(in value: Any) -> [(place: String, id: StackElementID)] {
        var found: [(place: String, id: StackElementID)] = []
        walk(value, at: "state", into: &found)
        return found
    }

    /// The lines saying how the identifiers of `expected` and `actual` differ; empty when they agree.
    static func differences(expected: Any, actual: Any) -> [String] {
        let (expected, actual) = (list(in: expected), list(in: actual))
        var lines: [String] = []
        for index in 0..<max(expected.count, actual.count) {
            let left = index < expected.count ? expected[index] : nil
            let right = index < actual.count ? actual[index] : nil
            guard left?.id != right?.id || left?.place != right?.place else { continue }
            let place = left?.place ?? right?.place ?? ""
            lines.append("\(place).id: \(left.map { "\($0.id)" } ?? "none") → \(right.map { "\($0.id)" } ?? "none")")
        }
        return lines
    }

    private static func walk(_ value: Any, at place: String, into found: inout [(place: String, id: StackElementID)]) {
        if let screen = value as? any StackScreen {
            found.append((place, screen.id))
            walk(screen.screenState, at: place + ".state", into: &found)
            return
        }
        switch value {
        case is String, is Substring, is any Numeric, is Bool, is Date, is UUID, is Data, is Character: return
        default: break
        }
        let mirror = Mirror(reflecting: value)
        // References are not walked: a state's screens are values, and an object may point back
        // at itself (a cycle the walk would never leave).
        guard mirror.displayStyle != .class, mirror.displayStyle != .foreignReference else { return }
        for (index, child) in mirror.children.enumerated() {
            let step = child.label.map { $0.hasPrefix(".") ? $0 : "." + $0 } ?? "[\(index)]"
            walk(child.value, at: place + step, into: &found)
        }
    }
}
