import Foundation
import Redux
import ReduxDiff
import Testing

@testable import ReduxLogging

/// Collects what the logger writes; the sink is `@Sendable`, so guard it with a lock.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var entries: [String] { lock.withLock { storage } }
    var text: String { entries.joined(separator: "\n") }

    lazy var sink = LogSink { [unowned self] entry in self.lock.withLock { self.storage.append(entry) } }
}

struct Credentials: Equatable, Sendable { var user = "ada"; var password = "hunter2" }
enum Phase: Equatable, Sendable { case idle, loading(page: Int), failed(String) }

struct AppState: Equatable, Sendable {
    var count = 0
    var name = "a"
    var tags: [String] = []
    var scores: [String: Int] = [:]
    var nickname: String?
    var phase = Phase.idle
    var credentials = Credentials()
}

struct Increment: Action {}
struct Rename: Action { var name: String }
struct Tag: Action { var tag: String }
struct Score: Action { var key: String; var value: Int }
struct Nickname: Action { var nickname: String? }
struct SetPhase: Action { var phase: Phase }
struct LogIn: Action { var user: String; var password: String }

let appReducer = Reducer<AppState>.combine(
    .on(Increment.self) { state, _ in state.count += 1 },
    .on(Rename.self) { state, action in state.name = action.name },
    .on(Tag.self) { state, action in state.tags.append(action.tag) },
    .on(Score.self) { state, action in state.scores[action.key] = action.value },
    .on(Nickname.self) { state, action in state.nickname = action.nickname },
    .on(SetPhase.self) { state, action in state.phase = action.phase },
    .on(LogIn.self) { state, action in state.credentials = Credentials(user: action.user, password: action.password) }
)

@MainActor
struct LoggingMiddlewareTests {
    func makeStore(_ captured: Captured, _ configure: (inout LoggingOptions<AppState>) -> Void = { _ in }) -> Store<
        AppState
    > {
        var options = LoggingOptions<AppState>(sink: captured.sink)
        configure(&options)
        return Store(initialState: AppState(), reducer: appReducer, middleware: [loggingMiddleware(options)])
    }

    @Test func fullEntryHasTitleAndEveryPart() throws {
        let captured = Captured()
        let store = makeStore(captured)
        store.dispatch(Rename(name: "b"))
        let lines = try #require(captured.entries.first).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].wholeMatch(of: /action Rename @ \d\d:\d\d:\d\d\.\d\d\d \(in \d+\.\d\d ms\)/) != nil)
        #expect(lines[1].hasPrefix("  prev state  AppState(count: 0, name: \"a\""))
        #expect(lines[2] == "  action      Rename(name: \"b\")")
        #expect(lines[3].hasPrefix("  next state  AppState(count: 0, name: \"b\""))
        #expect(lines[4] == "  diff        name: \"a\" → \"b\"")
    }

    @Test func diffNamesThePathsOfEachKindOfValue() {
        let captured = Captured()
        let store = makeStore(captured) { $0.style = .collapsed }
        store.dispatch(Increment())
        store.dispatch(Tag(tag: "swift"))
        store.dispatch(Score(key: "math", value: 3))
        store.dispatch(Nickname(nickname: "countess"))
        store.dispatch(SetPhase(phase: .loading(page: 1)))
        store.dispatch(SetPhase(phase: .loading(page: 2)))
        store.dispatch(Nickname(nickname: nil))
        store.dispatch(Increment())
        let entries = captured.entries
        #expect(entries[0].hasSuffix(" · count: 0 → 1"))
        #expect(entries[1].hasSuffix(#" · tags[0]: added "swift""#))
        #expect(entries[2].hasSuffix(#" · scores["math"]: added 3"#))
        #expect(entries[3].hasSuffix(#" · nickname: nil → "countess""#))
        #expect(entries[4].contains("phase: ") && entries[4].contains("idle") && entries[4].contains("loading"))
        #expect(entries[5].hasSuffix(" · phase(loading).page: 1 → 2"))
        #expect(entries[6].hasSuffix(#" · nickname: "countess" → nil"#))
        #expect(entries[7].hasSuffix(" · count: 1 → 2"))
    }

