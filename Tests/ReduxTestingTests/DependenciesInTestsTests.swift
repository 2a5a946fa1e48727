import Foundation
import Redux
import ReduxEffects
import ReduxTesting
import Testing

/// Issue 46, "Dependencies that fail safe in tests": a test never runs a live or missing
/// dependency silently.
@MainActor
struct DependenciesInTestsTests {
    struct NumberClient: Sendable {
        var fetch: @Sendable (Int) async throws -> String
        var count: @Sendable () -> Int
        var log: @Sendable (String) -> Void

        static let unimplemented = NumberClient(
            fetch: ReduxTesting.unimplemented("NumberClient.fetch"),
            count: ReduxTesting.unimplemented("NumberClient.count", placeholder: 0),
            log: ReduxTesting.unimplemented("NumberClient.log"))
    }

    struct AppDependencies: Sendable { var numbers: NumberClient }

    struct Fact: Equatable, Sendable {
        var text = ""
        var count = 0
    }

    enum FactAction: Action, Equatable {
        case fetch(Int)
        case count
        case answer(String)
    }

    static let reducer = Reducer<Fact>.commands(on: FactAction.self, using: AppDependencies.self) {
        state, action, dependencies in
        switch action {
        case .fetch(let number):
            return .run { send in send(FactAction.answer(try await dependencies.numbers.fetch(number))) }
        case .count:
            state.count = dependencies.numbers.count()
        case .answer(let text):
            state.text = text
        }
        return .none
    }

    @Test func aTestSetsTheEndpointItExpectsInOneLine() async {
        let store = TestStore(
            initialState: Fact(), reducer: Self.reducer, dependencies: AppDependencies(numbers: .unimplemented)
        ) {
            $0.numbers.fetch = { "\($0) is a number" }
        }
        await store.dispatch(FactAction.fetch(42))
        await store.receive(FactAction.answer("42 is a number")) { $0.text = "42 is a number" }
        await store.finish()
        #expect(store.dependencies is AppDependencies, "a test reads the dependencies it gave")
    }

    @Test func anEndpointNobodySetFailsTheTestNamingIt() async {
        let store = TestStore(
            initialState: Fact(), reducer: Self.reducer, dependencies: AppDependencies(numbers: .unimplemented))
        await withKnownIssue {
            await store.dispatch(FactAction.count)  // count() returns its placeholder, 0, after failing
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Unimplemented: NumberClient.count")
        }
        #expect(store.state.count == 0)
        // A throwing endpoint fails the test and throws `Unimplemented`.
        await withKnownIssue {
            await #expect(throws: Unimplemented(endpoint: "NumberClient.fetch")) {
                try await NumberClient.unimplemented.fetch(1)
            }
            NumberClient.unimplemented.log("x")
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("NumberClient.fetch") || text.contains("NumberClient.log")
        }
    }

    @Test func aTestStoreGivenNoDependenciesFailsWhenAReducerAsksForThem() async {
        let store = TestStore(initialState: Fact(), reducer: Self.reducer)
        await withKnownIssue {
            await store.dispatch(FactAction.count)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Reducer<Fact>.commands(on: FactAction.self, using:)")
                && text.contains("AppDependencies") && text.contains("given none")
        }
        // Given another type: named too.
        let other = TestStore(initialState: Fact(), reducer: Self.reducer, dependencies: 42)
        await withKnownIssue {
            await other.dispatch(FactAction.count)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("given a Int")
        }
    }
}

/// Issue 46: modular apps — a feature module reads its own dependencies type, the app gives each
/// module its part; one reducer of a composition overrides a dependency; a test changes the
/// dependencies between two sends.
@MainActor
struct ModularDependenciesTests {
    // The game module: knows its own type only.
    struct GameDependencies: Sendable { var firstPlayer: @Sendable () -> String }
    struct Game: Equatable, Sendable { var player = ""; var announced = "" }
    enum GameAction: Action, Equatable { case start, announce(String) }
    static let game = Reducer<Game>.commands(on: GameAction.self, using: GameDependencies.self) {
        state, action, dependencies in
        switch action {
        case .start:
            state.player = dependencies.firstPlayer()
            return .run(using: GameDependencies.self) { send, dependencies in
                send(GameAction.announce("\(dependencies.firstPlayer()) starts"))
            }
        case .announce(let text):
            state.announced = text
            return .none
        }
    }

    // The login module.
    struct LoginDependencies: Sendable { var user: String }
    struct Login: Equatable, Sendable { var user = "" }
    struct LogIn: Action, Equatable {}
    static let login = Reducer<Login>.on(LogIn.self, using: LoginDependencies.self) { state, _, dependencies in
        state.user = dependencies.user
    }

    // The app: gives each module its part.
    struct AppDependencies: DependencyParts {
        var game: GameDependencies
        var login: LoginDependencies
        static let parts: [PartialKeyPath<AppDependencies> & Sendable] = [\.game, \.login]
    }
    struct App: Equatable, Sendable { var game = Game(); var login = Login() }
    static let app = Reducer<App>.combine(Self.game.pullback(\App.game), Self.login.pullback(\App.login))

