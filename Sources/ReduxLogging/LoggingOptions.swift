import Redux

/// Where log entries go.
public struct LogSink: Sendable {
    let write: @MainActor @Sendable (String) -> Void
    let isStandardOutput: Bool

    /// Writes each entry to `write`: route to `os.Logger`, swift-log, a file, a test's buffer.
    ///
    /// `write` runs on the main actor, where the logging middleware runs, and is typed so: it may
    /// touch main-actor state directly, with no `MainActor.assumeIsolated`.
    ///
    /// - Parameter write: Receives one entry (one or several lines, without a final newline).
    public init(_ write: @escaping @MainActor @Sendable (String) -> Void) {
        self.write = write
        self.isStandardOutput = false
    }

    private init(standardOutput: Void) {
        self.write = { print($0) }
        self.isStandardOutput = true
    }

    /// Standard output, with `print`.
    public static let standardOutput = LogSink(standardOutput: ())
}

/// What ``loggingMiddleware(_:)`` logs and how.
///
/// ```swift
/// var options = LoggingOptions<AppState>()
/// options.predicate = { action, _ in !(action is Tick) }         // skip noisy actions
/// options.stateTransformer = { state in state.redactingPassword() } // secrets never reach the log
/// options.sink = LogSink { line in logger.debug("\(line)") }      // os.Logger, swift-log, …
/// ```
public struct LoggingOptions<State>: Sendable {
    /// Which actions to log, given the action and a function returning the state before it — call
    /// it only if you need the state, so that deciding by the action alone copies nothing.
    /// `nil` logs all. When it returns `false`, nothing else is computed.
    ///
    /// ```swift
    /// options.predicate = { action, state in !(action is Tick) && state().isDebugLoggingOn }
    /// ```
    public var predicate: (@MainActor @Sendable (_ action: any Action, _ state: () -> State) -> Bool)?
    /// Full (one line per part) or collapsed (one line per action).
    public var style: Style
    /// Which parts to compute and print. Hidden parts are not computed.
    public var parts: Parts
    /// Replaces the action before it is printed — to redact secrets. The title still names the
    /// action's type.
    public var actionTransformer: (@Sendable (any Action) -> Any)?
    /// Replaces the state before it is printed or diffed — to redact secrets or show a part only.
    public var stateTransformer: (@Sendable (State) -> Any)?
    /// Where entries go. Standard output by default.
    public var sink: LogSink
    /// Whether to colour entries.
    public var colors: Colors
    /// How many elements of a collection to print before eliding the rest with a count.
    public var maxCollectionElements: Int
    /// How many diff lines to print before summarising the rest.
    public var maxDiffLines: Int

    /// Creates options; every parameter has a default.
    ///
    /// - Parameters:
    ///   - predicate: Which actions to log; `nil` logs all.
    ///   - style: Full or collapsed.
    ///   - parts: Which parts to compute and print.
    ///   - actionTransformer: Replaces the action before printing.
    ///   - stateTransformer: Replaces the state before printing and diffing.
    ///   - sink: Where entries go.
    ///   - colors: Whether to colour entries.
    ///   - maxCollectionElements: Elements printed per collection.
    ///   - maxDiffLines: Diff lines printed per entry.
    public init(
        predicate: (@MainActor @Sendable (_ action: any Action, _ state: () -> State) -> Bool)? = nil,
        style: Style = .full,
        parts: Parts = .all,
        actionTransformer: (@Sendable (any Action) -> Any)? = nil,
        stateTransformer: (@Sendable (State) -> Any)? = nil,
        sink: LogSink = .standardOutput,
        colors: Colors = .automatic,
        maxCollectionElements: Int = 10,
        maxDiffLines: Int = 40
    ) {
        self.predicate = predicate
        self.style = style
        self.parts = parts
        self.actionTransformer = actionTransformer
        self.stateTransformer = stateTransformer
        self.sink = sink
        self.colors = colors
        self.maxCollectionElements = maxCollectionElements
        self.maxDiffLines = maxDiffLines
    }
}

extension LoggingOptions {
    /// The parts of a log entry to compute and print.
    public struct Parts: OptionSet, Sendable {
        /// The value of this set.
        public let rawValue: Int

        /// Creates a set of parts from its raw value.
        ///
        /// - Parameter rawValue: The bits of the parts.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The state before the action.
        public static var previousState: Parts { Parts(rawValue: 1 << 0) }
        /// The action itself (after the action transformer).
        public static var action: Parts { Parts(rawValue: 1 << 1) }
        /// The state after the action.
        public static var nextState: Parts { Parts(rawValue: 1 << 2) }
        /// The changed paths, `old → new`.
        public static var diff: Parts { Parts(rawValue: 1 << 3) }
        /// How long the reduction (and the notification of subscribers) took, in the title.
        public static var duration: Parts { Parts(rawValue: 1 << 4) }
        /// Every part.
        public static var all: Parts { [.previousState, .action, .nextState, .diff, .duration] }
    }

    /// How each action is laid out.
    public enum Style: Sendable {
        /// A title line, then one line per part.
        case full
        /// One line per action: the title and the diff.
        case collapsed
    }

    /// Whether to colour the output with ANSI escape codes.
    public enum Colors: Sendable {
        /// Colours when writing to standard output and it is a terminal that shows colours: not
        /// Xcode's console (recognised by its environment), and not a `TERM` of `dumb` or none.
        case automatic
        /// Always colour.
        case always
        /// Never colour.
        case never
    }
}
