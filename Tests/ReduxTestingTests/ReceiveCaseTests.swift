import Redux
import ReduxDiff
import ReduxEffects
import Testing

@testable import ReduxTesting

/// Issue 64: one spelling of `receive(case:)` for a case with one value, several or none, at any
/// depth, on the store and on a path — for actions that are not `Equatable`; and failures that name
/// a row's, screen's or child's action as the docs show it.
@MainActor
struct ReceiveCaseTests {
    /// Not `Equatable` (a payload that is not), as the anchor's socket and ping actions often are.
    enum Socket: Action {
        case didOpen(protocol: String?)
        case didClose(code: Int, reason: String)
        case pong
    }
    enum AppAction: Action {
        case socket(Socket)
        case ping
        case pong
        case start
    }
    struct State: Equatable, Sendable {
        var log: [String] = []
        var child = Child()
    }
    struct Child: Equatable, Sendable { var count = 0 }
    struct Bump: Action, Equatable {}

    static let reducer = Reducer<State>.combine(
        .commands(on: AppAction.self) { state, action in
            switch action {
            case .start:
                return .merge(
                    .send(AppAction.pong), .send(AppAction.socket(.pong)),
                    .send(AppAction.socket(.didClose(code: 1_000, reason: "bye"))),
                    .send(AppAction.socket(.didOpen(protocol: nil))))
            case .pong, .ping:
                state.log.append("\(action)")
                return .none
            case .socket(let socket):
                state.log.append("socket \(socket)")
                return .none
            }
        },
        Reducer<Child>.commands(on: Bump.self) { state, _ in
            state.count += 1
            return .send(AppAction.pong)
        }.pullback(\.child)
    )

    @Test func aCaseWithoutPayloadSeveralValuesOrOneAtAnyDepth() async {
        let store = TestStore(initialState: State(), reducer: Self.reducer)
        await store.dispatch(AppAction.start)
        await store.receive(case: { AppAction.pong }) { $0.log = ["pong"] }
        await store.receive(case: { AppAction.socket(.pong) }) { $0.log.append("socket pong") }
        await store.receive(case: { AppAction.socket(.didClose(code: $0, reason: $1)) }) {
            $0.log.append("socket didClose(code: 1000, reason: \"bye\")")
        }
        await store.receive(case: { AppAction.socket(.didOpen(protocol: $0)) }) {
            $0.log.append("socket didOpen(protocol: nil)")
        }
        await store.finish()
    }

    @Test func onAPathToo() async {
        let store = TestStore(initialState: State(), reducer: Self.reducer)
        await store.root.child.dispatch(Bump()) { $0.child.count = 1 }
        await store.root.child.receive(case: { AppAction.pong }) { $0.log = ["pong"] }
        await store.root.child.dispatch(Bump()) { $0.child.count = 2 }
        await withKnownIssue {
            await store.root.child.receive(case: { AppAction.socket(.didClose(code: $0, reason: $1)) }, timeout: .zero)
        } matching: { issue in
            // The case named by its payload's type (no payload of it was received to name it by),
            // and what came instead.
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("(Int, String)") && text.contains("AppAction.pong")
        }
        store.exhaustivity = .off
        await store.finish()
    }

    @Test func anotherCaseWithoutPayloadFailsNamingBoth() async {
        let store = TestStore(initialState: State(), reducer: Self.reducer)
        await store.dispatch(AppAction.start)
        await withKnownIssue {
            await store.receive(case: { AppAction.ping }, timeout: .milliseconds(1))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("AppAction.ping") && text.contains("AppAction.pong")
        }
        store.exhaustivity = .off
        await store.finish()
    }

    /// A nested case without payload is not matched by its sibling, nor by its parent case.
    @Test func casesWithoutPayloadAreToldApart() {
        let ping: () -> AppAction = { .ping }
        let socketPong: () -> AppAction = { .socket(.pong) }
        let takingPing = EnumCase.taking(ping)
        let takingSocketPong = EnumCase.taking(socketPong)
        #expect(EnumCase.matches(AppAction.ping, takingPing))
        #expect(!EnumCase.matches(AppAction.pong, takingPing))
        #expect(EnumCase.matches(AppAction.socket(.pong), takingSocketPong))
        #expect(!EnumCase.matches(AppAction.pong, takingSocketPong))
        #expect(!EnumCase.matches(AppAction.socket(.didOpen(protocol: nil)), takingSocketPong))
        #expect(EnumCase.describe(takingSocketPong, given: []) == "AppAction.socket(.pong)")
    }

    /// Every message a user sees names an element's action as the docs do: `rows[id: 1]: …`.
    @Test func elementActionsAreNamedAsTheDocsShowThem() async {
        let row = ElementAction(path: "rows", id: 1, Bump())
        #expect(ValueDiff.describe(row) == "rows[id: 1]: Bump()")
        #expect(ValueDiff.describe(AppActionWrapper.row(row)) == "AppActionWrapper.row(rows[id: 1]: Bump())")
        let lines = ValueDiff.lines(
            from: ElementAction(path: "rows", id: 1, Moved(by: 2)), to: ElementAction(path: "rows", id: 1, Moved(by: 3))
        )
        #expect(lines.joined().contains("rows[id: 1]: Moved(by: 2)") && !lines.joined().contains("storage"))

        let reducer = Reducer<State>.commands(on: AppAction.self) { _, _ in .send(row) }
        let store = TestStore(initialState: State(), reducer: reducer)
        await store.dispatch(AppAction.start)
        await withKnownIssue {
            await store.receive(AppAction.self, timeout: .milliseconds(1))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("rows[id: 1]: Bump()") && !text.contains("storage")
        }
        let unreceived = TestStore(initialState: State(), reducer: reducer)
        await unreceived.dispatch(AppAction.start)
        await withKnownIssue {
            await unreceived.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("rows[id: 1]: Bump()") && !text.contains("Address")
        }
    }

    struct Moved: Action, Equatable { var by: Int }
    enum AppActionWrapper: Action { case row(ElementAction) }
}
