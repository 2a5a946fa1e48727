// The code of docs/testing.md, kept compiling and run (its tests are this file's tests).
import Redux
import ReduxAsync
import ReduxEffects
import ReduxTesting
import Testing

private struct Counter: Equatable { var count = 0; var isLoading = false; var name = "" }
private struct Increment: Action {}
private struct Loaded: Action { var count: Int }

private let counterReducer = Reducer<Counter>.combine(
    .on(Increment.self) { state, _ in state.count += 1 },
    .on(Loaded.self) { state, action in
        state.count = action.count
        state.isLoading = false
    }
)

private struct Load: AsyncAction {
    var count: Int
    @MainActor
    func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> Counter) async throws {
        dispatch(Loaded(count: count))
    }
}

private let loadingReducer = Reducer<Counter>.combine(
    counterReducer,
    .on(Load.self) { state, _ in state.isLoading = true }
)

private enum AccountAction: Action, Equatable {
    case logIn(email: String)
    case loggedIn(name: String)
    case failed(reason: String)
}

private struct Account: Equatable { var name: String?; var error: String?; var isLoggingIn = false }

private let accountReducer = Reducer<Account> { state, action in
    guard let action = action as? AccountAction else { return }
    switch action {  // exhaustive: a new case is a compile error here, not a silent no-op
    case .logIn:
        state.isLoggingIn = true
    case .loggedIn(let name):
        state.isLoggingIn = false
        state.name = name
    case .failed(let reason):
        state.isLoggingIn = false
        state.error = reason
    }
}

private let fakeLogin: Middleware<Account> = { dispatch, _ in
    { next in
        { action in
            next(action)
            if case .logIn(let email)? = action as? AccountAction {
                dispatch(AccountAction.loggedIn(name: String(email.prefix { $0 != "@" })))
            }
        }
    }
}

struct TestingGuideTests {
    @Test @MainActor func loginReceivesTheExactCase() async {
        let store = TestStore(initialState: Account(), reducer: accountReducer, middleware: [fakeLogin])
        await store.dispatch(AccountAction.logIn(email: "ada@example.com")) { $0.isLoggingIn = true }
        await store.receive(AccountAction.loggedIn(name: "ada")) {
            $0.isLoggingIn = false
            $0.name = "ada"
        }
        await store.finish()
    }

    @Test func incrementAddsOne() {
        var state = Counter()
        counterReducer.reduce(&state, Increment())
        #expect(state.count == 1)
    }

    @Test @MainActor func loadingEndToEnd() async {
        let store = TestStore(initialState: Counter(), reducer: loadingReducer, middleware: [asyncActionMiddleware()])

        await store.dispatch(Load(count: 42)) {
            $0.isLoading = true  // what the dispatched action changed
        }
        await store.receive(Loaded.self) {  // what the async work dispatched later
            $0.count = 42
            $0.isLoading = false
        }
        await store.finish()  // no work left in flight, nothing unasserted
    }

    @Test @MainActor func outcomeOnly() async {
        let store = TestStore(initialState: Counter(), reducer: counterReducer, exhaustivity: .off)
        await store.dispatch(Increment())  // not asserted: fine
        await store.dispatch(Increment()) { $0.count = 2 }  // only `count` is checked
        await store.finish()
    }

    @Test @MainActor func recording() {
        let recorder = RecordingMiddleware<Counter>()
        let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [recorder.middleware])
        store.dispatch(Increment())
        store.dispatch(Loaded(count: 9))
        #expect(recorder.entries.map(\.state.count) == [1, 9])
    }
}

// MARK: Asynchronous work and time

private enum TimerAction: Action, Equatable { case start, stop, tick }
private struct Ticks: Equatable { var count = 0; var isRunning = false }

private func timerReducer(clock: some Clock<Duration>) -> Reducer<Ticks> {
    .commands { state, action in
        switch action as? TimerAction {
        case .start?:
            state.isRunning = true
            return .run { send in
                while true {
                    try await clock.sleep(for: .seconds(1))
                    send(TimerAction.tick)
                }
            }
            .cancellable(id: "timer")
        case .stop?:
            state.isRunning = false
            return .cancel(id: "timer")
        case .tick?:
            state.count += 1
            return .none
        case nil:
            return .none
        }
    }
}

@Test @MainActor func timerTicksOncePerSecond() async {
    let clock = TestClock()
    let store = TestStore(
        initialState: Ticks(), reducer: timerReducer(clock: clock))
    await store.dispatch(TimerAction.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(3))  // three periods: three ticks, in order
    await store.receive(TimerAction.tick) { $0.count = 1 }
    await store.receive(TimerAction.tick) { $0.count = 2 }
    await store.receive(TimerAction.tick) { $0.count = 3 }
    await store.dispatch(TimerAction.stop) { $0.isRunning = false }
    await store.finish()
}

// MARK: Exhaustive or not, for a block

@Test @MainActor func aStretchWithoutExhaustivity() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    await store.withExhaustivity(.off) {
        await store.dispatch(Increment())
        await store.dispatch(Increment())
    }
    store.assert { $0.count = 2 }  // exhaustive again: the whole change, stated once
    await store.finish()
}