    @Test func collapsedIsOneLinePerAction() {
        let captured = Captured()
        let store = makeStore(captured) { $0.style = .collapsed }
        store.dispatch(Increment())
        store.dispatch(Rename(name: "a"))
        #expect(captured.entries.count == 2)
        #expect(captured.entries.allSatisfy { !$0.contains("\n") })
        #expect(captured.entries[1].hasSuffix(" · (no changes)"))
    }

    @Test func predicateChoosesWhatIsLoggedFromStateAndAction() {
        let captured = Captured()
        let store = makeStore(captured) { options in
            options.predicate = { action, state in !(action is Increment) || state().count >= 1 }
        }
        store.dispatch(Increment())  // count is 0 before: not logged
        store.dispatch(Increment())  // count is 1 before: logged
        store.dispatch(Rename(name: "x"))
        #expect(captured.entries.count == 2)
        #expect(captured.entries[0].hasPrefix("action Increment"))
        #expect(captured.entries[1].hasPrefix("action Rename"))
        #expect(store.count == 2)
    }

    @Test func hiddenPartsAreNeitherShownNorComputed() {
        let captured = Captured()
        let transformed = Counter()
        let store = makeStore(captured) { options in
            options.parts = [.action]
            options.stateTransformer = { state in
                transformed.increment()
                return state
            }
        }
        store.dispatch(Rename(name: "b"))
        let lines = captured.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(!captured.text.contains("(in "))
        #expect(!captured.text.contains("state"))
        #expect(transformed.value == 0)
    }

    @Test func redactedSecretsNeverAppear() {
        let captured = Captured()
        let store = makeStore(captured) { options in
            options.actionTransformer = { action in
                if let login = action as? LogIn { return LogIn(user: login.user, password: "<redacted>") }
                return action
            }
            options.stateTransformer = { state in
                var copy = state
                copy.credentials.password = "<redacted>"
                return copy
            }
        }
        store.dispatch(LogIn(user: "grace", password: "correct horse"))
        store.dispatch(Increment())
        #expect(!captured.text.contains("correct horse"))
        #expect(!captured.text.contains("hunter2"))
        #expect(captured.text.contains("credentials.user: \"ada\" → \"grace\""))
        #expect(store.credentials.password == "correct horse")
    }

