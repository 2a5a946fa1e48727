import Foundation
import Redux
import ReduxDiff

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A state as a log entry shows it: reflected once, described once — the next state of one entry is
/// often the previous state of the next, and is then reused (see `LoggingLink`).
final class ShownState {
    let node: Reflection
    var description: String?

    init(_ value: Any) {
        node = Reflection(value)
    }
}

/// Turns one action and its states into a log entry and writes it to the sink.
struct LogFormatter<State>: Sendable {
    let options: LoggingOptions<State>
    let colored: Bool
    /// The options' parts and style, read once: they are nested in the generic `LoggingOptions`, so
    /// each read of `.diff` or `.full` in this unspecialised code looks up its metadata (~4,900
    /// instructions a 1,000-element entry when read per entry).
    let showsDuration: Bool
    let showsPreviousState: Bool
    let showsAction: Bool
    let showsNextState: Bool
    let showsDiff: Bool
    let isCollapsed: Bool
    /// Read once, when the middleware is made: `TimeZone.current` costs ~80,000 instructions a
    /// read on Linux. A change of the device's time zone shows in stores created afterwards.
    let timeZone = TimeZone.current

    init(_ options: LoggingOptions<State>) {
        self.options = options
        let parts = options.parts
        showsDuration = parts.contains(.duration)
        showsPreviousState = parts.contains(.previousState)
        showsAction = parts.contains(.action)
        showsNextState = parts.contains(.nextState)
        showsDiff = parts.contains(.diff)
        switch options.style {
        case .collapsed: isCollapsed = true
        case .full: isCollapsed = false
        }
        switch options.colors {
        case .always: colored = true
        case .never: colored = false
        case .automatic:
            colored =
                options.sink.isStandardOutput
                && Self.terminalShowsColors(
                    isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
        }
    }

    /// Whether standard output shows ANSI colours: a terminal, with a `TERM` that is not `dumb`,
    /// and not Xcode's console — which is a terminal to `isatty` but shows escape codes as text. Xcode
    /// is recognised by the variables it sets in the processes it runs.
    static func terminalShowsColors(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        let xcodeMarkers = ["__XCODE_BUILT_PRODUCTS_DIR_PATHS", "XCODE_RUNNING_FOR_PREVIEWS", "OS_ACTIVITY_DT_MODE"]
        if xcodeMarkers.contains(where: { environment[$0] != nil }) { return false }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
        return true
    }

    @MainActor
    func log(action: any Action, before: ShownState?, after: ShownState?, elapsed: Duration?) {
        options.sink.write(entry(action: action, before: before, after: after, elapsed: elapsed, now: Date()))
    }

    /// A state as entries show it (after the state transformer), reflected once.
    func shown(_ state: State) -> ShownState {
        ShownState(present(state))
    }

    /// The entry for one action; `now` is the time of day shown in the title.
    func entry(action: any Action, before: ShownState?, after: ShownState?, elapsed: Duration?, now: Date) -> String {
        // The action is reflected once, for its name in the title and for its row.
        let reflectedAction = Reflection(action)
        var title =
            paint("action \(Self.name(of: reflectedAction))", .bold)
            + paint(" @ \(Self.timeOfDay(now, in: timeZone))", .gray)
        if showsDuration, let elapsed {
            title += paint(" (in \(Self.milliseconds(elapsed)))", .gray)
        }
        // Each state is reflected once, for its row and for the diff. The state before is described
        // first and the state after last, so that what the diff finds equal in the two is described
        // once (the after state takes over the before state's text of each equal part).
        let shownBefore = before
        let shownAfter = after
        let beforeText = showsPreviousState && !isCollapsed ? shownBefore.map(describe) : nil
        var diff: [String] = []
        if showsDiff, let shownBefore, let shownAfter {
            diff = ValueDiff.lines(from: shownBefore.node, to: shownAfter.node, maxLines: options.maxDiffLines)
            if diff.isEmpty { diff = ["(no changes)"] }
        }
        if isCollapsed {
            return diff.isEmpty ? title : title + " · " + paint(diff.joined(separator: "; "), .yellow)
        } else {
            // One string, appended to in place: the rows of a large state are long.
            let actionText = showsAction ? describe(actionShown(action, reflectedAction)) : nil
            let afterText = showsNextState ? shownAfter.map(describe) : nil
            var text = title
            // Sized once for all rows (~1,500 instructions less than growing it, 1,000-element state).
            text.reserveCapacity(
                title.utf8.count + (beforeText?.utf8.count ?? 0) + (actionText?.utf8.count ?? 0)
                    + (afterText?.utf8.count ?? 0) + diff.reduce(0) { $0 + $1.utf8.count } + 32 * (4 + diff.count))
            if let beforeText { appendRow("prev state  ", beforeText, .gray, to: &text) }
            if let actionText { appendRow("action      ", actionText, .blue, to: &text) }
            if let afterText { appendRow("next state  ", afterText, .green, to: &text) }
            for (index, line) in diff.enumerated() {
                // Continuation lines are indented past the label, unpainted.
                appendRow(index == 0 ? "diff        " : nil, line, .yellow, to: &text)
            }
            return text
        }
    }

    /// What the action row shows: the action, or what the action transformer made of it.
    private func actionShown(_ action: any Action, _ reflected: Reflection) -> Reflection {
        options.actionTransformer.map { Reflection($0(action)) } ?? reflected
    }

    /// Appends a row: a new line, the label padded to 12 columns (gray; `nil` for 12 spaces), then
    /// the text.
    private func appendRow(_ paddedLabel: String?, _ body: String, _ color: Color, to text: inout String) {
        text += "\n  "
        if let paddedLabel {
            text += colored ? paint(paddedLabel, .gray) : paddedLabel
        } else {
            text += "            "
        }
        text += colored ? paint(body, color) : body
    }

    private func present(_ state: State) -> Any {
        options.stateTransformer?(state) ?? state
    }

    /// The action's type, and for an enum its case (`AppAction.login`): the payload is shown in the
    /// action row, where the action transformer can redact it.
    static func name(of action: Reflection) -> String {
        let type = TypeNames.name(of: Swift.type(of: action.value))
        return ValueDiff.caseName(of: action).map { "\(type).\($0)" } ?? type
    }

    private func describe(_ state: ShownState) -> String {
        if let description = state.description { return description }
        let description = describe(state.node)
        state.description = description
        return description
    }

    private func describe(_ node: Reflection) -> String {
        // A top-level enum names its type, as a struct does: `AccountAction.logIn(user: "ada")`.
        let prefix = ValueDiff.caseName(of: node) != nil ? TypeNames.name(of: type(of: node.value)) : ""
        return prefix + ValueDiff.boundedDescription(node, maxElements: options.maxCollectionElements)
    }

    enum Color: String {
        case bold = "1"
        case gray = "90"
        case blue = "34"
        case green = "32"
        case yellow = "33"
    }

    private func paint(_ text: String, _ color: Color) -> String {
        colored ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// `HH:mm:ss.SSS` in the local time zone.
    static func timeOfDay(_ date: Date, in timeZone: TimeZone = .current) -> String {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        let milliseconds = Int((local * 1_000).rounded())
        let day = 86_400_000
        let inDay = ((milliseconds % day) + day) % day
        let hours = inDay / 3_600_000
        let minutes = inDay / 60_000 % 60
        let seconds = inDay / 1_000 % 60
        let millis = inDay % 1_000
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let three = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(two(hours)):\(two(minutes)):\(two(seconds)).\(three)"
    }

    /// A duration in milliseconds with two decimals.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let hundredths = seconds * 100_000 + attoseconds / 10_000_000_000_000
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) ms"
    }
}
