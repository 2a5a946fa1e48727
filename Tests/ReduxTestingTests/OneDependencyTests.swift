import Redux
import ReduxAsync
import ReduxEffects
import ReduxTestSupport
import ReduxTesting
import ReduxThunk
import Testing

/// Issue 24: the app's dependencies and error handler are given to the store once, and every effect
/// style — a command, an async action, a thunk — reads the same value and reports to the same handler.
@MainActor
struct OneDependencyTests {
    struct Clients: Sendable {
        var greeting: @Sendable (String) async throws -> String
    }

    struct Greeted: Action, Equatable { var text: String }
    struct FromCommand: Action {}

    struct FromAsyncAction: AsyncAction {
        func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> [String]) async throws {
            dispatch(Greeted(text: try await dependencies(Clients.self).greeting("async action")))
        }
    }

    static let fromThunk = AsyncThunk<[String], Clients, Void> { context in
        context.dispatch(Greeted(text: try await context.extra.greeting("thunk")))
    }

    static let reducer = Reducer<[String]>.combine(
        .commands(on: FromCommand.self) { _, _ in
            .run(using: Clients.self) { send, clients in send(Greeted(text: try await clients.greeting("command"))) }
        },
        .on(Greeted.self) { state, action in state.append(action.text) }
    )

    @Test func everyEffectStyleReadsTheDependenciesGivenToTheStore() async throws {
        let store = TestStore(
            initialState: [String](), reducer: Self.reducer, middleware: [asyncActionMiddleware(), thunkMiddleware()],
            dependencies: Clients(greeting: { "hello from the test double, \($0)" }))
        await store.dispatch(FromCommand())
        await store.receive(Greeted(text: "hello from the test double, command")) {
            $0 = ["hello from the test double, command"]
        }
        await store.dispatch(FromAsyncAction())
        await store.receive(Greeted(text: "hello from the test double, async action")) {
            $0.append("hello from the test double, async action")
        }
        await store.dispatch(Self.fromThunk)
        await store.receive(Greeted(text: "hello from the test double, thunk")) {
            $0.append("hello from the test double, thunk")
        }
        await store.finish()
    }

    @Test func errorsOfEveryStyleGoToTheStoresOneHandler() async {
        struct Offline: Error {}
        let errors = Log<String>()
        let store = Store(
            initialState: [String](), reducer: Self.reducer, middleware: [asyncActionMiddleware(), thunkMiddleware()],
            dependencies: Clients(greeting: { _ in throw Offline() }),
            onError: { error, action in errors.append("\(type(of: action)): \(error)") })
        store.dispatch(FromCommand())
        store.dispatch(FromAsyncAction())
        store.dispatch(Thunk<[String], Int> { _ in })  // its extra is not the store's dependencies
        await store.effects.waitForAll()
        #expect(store.state.isEmpty)
        #expect(
            errors.items.sorted() == [
                "FromAsyncAction: Offline()",
                "FromCommand: Offline()",
                "Thunk<Array<String>, Int>: Thunk<Array<String>, Int> asked for dependencies of type Int, but the "
                    + "store was given a Clients; pass them once: Store(initialState:reducer:middleware:dependencies:)",
            ])
    }
}