    @Test func nestedDispatchesAreLoggedInReductionOrderWithTheirOwnStates() {
        let captured = Captured()
        let followUp: Middleware<AppState> = { dispatch, _ in
            { next in
                { action in
                    next(action)
                    if action is Increment { dispatch(Rename(name: "after increment")) }
                }
            }
        }
        var options = LoggingOptions<AppState>(style: .collapsed, sink: captured.sink)
        options.parts = [.diff]
        let store = Store(
            initialState: AppState(), reducer: appReducer, middleware: [followUp, loggingMiddleware(options)])
        let subscription = store.subscribe(to: \.name) { name in
            if name == "after increment" { store.dispatch(Tag(tag: "from subscriber")) }
        }
        store.dispatch(Increment())
        #expect(captured.entries.count == 3)
        #expect(captured.entries[0].hasPrefix("action Increment") && captured.entries[0].hasSuffix("count: 0 → 1"))
        #expect(
            captured.entries[1].hasPrefix("action Rename")
                && captured.entries[1].hasSuffix(#"name: "a" → "after increment""#))
        #expect(
            captured.entries[2].hasPrefix("action Tag")
                && captured.entries[2].hasSuffix(#"tags[0]: added "from subscriber""#))
        subscription.cancel()
    }

    @Test func colorsOnlyWhenAskedOrOnATerminal() {
        let plain = Captured()
        makeStore(plain).dispatch(Increment())
        #expect(!plain.text.contains("\u{1B}["))
        let colored = Captured()
        makeStore(colored) { $0.colors = .always }.dispatch(Increment())
        #expect(colored.text.contains("\u{1B}[1maction Increment\u{1B}[0m"))
    }

    @Test func coloredRowsAndDiffLinesKeepTheirLayout() throws {
        let captured = Captured()
        let store = makeStore(captured) {
            $0.colors = .always
            $0.parts = [.action, .diff]
        }
        store.dispatch(LogIn(user: "bob", password: "pw"))
        let lines = try #require(captured.entries.first).split(separator: "\n").map(String.init)
        let gray = "\u{1B}[90m"
        let yellow = "\u{1B}[33m"
        let reset = "\u{1B}[0m"
        #expect(lines.count == 4)
        #expect(lines[1] == "  \(gray)action      \(reset)\u{1B}[34mLogIn(user: \"bob\", password: \"pw\")\(reset)")
        #expect(lines[2] == "  \(gray)diff        \(reset)\(yellow)credentials.user: \"ada\" → \"bob\"\(reset)")
        #expect(lines[3] == "              \(yellow)credentials.password: \"hunter2\" → \"pw\"\(reset)")
    }

    @Test func largeStatesPrintBoundedAndDiffTheOneChange() {
        struct Big: Equatable, Sendable { var items = Array(repeating: 0, count: 100_000) }
        struct Touch: Action { var index: Int }
        let captured = Captured()
        let store = Store(
            initialState: Big(), reducer: .on(Touch.self) { state, action in state.items[action.index] += 1 },
            middleware: [loggingMiddleware(LoggingOptions(sink: captured.sink))])
        store.dispatch(Touch(index: 77_777))
        let text = captured.text
        #expect(text.count < 1_000)
        #expect(text.contains("… 99990 more"))
        #expect(text.contains("diff        items[77777]: 0 → 1"))
    }
}

/// Counts calls from a `@Sendable` closure.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

struct LogFormattingTests {
    @Test func timeOfDayIsZeroPadded() {
        let midnightUTC = Date(timeIntervalSince1970: 0)
        let offset = Double(TimeZone.current.secondsFromGMT(for: midnightUTC))
        let date = Date(timeIntervalSince1970: 3_723.004 - offset)
        #expect(LogFormatter<AppState>.timeOfDay(date) == "01:02:03.004")
    }

    @Test func durationsAreMillisecondsWithTwoDecimals() {
        #expect(LogFormatter<AppState>.milliseconds(.microseconds(1_234)) == "1.23 ms")
        #expect(LogFormatter<AppState>.milliseconds(.microseconds(50)) == "0.05 ms")
        #expect(LogFormatter<AppState>.milliseconds(.seconds(2)) == "2000.00 ms")
    }
}

/// SPEC §11: a binding set through a scope is logged as `path = value`, and redaction applies.
@MainActor
struct BindingLogTests {
    @Test func aBindingThroughAScopeIsLoggedAsAnAssignmentAndCanBeRedacted() {
        let captured = Captured()
        var options = LoggingOptions<AppState>(sink: captured.sink)
        options.parts = [.action]
        options.actionTransformer = { action in
            guard let binding = action as? BindingAction<Credentials>, binding.keyPath == \Credentials.password else {
                return action
            }
            return binding.redacted()
        }
        let reducer = Reducer<AppState>.combine(
            appReducer, Reducer<Credentials>.binding(only: [\.user, \.password]).pullback(\AppState.credentials))
        let store = Store(initialState: AppState(), reducer: reducer, middleware: [loggingMiddleware(options)])
        let credentials = store.scope(\.credentials)
        credentials.set(\.user, to: "grace")
        credentials.set(\.password, to: "s3cret")
        #expect(store.state.credentials == Credentials(user: "grace", password: "s3cret"))
        #expect(captured.text.contains(#"credentials.user = "grace""#))
        #expect(captured.text.contains("credentials.password = <redacted>"))
        #expect(!captured.text.contains("s3cret"))
    }
}

/// An entry's previous state is the last entry's next state, reused when equal — and not when an
/// action that was not logged changed the state in between.
@MainActor
struct ReusedStateTests {
    @Test func thePreviousStateIsAlwaysTheStateBeforeTheAction() {
        let captured = Captured()
        var options = LoggingOptions<AppState>(sink: captured.sink)
        options.parts = [.previousState, .nextState]
        options.predicate = { action, _ in !(action is Rename) }  // renames change the state unlogged
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [loggingMiddleware(options)])
        store.dispatch(Increment())
        store.dispatch(Rename(name: "b"))
        store.dispatch(Increment())
        store.dispatch(Increment())
        let prev = captured.entries.map { entry in
            entry.split(separator: "\n").first { $0.contains("prev state") }.map(String.init) ?? ""
        }
        #expect(prev.count == 3)
        #expect(prev[0].contains("count: 0, name: \"a\""))
        #expect(prev[1].contains("count: 1, name: \"b\""))
        #expect(prev[2].contains("count: 2, name: \"b\""))
        let next = captured.entries.last?.split(separator: "\n").first { $0.contains("next state") }
        #expect(next?.contains("count: 3, name: \"b\"") == true)
    }
}

/// Parts of the state that the diff found equal are described once and their text carried over to
/// later entries; every entry must still show each state exactly as describing it afresh would.
@MainActor
struct CarriedDescriptionTests {
    struct Nested: Sendable { var credentials = Credentials(); var tags: [String] = []; var level = 0 }
    /// Not `Equatable`: equal parts are found field by field.
    struct LooseState: Sendable { var count = 0; var nested = Nested(); var scores = [1, 2, 3] }
    struct Promote: Action {}