// MARK: Dismissal, and clocks that do not care about time

private struct Timer: Equatable { var ticks = 0 }
private struct StartTimer: Action {}
private struct TimerTick: Action {}
private struct CloseTimer: Action {}

private func timerReducer(clock: any Clock<Duration>) -> Reducer<Timer> {
    .combine(
        .commands(on: StartTimer.self) { _, _ in
            .run { send in
                for await _ in clock.timer(interval: .seconds(1)) { send(TimerTick()) }
            }
        },
        .on(TimerTick.self) { state, _ in state.ticks += 1 },
        .commands(on: CloseTimer.self) { _, _ in .send(Dismiss()) }
    )
}

@Test @MainActor func theTimerEndsWhenTheFeatureDismissesItself() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer(), reducer: timerReducer(clock: clock))
    await store.dispatch(StartTimer())
    await clock.advance(by: .seconds(1))
    await store.receive(TimerTick.self) { $0.ticks = 1 }
    await store.dispatch(CloseTimer())
    await store.receive(Dismiss.self)
    #expect(store.isDismissed)
    await store.finish()  // the timer ended with the feature
}

// MARK: Errors of work

private struct Offline: Error {}
private struct LoadFeed: Action {}

private let feedReducer = Reducer<Counter>.commands(on: LoadFeed.self) { _, _ in
    .run { _ in throw Offline() }
}

@Test @MainActor func theFailurePathIsTestedLikeTheSuccessPath() async {
    let store = TestStore(initialState: Counter(), reducer: feedReducer)
    await store.dispatch(LoadFeed())
    await store.receiveError(Offline.self)
    await store.finish()
}

// MARK: Feature code that takes a store

// MARK: Sending and receiving through a path

private struct Draft: Equatable, Sendable { var title = "" }
private enum DraftAction: Action, Equatable { case submit, submitted(String) }

private struct Inbox: Equatable, Sendable {
    var compose: Draft?
    var sent: [String] = []
}

private let draftReducer = Reducer<Draft>.combine(
    .binding(),
    .commands(on: DraftAction.self) { state, action in
        guard action == .submit else { return .none }
        return .merge(.send(DraftAction.submitted(state.title)), .send(Dismiss()))
    }
)

private let inboxReducer = Reducer<Inbox> { state, action in
    if let sheet = action as? ElementAction, case .submitted(let title)? = sheet.action as? DraftAction {
        state.sent.append(title)
    }
}
.ifLet(\.compose, then: draftReducer)

@Test @MainActor func composingThroughTheSheetsPath() async {
    let store = TestStore(initialState: Inbox(compose: Draft()), reducer: inboxReducer)
    let compose = store.root.compose  // the sheet, as its view's scope sends
    await compose.set(\.title, to: "Hello") { $0.compose?.title = "Hello" }
    await compose.dispatch(DraftAction.submit)
    await compose.receive(case: DraftAction.submitted) { $0.sent = ["Hello"] }
    await compose.receive(Dismiss()) { $0.compose = nil }
    await store.finish()
}

private struct Profile: Equatable { var name = ""; var saves = 0 }
private struct AccountState: Equatable { var profile = Profile() }
private enum ProfileAction: Action, Equatable { case rename(String), save }

private let profileReducer = Reducer<AccountState> { state, action in
    switch action as? ProfileAction {
    case .rename(let name)?: state.profile.name = name
    case .save?: state.profile.saves += 1
    case nil: break
    }
}

/// Feature code: it knows its own part of the state only.
@MainActor
private func renameAndSave(_ store: some StoreProtocol<Profile>, to name: String) {
    store.dispatch(ProfileAction.rename(name))
    store.dispatch(ProfileAction.save)
}

@Test @MainActor func featureCodeRunsAgainstAScopeOfTheTestStore() async {
    let store = TestStore(initialState: AccountState(), reducer: profileReducer)
    renameAndSave(store.store.scope(\.profile), to: "Ada")
    await store.receive(ProfileAction.rename("Ada")) { $0.profile.name = "Ada" }
    await store.receive(ProfileAction.save) { $0.profile.saves = 1 }
    await store.finish()
}

// Dependencies that fail safe
private struct FactClient: Sendable {
    var fetch: @Sendable (Int) async throws -> String
    var count: @Sendable () -> Int

    static let unimplemented = FactClient(
        fetch: ReduxTesting.unimplemented("FactClient.fetch"),
        count: ReduxTesting.unimplemented("FactClient.count", placeholder: 0))
}

private struct FactDependencies: Sendable { var facts: FactClient }
private struct FactState: Equatable { var fact = "" }
private enum FactAction: Action, Equatable { case tapped(Int), answered(String) }

private let factReducer = Reducer<FactState>.commands(on: FactAction.self, using: FactDependencies.self) {
    state, action, dependencies in
    switch action {
    case .tapped(let number):
        return .run { send in send(FactAction.answered(try await dependencies.facts.fetch(number))) }
    case .answered(let fact):
        state.fact = fact
        return .none
    }
}

