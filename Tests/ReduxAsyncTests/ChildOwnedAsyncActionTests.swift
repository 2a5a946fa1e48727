import Redux
import ReduxTestSupport
import ReduxTesting
import Testing

@testable import ReduxAsync

/// SPEC §13: an async action dispatched through a presented child's scope belongs to the child:
/// dismissing the child cancels it, and what it would have dispatched afterwards is dropped.
@MainActor
struct ChildOwnedAsyncActionTests {
    struct Sheet: Equatable { var loaded: [String] = [] }
    struct Screen: Equatable {
        var sheet: Sheet?
        var log: [String] = []
    }

    struct Show: Action {}
    struct Loaded: Action { let items: [String] }

    struct Load: AsyncAction {
        let gate: Gate
        @MainActor
        func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> Screen) async throws {
            await gate.wait()
            dispatch(Loaded(items: ["late"]))
        }
    }

    static let reducer = Reducer<Screen> { state, action in
        if action is Show { state.sheet = Sheet() }
        if let loaded = action as? Loaded { state.log += loaded.items }
    }.ifLet(\.sheet, then: Reducer { _, _ in })

    @Test func dismissingTheChildCancelsTheAsyncActionItStarted() async throws {
        let store = Store(initialState: Screen(), reducer: Self.reducer, middleware: [asyncActionMiddleware()])
        store.dispatch(Show())
        let gate = Gate()
        let sheet = try #require(store.scope(ifPresent: \.sheet))
        sheet.dispatch(Load(gate: gate))
        #expect(store.effects.count == 1)
        sheet.dispatch(Dismiss())
        await gate.open()
        await store.effects.waitForAll()
        #expect(store.state.log.isEmpty)
        #expect(store.state.sheet == nil)
    }

    @Test func theSameActionFromTheParentIsNotTheChilds() async throws {
        let store = Store(initialState: Screen(), reducer: Self.reducer, middleware: [asyncActionMiddleware()])
        store.dispatch(Show())
        let gate = Gate()
        store.dispatch(Load(gate: gate))
        try #require(store.scope(ifPresent: \.sheet)).dispatch(Dismiss())
        await gate.open()
        await store.effects.waitForAll()
        #expect(store.state.log == ["late"])
    }

    struct Close: Action {}

    /// Issue 35 §1: a reducer outside the `ifLet` that dismisses the child (after it in a
    /// `combine`) ends the async action the child's scope started too.
    @Test func aChildDismissedByAReducerOutsideTheIfLetLosesItsAsyncAction() async throws {
        let closer = Reducer<Screen>.on(Close.self) { state, _ in state.sheet = nil }
        let store = Store(
            initialState: Screen(), reducer: .combine(Self.reducer, closer), middleware: [asyncActionMiddleware()])
        store.dispatch(Show())
        let gate = Gate()
        try #require(store.scope(ifPresent: \.sheet)).dispatch(Load(gate: gate))
        store.dispatch(Close())
        await gate.open()
        await store.effects.waitForAll()
        #expect(store.state.log.isEmpty, "what it would have dispatched afterwards is dropped")
    }

    struct Page: Identifiable, Equatable, Sendable {
        let id: Int
    }

    struct Pages: Equatable {
        var stack: IdentifiedArrayOf<Page> = [Page(id: 1)]
        var log: [String] = []
    }

    struct PopAll: Action {}

    struct LoadPage: AsyncAction {
        let gate: Gate
        @MainActor
        func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> Pages) async throws {
            await gate.wait()
            dispatch(Loaded(items: ["late"]))
        }
    }

    /// The same for a stack screen's scope, the screen popped by a reducer after the `forEach`.
    @Test func aScreenPoppedByAReducerOutsideTheForEachLosesItsAsyncAction() async throws {
        let pages = Reducer<Pages> { state, action in
            if let loaded = action as? Loaded { state.log += loaded.items }
        }.forEach(\.stack, element: Reducer<Page> { _, _ in })
        let store = Store(
            initialState: Pages(), reducer: .combine(pages, .on(PopAll.self) { state, _ in state.stack.removeAll() }),
            middleware: [asyncActionMiddleware()])
        let gate = Gate()
        try #require(store.scope(\.stack, id: 1)).dispatch(LoadPage(gate: gate))
        #expect(store.effects.count == 1)
        store.dispatch(PopAll())
        await gate.open()
        await store.effects.waitForAll()
        #expect(store.state.log.isEmpty, "what it would have dispatched afterwards is dropped")
    }
}
