import Foundation
import Redux
import ReduxDiff
import Testing

@testable import ReduxLogging

/// States that used to crash the logger or make every entry slow (issue 23).
@MainActor
struct HostileStateLoggingTests {
    /// A tree whose nodes point back to their parent.
    final class Folder: @unchecked Sendable {
        weak var parent: Folder?
        var name: String
        var children: [Folder] = []

        init(name: String) { self.name = name }

        func add(_ child: Folder) {
            child.parent = self
            children.append(child)
        }
    }

    struct Tree: Equatable, Sendable {
        var root: Folder
        var revision = 0
        static func == (lhs: Tree, rhs: Tree) -> Bool { lhs.root === rhs.root && lhs.revision == rhs.revision }
    }

    struct Rebuild: Action {}

    nonisolated static func makeTree(_ names: [String]) -> Folder {
        let root = Folder(name: "root")
        for name in names {
            let folder = Folder(name: name)
            root.add(folder)
            folder.add(Folder(name: name + "-child"))
        }
        return root
    }

    @Test func aClassGraphPointingBackToItsParentIsLoggedNotARecursion() {
        let captured = Captured()
        let store = Store(
            initialState: Tree(root: Self.makeTree(["a", "b"])),
            reducer: .on(Rebuild.self) { state, _ in
                state.root = Self.makeTree(["a", "c"])
                state.revision += 1
            },
            middleware: [loggingMiddleware(LoggingOptions<Tree>(sink: captured.sink))])
        store.dispatch(Rebuild())
        let text = captured.text
        #expect(text.contains("revision: 0 → 1"))
        #expect(text.contains("root.children[1].name: \"b\" → \"c\""))
        #expect(text.contains("<cycle: Folder>"))
        #expect(text.contains("compared once"))
    }

    struct Failing: Equatable, Sendable {
        var count = 0
        var lastError: (any Error)?
        static func == (lhs: Failing, rhs: Failing) -> Bool { lhs.count == rhs.count }
    }

    struct Bump: Action {}

    @Test func anUnchangedNilErrorIsNotLogged() {
        let captured = Captured()
        let store = Store(
            initialState: Failing(),
            reducer: .on(Bump.self) { state, _ in state.count += 1 },
            middleware: [loggingMiddleware(LoggingOptions<Failing>(sink: captured.sink))])
        store.dispatch(Bump())
        #expect(captured.text.contains("count: 0 → 1"))
        #expect(!captured.text.contains("lastError: nil → nil"))
    }

    struct Document: Equatable, Sendable {
        var body: String
        var edits = 0
    }

    struct Edit: Action {}

    @Test func aHugeStringIsCutBeforeItIsEscaped() {
        // Quotes and newlines: escaping doubles them, so an escape of the whole string would show
        // in the entry's length before the cut.
        let body = String(repeating: "\"\n", count: 5_000_000)
        let described = ValueDiff.describe(body, maxLength: 100_000)
        #expect(described.hasSuffix("…"))
        #expect(described.utf8.count < 10_000)
        let captured = Captured()
        let store = Store(
            initialState: Document(body: body),
            reducer: .on(Edit.self) { state, _ in state.edits += 1 },
            middleware: [loggingMiddleware(LoggingOptions<Document>(sink: captured.sink))])
        store.dispatch(Edit())
        #expect(captured.text.contains("edits: 0 → 1"))
        #expect(captured.text.utf8.count < 40_000)
    }
}

/// Colours only where they show (issue 23, item 13).
struct LogColorDetectionTests {
    @Test func xcodesConsoleIsATerminalThatShowsNoColors() {
        let shows = { (environment: [String: String]) in
            LogFormatter<Int>.terminalShowsColors(isTerminal: true, environment: environment)
        }
        #expect(shows(["TERM": "xterm-256color"]))
        #expect(!shows(["TERM": "xterm-256color", "__XCODE_BUILT_PRODUCTS_DIR_PATHS": "/tmp/Build"]))
        #expect(!shows(["OS_ACTIVITY_DT_MODE": "YES"]))
        #expect(!shows(["XCODE_RUNNING_FOR_PREVIEWS": "1", "TERM": "xterm"]))
        #expect(!shows(["TERM": "dumb"]))
        #expect(!shows([:]))
        #expect(!LogFormatter<Int>.terminalShowsColors(isTerminal: false, environment: ["TERM": "xterm"]))
    }
}

/// A sink runs on the main actor and is typed so (issue 21): it touches main-actor state with no
/// `MainActor.assumeIsolated`. (Before, this did not compile.)
@MainActor
struct MainActorSinkTests {
    @MainActor final class Console {
        var lines: [String] = []
    }

    struct Tap: Action {}

    @Test func aSinkTouchesMainActorStateDirectly() {
        let console = Console()
        let store = Store(
            initialState: 0, reducer: .on(Tap.self) { state, _ in state += 1 },
            middleware: [loggingMiddleware(LoggingOptions<Int>(sink: LogSink { console.lines.append($0) }))])
        store.dispatch(Tap())
        #expect(console.lines.count == 1)
        #expect(console.lines.first?.contains("0 → 1") == true)
    }
}
