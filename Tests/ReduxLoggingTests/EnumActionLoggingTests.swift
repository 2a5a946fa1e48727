import Foundation
import Redux
import Testing

@testable import ReduxLogging

/// An enum action is logged with its case in the title and its associated values in the action
/// row, where redaction still applies; an empty struct action prints without a module prefix.
@MainActor
struct EnumActionLoggingTests {
    enum AccountAction: Action {
        case logIn(user: String, password: String)
        case logOut
    }

    struct Refresh: Action {}

    func entries(_ actions: [any Action], configure: (inout LoggingOptions<AppState>) -> Void = { _ in }) -> [String] {
        let captured = Captured()
        var options = LoggingOptions<AppState>(sink: captured.sink, colors: .never)
        configure(&options)
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [loggingMiddleware(options)])
        actions.forEach { store.dispatch($0) }
        return captured.entries
    }

    @Test func theTitleNamesTheCaseAndTheActionRowItsValues() throws {
        let logged = entries([AccountAction.logIn(user: "ada", password: "hunter2"), AccountAction.logOut, Refresh()])
        let logIn = try #require(logged.first).split(separator: "\n").map(String.init)
        #expect(logIn[0].hasPrefix("action AccountAction.logIn @ "))
        #expect(logIn.contains(#"  action      AccountAction.logIn(user: "ada", password: "hunter2")"#))
        #expect(logged[1].hasPrefix("action AccountAction.logOut @ "))
        #expect(logged[1].contains("  action      AccountAction.logOut"))
        #expect(logged[2].contains("  action      Refresh()"))
    }

    @Test func redactionStillAppliesToTheValues() throws {
        let logged = entries([AccountAction.logIn(user: "ada", password: "hunter2")]) { options in
            options.actionTransformer = { action in
                if case .logIn(let user, _)? = action as? AccountAction {
                    return AccountAction.logIn(user: user, password: "<redacted>")
                }
                return action
            }
        }
        let text = try #require(logged.first)
        #expect(text.hasPrefix("action AccountAction.logIn @ "))
        let actionRow = try #require(text.split(separator: "\n").first { $0.hasPrefix("  action ") })
        #expect(actionRow == #"  action      AccountAction.logIn(user: "ada", password: "<redacted>")"#)
    }
}
