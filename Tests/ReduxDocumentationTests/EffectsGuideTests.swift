// The code of docs/effects.md, kept compiling and checked.
import Foundation
import Redux
import ReduxAsync
import ReduxEffects
import ReduxTestSupport
import ReduxTesting
import ReduxThunk
import Testing

private struct User: Equatable, Sendable { var name: String }

private struct AuthClient: Sendable {
    var logIn: @Sendable (_ email: String, _ password: String) async throws -> User
}

private struct AppDependencies: Sendable {
    var auth: AuthClient
}

private struct LoginState: Equatable {
    var user: User?
    var isLoggingIn = false
    var error: String?
}

private struct LogIn: Action { var email: String; var password: String }
private struct LoggedIn: Action { var user: User }
private struct LoginFailed: Action { var message: String }
private struct CancelLogin: Action {}

private let loginReducer = Reducer<LoginState>.combine(
    .commands(on: LogIn.self) { state, action in
        guard !state.isLoggingIn else { return .none }  // one login at a time
        state.isLoggingIn = true
        state.error = nil
        return .run(using: AppDependencies.self) { send, dependencies in
            send(LoggedIn(user: try await dependencies.auth.logIn(action.email, action.password)))
        } catch: { error, send in
            send(LoginFailed(message: "\(error)"))
        }
        .cancellable(id: "login")
    },
    .commands(on: CancelLogin.self) { state, _ in
        state.isLoggingIn = false
        return .cancel(id: "login")
    },
    .on(LoggedIn.self) { state, action in
        state.isLoggingIn = false
        state.user = action.user
    },
    .on(LoginFailed.self) { state, action in
        state.isLoggingIn = false
        state.error = action.message
    }
)

@MainActor
private func makeLoginStore(dependencies: AppDependencies) -> Store<LoginState> {
    Store(initialState: LoginState(), reducer: loginReducer, dependencies: dependencies)
}

private struct SearchState: Equatable {
    var query = ""
    var results: [String] = []
}

private struct QueryChanged: Action { var query: String }
private struct SearchResults: Action { var results: [String] }

private func searchReducer(clock: any Clock<Duration>) -> Reducer<SearchState> {
    .combine(
        .commands(on: QueryChanged.self) { state, action in
            state.query = action.query
            guard !action.query.isEmpty else { return .cancel(id: "search") }
            return .run { send in
                send(SearchResults(results: ["\(action.query) 1", "\(action.query) 2"]))
            }
            .debounce(id: "search", for: .milliseconds(300), clock: clock)
        },
        .on(SearchResults.self) { state, action in state.results = action.results }
    )
}

private struct LoginTests {
    @Test @MainActor func logInSucceeds() async {
        let auth = AuthClient(logIn: { email, _ in User(name: email) })
        let store = TestStore(
            initialState: LoginState(), reducer: loginReducer,
            dependencies: AppDependencies(auth: auth))
        await store.dispatch(LogIn(email: "ada", password: "secret")) { $0.isLoggingIn = true }
        await store.receive(LoggedIn.self) {
            $0.isLoggingIn = false
            $0.user = User(name: "ada")
        }
        await store.finish()
    }

    @Test @MainActor func searchIsDebounced() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: SearchState(), reducer: searchReducer(clock: clock))
        await store.dispatch(QueryChanged(query: "sw")) { $0.query = "sw" }
        await store.dispatch(QueryChanged(query: "swift")) { $0.query = "swift" }
        await clock.advance(by: .milliseconds(300))  // only the last query is searched
        await store.receive(SearchResults.self) { $0.results = ["swift 1", "swift 2"] }
        await store.finish()
    }

    @Test func aReducerAlone() {
        var state = LoginState()
        let command = loginReducer.reduceWithCommands(&state, LogIn(email: "ada", password: "x"))
        #expect(state.isLoggingIn)
        #expect(!command.isNone)
        // Already logging in: no second login.
        #expect(loginReducer.reduceWithCommands(&state, LogIn(email: "ada", password: "x")).isNone)
    }
}

// Porting seed 000 (PokeMaster): the value-returning reducer and its command.

private enum AppAction: Action {
    case login(email: String, password: String)
    case accountBehaviorDone(result: Result<User, LoginError>)
}

private struct LoginError: Error, Equatable { var message: String }

private struct AppState: Equatable {
    var loginUser: User?
    var loginRequesting = false
    var loginError: LoginError?
}

private struct LoginAppCommand {
    let email: String
    let password: String

    var command: Command {
        .run(using: AppDependencies.self) { [email, password] send, dependencies in
            do {
                let user = try await dependencies.auth.logIn(email, password)
                send(AppAction.accountBehaviorDone(result: .success(user)))
            } catch {
                send(AppAction.accountBehaviorDone(result: .failure(LoginError(message: "\(error)"))))
            }
        }
    }
}