    func nextStateLine(_ entry: String?) -> String? {
        entry?.split(separator: "\n").first { $0.contains("next state") }.map(String.init)
    }

    func prevStateLine(_ entry: String?) -> String? {
        entry?.split(separator: "\n").first { $0.contains("prev state") }.map(String.init)
    }

    @Test func anEquatableStateIsShownAsAFreshDescriptionWouldShowIt() {
        let captured = Captured()
        let options = LoggingOptions<AppState>(sink: captured.sink)
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [loggingMiddleware(options)])
        let actions: [any Action] = [
            Increment(), Tag(tag: "x"), Increment(), LogIn(user: "bob", password: "pw"), Score(key: "k", value: 1),
            SetPhase(phase: .loading(page: 2)), Increment(), Tag(tag: "y"), LogIn(user: "bob", password: "pw2"),
        ]
        var previous = ValueDiff.boundedDescription(store.state, maxElements: options.maxCollectionElements)
        for action in actions {
            store.dispatch(action)
            let fresh = ValueDiff.boundedDescription(store.state, maxElements: options.maxCollectionElements)
            #expect(prevStateLine(captured.entries.last) == "  prev state  " + previous)
            #expect(nextStateLine(captured.entries.last) == "  next state  " + fresh)
            previous = fresh
        }
        #expect(captured.entries.count == actions.count)
    }

    @Test func aStateThatIsNotEquatableIsShownAsAFreshDescriptionWouldShowIt() {
        let captured = Captured()
        let options = LoggingOptions<LooseState>(sink: captured.sink)
        let reducer = Reducer<LooseState>.combine(
            .on(Increment.self) { state, _ in state.count += 1 },
            .on(Tag.self) { state, action in state.nested.tags.append(action.tag) },
            .on(LogIn.self) { state, action in state.nested.credentials.user = action.user },
            .on(Promote.self) { state, _ in state.nested.level += 1 }
        )
        let store = Store(initialState: LooseState(), reducer: reducer, middleware: [loggingMiddleware(options)])
        let actions: [any Action] = [
            Increment(), Tag(tag: "x"), Promote(), Increment(), LogIn(user: "bob", password: ""), Increment(),
        ]
        for action in actions {
            store.dispatch(action)
            let fresh = ValueDiff.boundedDescription(store.state, maxElements: options.maxCollectionElements)
            #expect(nextStateLine(captured.entries.last) == "  next state  " + fresh)
        }
        #expect(captured.entries.last?.contains("level: 1") == true)
        #expect(captured.entries.last?.contains("user: \"bob\"") == true)
    }
}
