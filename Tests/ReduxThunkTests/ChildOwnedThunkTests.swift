import Redux
import ReduxTestSupport
import Testing

@testable import ReduxThunk

/// SPEC §13: a thunk dispatched through a presented child's scope belongs to the child: dismissing
/// the child cancels its work, and what it would dispatch afterwards is dropped.
@MainActor
struct ChildOwnedThunkTests {
    struct Sheet: Equatable {}
    struct Screen: Equatable {
        var sheet: Sheet?
        var log: [String] = []
    }

    struct Show: Action {}
    struct Logged: Action { let text: String }

    static let reducer = Reducer<Screen> { state, action in
        if action is Show { state.sheet = Sheet() }
        if let logged = action as? Logged { state.log.append(logged.text) }
    }.ifLet(\.sheet, then: Reducer { _, _ in })

    func load(_ gate: Gate) -> AsyncThunk<Screen, Void, Void> {
        AsyncThunk { context in
            await gate.wait()
            context.dispatch(Logged(text: "late"))
        }
    }

    @Test func dismissingTheChildCancelsItsThunk() async throws {
        let store = Store(initialState: Screen(), reducer: Self.reducer, middleware: [thunkMiddleware()])
        store.dispatch(Show())
        let sheet = try #require(store.scope(ifPresent: \.sheet))
        let gate = Gate()
        sheet.dispatch(load(gate))
        #expect(store.effects.count == 1)
        sheet.dispatch(Dismiss())
        await gate.open()
        await store.effects.waitForAll()
        #expect(store.state.log.isEmpty)
    }

    @Test func theParentsThunkOutlivesTheChild() async throws {
        let store = Store(initialState: Screen(), reducer: Self.reducer, middleware: [thunkMiddleware()])
        store.dispatch(Show())
        let gate = Gate()
        store.dispatch(load(gate))
        try #require(store.scope(ifPresent: \.sheet)).dispatch(Dismiss())
        await gate.open()
        await store.effects.waitForAll()
        #expect(store.state.log == ["late"])
    }
}
