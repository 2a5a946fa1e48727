import ReduxTestSupport
import Testing

@testable import Redux

/// Issue 37, point 5: the stack's own actions — push a screen, pop from one, a screen's action —
/// matched by a parent with one `case`, sent by a view.
@MainActor
struct StackActionTests {
    enum DetailFeature {
        struct State: Equatable, Sendable { var title = "" }
        enum Action: Redux.Action, Equatable { case rename(String), delegate(Delegate) }
        enum Delegate: Equatable, Sendable { case deleteRequested }
    }

    enum Screen: Equatable, Sendable {
        case detail(DetailFeature.State)
        case about

        var detail: DetailFeature.State? {
            get { if case .detail(let state) = self { state } else { nil } }
            set { if let newValue { self = .detail(newValue) } }
        }
    }

    struct App: Equatable, Sendable {
        var path = StackState<Screen>()
        var seen: [String] = []
    }

    static let detail = Reducer<DetailFeature.State>.on(DetailFeature.Action.self) { state, action in
        if case .rename(let title) = action { state.title = title }
    }

    /// The parent matches what happened to its stack with one `switch`.
    static let app = Reducer<App> { state, action in
        switch StackAction.of(action, at: \App.path) {
        case .element(let id, DetailFeature.Action.delegate(.deleteRequested) as DetailFeature.Action)?:
            state.seen.append("delete \(id)")
            state.path.pop(from: id)
        case .element(_, let detail as DetailFeature.Action)?:
            state.seen.append("detail \(detail)")
        case .popFrom?:
            state.seen.append("pop, \(state.path.count) on the stack")
        case .push?:
            state.seen.append("push, \(state.path.count) on the stack")
        case .element?, nil:
            break
        }
    }
    .forEach(\.path, destination: Reducer<Screen> { _, _ in }.ifLet(\.detail, then: detail))

    @Test func aViewPushesAndPops() throws {
        let store = Store(initialState: App(), reducer: Self.app)
        store.dispatch(StackAction<Screen>.push(.detail(DetailFeature.State(title: "a"))))
        store.dispatch(StackAction<Screen>.push(.about))
        #expect(store.state.path.map(\.state) == [.detail(DetailFeature.State(title: "a")), .about])
        let first = try #require(store.state.path.ids.first)
        store.dispatch(StackAction<Screen>.popFrom(id: first))  // the back button, two screens at once
        #expect(store.state.path.isEmpty)
        #expect(store.state.seen == ["push, 1 on the stack", "push, 2 on the stack", "pop, 2 on the stack"])
    }

    @Test func aParentMatchesAScreensActionWithOneCase() throws {
        var state = App()
        let id = state.path.push(.detail(DetailFeature.State()))
        let store = Store(initialState: state, reducer: Self.app)
        let detail = try #require(store.scope(\.path, id: id)?.scope(\.state).scope(ifPresent: \.detail))
        detail.dispatch(DetailFeature.Action.rename("b"))
        detail.dispatch(DetailFeature.Action.delegate(.deleteRequested))
        #expect(store.state.seen == ["detail rename(\"b\")", "delete \(id)"])
        #expect(store.state.path.isEmpty)
    }

    @Test func aScreensDismissIsAPop() throws {
        var state = App()
        let id = state.path.push(.detail(DetailFeature.State()))
        let store = Store(initialState: state, reducer: Self.app)
        try #require(store.scope(\.path, id: id)?.scope(\.state).scope(ifPresent: \.detail)).dispatch(Dismiss())
        #expect(store.state.seen == ["pop, 1 on the stack"])  // seen with the screen's last state
        #expect(store.state.path.isEmpty)
    }

    @Test func stackActionsAreEqualByWhatTheyDo() {
        var state = App()
        let id = state.path.push(.about)
        #expect(StackAction<Screen>.popFrom(id: id) == .popFrom(id: id))
        #expect(StackAction<Screen>.push(.about) != .popFrom(id: id))
        #expect(
            StackAction<Screen>.element(id: id, action: DetailFeature.Action.rename("a"))
                == .element(id: id, action: DetailFeature.Action.rename("a")))
        #expect(StackAction.of(Dismiss(), at: \App.path) == nil)
    }
}