    @Test func aModuleTestsAloneWithItsOwnType() async {
        let store = TestStore(
            initialState: Game(), reducer: Self.game, dependencies: GameDependencies(firstPlayer: { "X" }))
        await store.dispatch(GameAction.start) { $0.player = "X" }
        await store.receive(GameAction.announce("X starts")) { $0.announced = "X starts" }
        await store.finish()
    }

    @Test func theAppGivesEachModuleItsPart() async {
        let store = TestStore(
            initialState: App(), reducer: Self.app,
            dependencies: AppDependencies(
                game: GameDependencies(firstPlayer: { "O" }), login: LoginDependencies(user: "ada")))
        await store.dispatch(GameAction.start) { $0.game.player = "O" }
        await store.receive(GameAction.announce("O starts")) { $0.game.announced = "O starts" }
        await store.dispatch(LogIn()) { $0.login.user = "ada" }
        await store.finish()
    }

    // A feature holding a sub-feature gives it its part as the app gives the feature its own; a part
    // may be computed: a projection of one shared client into each module's type.
    struct SessionDependencies: DependencyParts {
        var user: String
        var login: LoginDependencies { LoginDependencies(user: user) }
        static let parts: [PartialKeyPath<SessionDependencies> & Sendable] = [\.login]
    }
    struct NestedAppDependencies: DependencyParts {
        var game: GameDependencies
        var session: SessionDependencies
        static let parts: [PartialKeyPath<NestedAppDependencies> & Sendable] = [\.game, \.session]
    }

    @Test func partsOfPartsAndComputedPartsAreFound() async {
        let store = TestStore(
            initialState: App(), reducer: Self.app,
            dependencies: NestedAppDependencies(
                game: GameDependencies(firstPlayer: { "O" }), session: SessionDependencies(user: "grace")))
        await store.dispatch(LogIn()) { $0.login.user = "grace" }
        await store.dispatch(GameAction.start) { $0.game.player = "O" }
        await store.receive(GameAction.announce("O starts")) { $0.game.announced = "O starts" }
        await store.finish()
    }

    @Test func oneReducerOfACompositionOverridesADependencyForItsWorkToo() async {
        let app = Reducer<App>.combine(
            Self.game.dependency(\GameDependencies.firstPlayer, { "Z" }).pullback(\App.game),
            Self.login.pullback(\App.login))
        let store = TestStore(
            initialState: App(), reducer: app,
            dependencies: AppDependencies(
                game: GameDependencies(firstPlayer: { "O" }), login: LoginDependencies(user: "ada")))
        await store.dispatch(GameAction.start) { $0.game.player = "Z" }
        await store.receive(GameAction.announce("Z starts")) { $0.game.announced = "Z starts" }
        await store.finish()
        #expect((store.dependencies as? AppDependencies)?.game.firstPlayer() == "O", "the store's are unchanged")
    }

    @Test func aTestChangesTheDependenciesBetweenTwoSends() async {
        let store = TestStore(initialState: Login(), reducer: Self.login, dependencies: LoginDependencies(user: "ada"))
        await store.dispatch(LogIn()) { $0.user = "ada" }
        store.updateDependencies { (dependencies: inout LoginDependencies) in dependencies.user = "grace" }
        await store.dispatch(LogIn()) { $0.user = "grace" }
        store.dependencies = LoginDependencies(user: "alan")
        await store.dispatch(LogIn()) { $0.user = "alan" }
        // A test store given none can be given some later: its reducers read them from then on.
        let none = TestStore(initialState: Login(), reducer: Self.login)
        none.dependencies = LoginDependencies(user: "x")
        await none.dispatch(LogIn()) { $0.user = "x" }
    }
}

/// Issue 46: an identifier drawn in a test's expected-state closure is the one the reduction drew —
/// it does not advance the generator the reducer reads, so the next action's identifier is the
/// next one.
@MainActor
struct GeneratedValuesInExpectationsTests {
    struct ItemDependencies: Sendable { var uuid: UUIDGenerator }
    struct Item: Equatable, Sendable { var id: UUID }
    struct Items: Equatable, Sendable { var items: [Item] = [] }
    struct Add: Action {}
    static let reducer = Reducer<Items>.on(Add.self, using: ItemDependencies.self) { state, _, dependencies in
        state.items.append(Item(id: dependencies.uuid()))
    }

    @Test func anIdentifierDrawnInTheClosureIsTheReductionsOwn() async {
        let dependencies = ItemDependencies(uuid: .incrementing)
        let store = TestStore(initialState: Items(), reducer: Self.reducer, dependencies: dependencies)
        await store.dispatch(Add()) { $0.items.append(Item(id: dependencies.uuid())) }
        await store.dispatch(Add()) { $0.items.append(Item(id: dependencies.uuid())) }
        #expect(store.state.items.map(\.id) == [UUID(0), UUID(1)], "the closures did not advance the count")
    }
}