private let pokeMasterReducer = Reducer<AppState>.commands(returning: { state, action in
    var appState = state
    var appCommand: Command?
    switch action as? AppAction {
    case .login(let email, let password)?:
        guard !appState.loginRequesting else { break }
        appState.loginRequesting = true
        appCommand = LoginAppCommand(email: email, password: password).command
    case .accountBehaviorDone(let result)?:
        appState.loginRequesting = false
        switch result {
        case .success(let user): appState.loginUser = user
        case .failure(let error): appState.loginError = error
        }
    case nil:
        break
    }
    return (appState, appCommand)
})

// Porting seed 002 (Point-Free): a reducer returning an array of effects.

private struct CounterState: Equatable { var count = 0; var isPrime: Bool? }
private enum CounterAction: Action { case increment, primeChecked(Bool) }

private let counterReducer = Reducer<CounterState>.commands { state, action in
    var effects: [Command] = []
    switch action as? CounterAction {
    case .increment?:
        state.count += 1
        let count = state.count
        effects.append(.run { send in send(CounterAction.primeChecked(await isPrime(count))) })
    case .primeChecked(let isPrime)?:
        state.isPrime = isPrime
    case nil:
        break
    }
    return .merge(effects)
}

private func isPrime(_ number: Int) async -> Bool {
    number > 1 && (2..<number).allSatisfy { number % $0 != 0 }
}

// Seed 003's publisher-mapped effect: an AsyncSequence, iterated in `.run`.

private struct Tick: Action { var second: Int }
private struct StartTimer: Action {}

private let timerReducer = Reducer<[Int]>.combine(
    .commands(on: StartTimer.self) { _, _ in
        .run { send in
            let ticks = AsyncStream<Int> { continuation in
                for second in 1...3 { continuation.yield(second) }
                continuation.finish()
            }
            for await second in ticks { send(Tick(second: second)) }
        }
    },
    .on(Tick.self) { state, action in state.append(action.second) }
)

// MARK: Dependencies a reducer reads

private struct Note: Equatable, Identifiable, Sendable {
    let id: UUID
    var created: Date
}

private struct NotesDependencies: Sendable {
    var uuid: UUIDGenerator = .live
    var now: DateGenerator = .live
}

private struct NewNote: Action {}

private let newNoteReducer = Reducer<[Note]>.on(NewNote.self, using: NotesDependencies.self) { notes, _, dependencies in
    notes.append(Note(id: dependencies.uuid(), created: dependencies.now()))
}

@Test @MainActor func aNewNoteGetsAPredictableIdAndDate() async {
    let day = Date(timeIntervalSince1970: 86_400)
    let store = TestStore(
        initialState: [], reducer: newNoteReducer,
        dependencies: NotesDependencies(uuid: .incrementing, now: .constant(day)))
    await store.dispatch(NewNote()) { $0 = [Note(id: UUID(0), created: day)] }
    await store.dispatch(NewNote()) { $0.append(Note(id: UUID(1), created: day)) }
}

private struct DraftDependencies: FeatureDependencies {
    var uuid: UUIDGenerator
    var now: DateGenerator

    static var liveValue: Self { Self(uuid: .live, now: .live) }
    static var testValue: Self { Self(uuid: .incrementing, now: .constant(Date(timeIntervalSince1970: 0))) }
}

private struct Draft: Equatable, Identifiable, Sendable {
    let id: UUID
    var created: Date

    init() {
        let dependencies = DraftDependencies.current  // the reducer's, while a reducer calls this
        id = dependencies.uuid()
        created = dependencies.now()
    }
}

private struct NewDraft: Action {}

private let draftsReducer = Reducer<[Draft]>.on(NewDraft.self) { drafts, _ in drafts.append(Draft()) }

@Test @MainActor func aDraftIsMadeWithTheTestValues() async {
    let store = TestStore(initialState: [], reducer: draftsReducer)  // nothing given: the test value
    await store.dispatch(NewDraft()) { $0.append(Draft()) }  // the closure's Draft() reads the same values
    #expect(store.state.map(\.id) == [UUID(0)])
}

@MainActor
struct EffectsGuideTests {
    @Test func effectsGuide() async {
        let store = makeLoginStore(
            dependencies: AppDependencies(auth: AuthClient(logIn: { _, _ in throw LoginError(message: "nope") })))
        store.dispatch(LogIn(email: "ada", password: "wrong"))
        await store.effects.waitForAll()
        #expect(store.error == "LoginError(message: \"nope\")")

        let pokeMaster = Store(
            initialState: AppState(), reducer: pokeMasterReducer,
            dependencies: AppDependencies(auth: AuthClient(logIn: { email, _ in User(name: email) })))
        pokeMaster.dispatch(AppAction.login(email: "ash", password: "pikachu"))
        #expect(pokeMaster.loginRequesting)
        await pokeMaster.effects.waitForAll()
        #expect(pokeMaster.loginUser == User(name: "ash"))

        let counter = Store(initialState: CounterState(), reducer: counterReducer)
        counter.dispatch(CounterAction.increment)
        counter.dispatch(CounterAction.increment)
        await counter.effects.waitForAll()
        #expect(counter.state == CounterState(count: 2, isPrime: true))

        let timer = Store(initialState: [Int](), reducer: timerReducer)
        timer.dispatch(StartTimer())
        await timer.effects.waitForAll()
        #expect(timer.state == [1, 2, 3])
    }
}