@Test @MainActor func aFactIsFetched() async {
    let store = TestStore(
        initialState: FactState(), reducer: factReducer, dependencies: FactDependencies(facts: .unimplemented)
    ) {
        $0.facts.fetch = { "\($0) is a good number" }  // the one endpoint this test expects
    }
    await store.dispatch(FactAction.tapped(7))
    await store.receive(FactAction.answered("7 is a good number")) { $0.fact = "7 is a good number" }
    await store.finish()
}

private struct QuoteClient: Sendable {
    var fetchQuote: @Sendable (Int) async throws -> String = ReduxTesting.unimplemented("QuoteClient.fetch(day:)")
    var countQuotes: @Sendable () -> Int = ReduxTesting.unimplemented("QuoteClient.count()", placeholder: 0)

    func fetch(day: Int) async throws -> String { try await fetchQuote(day) }
    func count() -> Int { countQuotes() }
}

private struct QuoteDependencies: FeatureDependencies {
    var quotes: QuoteClient

    static var liveValue: Self { Self(quotes: QuoteClient(fetchQuote: { "Quote of day \($0)" }, countQuotes: { 365 })) }
    static var testValue: Self { Self(quotes: QuoteClient()) }  // every endpoint fails the test if called
}

private struct QuoteState: Equatable { var quote = "" }
private enum QuoteAction: Action, Equatable { case tapped(Int), answered(String) }

private let quoteReducer = Reducer<QuoteState>.commands(on: QuoteAction.self, using: QuoteDependencies.self) {
    state, action, dependencies in
    switch action {
    case .tapped(let day):
        return .run { send in send(QuoteAction.answered(try await dependencies.quotes.fetch(day: day))) }
    case .answered(let quote):
        state.quote = quote
        return .none
    }
}

@Test @MainActor func aQuoteIsFetched() async {
    let store = TestStore(initialState: QuoteState(), reducer: quoteReducer) {
        (dependencies: inout QuoteDependencies) in dependencies.quotes.fetchQuote = { "Day \($0)" }
    }
    await store.dispatch(QuoteAction.tapped(7))
    await store.receive(QuoteAction.answered("Day 7")) { $0.quote = "Day 7" }
    await store.finish()
}

@Test @MainActor func aQuoteEndpointTheTestDidNotSetFailsIt() async {
    let store = TestStore(initialState: QuoteState(), reducer: quoteReducer)
    await withKnownIssue {
        await store.dispatch(QuoteAction.tapped(7))
        await store.receiveError(Unimplemented.self)  // and the endpoint threw, which the test receives
        await store.finish()
    } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("Unimplemented: QuoteClient.fetch(day:) was called")
    }
}

// MARK: - The Composable Architecture's spellings

private enum SessionState: Equatable, Sendable, EnumState {
    case signedOut(SignInForm)
    case signedIn(String)
}

private struct SignInForm: Equatable, Sendable {
    var email = ""
    var isSigningIn = false
}

private enum SignInAction: Action {
    case submit
    case response(Result<String, any Error>)
}

private struct SessionDependencies: Sendable {
    var signIn: @Sendable (String) async throws -> String
    var clock: any Clock<Duration>
}

private let signInReducer = Reducer<SignInForm>.combine(
    .binding(),
    .commands(on: SignInAction.self, using: SessionDependencies.self) { state, action, dependencies in
        switch action {
        case .submit:
            state.isSigningIn = true
            return .run { [email = state.email] send in
                do {
                    send(SignInAction.response(.success(try await dependencies.signIn(email))))
                } catch {
                    send(SignInAction.response(.failure(error)))
                }
            }
        case .response:
            state.isSigningIn = false
            return .none
        }
    }
)

private let sessionReducer = Reducer<SessionState> { state, action in
    if case .response(.success(let user))? = state.sent(action, by: SessionState.signedOut) as? SignInAction {
        state = .signedIn(user)
    }
}
.ifLet(case: SessionState.signedOut, then: signInReducer)

@Test @MainActor func signingIn() async {
    let store = TestStore(
        initialState: SessionState.signedOut(SignInForm()), reducer: sessionReducer,
        dependencies: SessionDependencies(
            signIn: ReduxTesting.unimplemented("SessionDependencies.signIn"),
            clock: UnimplementedClock(name: "SessionDependencies.clock"))
    ) {
        $0.signIn = { "\($0) ✓" }
    }
    let form = store.root[case: SessionState.signedOut]
    await form.set(\.email, to: "ada@example.com") {
        $0.modify(case: SessionState.signedOut) { $0.email = "ada@example.com" }
    }
    await form.dispatch(SignInAction.submit) {
        $0.modify(case: SessionState.signedOut) { $0.isSigningIn = true }
    }
    .finish()
    await form.receive(case: { SignInAction.response(.success($0)) }, "ada@example.com ✓") {
        $0 = .signedIn("ada@example.com ✓")
    }
}
