// The "after" code of docs/migrating.md, kept compiling and checked. (The "before" code belongs
// to the libraries it migrates from.)
import Redux
import ReduxAsync
import ReduxThunk
import Testing

private struct AppState: Equatable { var count = 0 }
private struct Increment: Action {}
private struct SetCount: Action { var count: Int }

private func fetchCount() async throws -> Int { 7 }

// Keep the old function as it is while migrating…
private func appReducer(state: AppState, action: any Action) -> AppState {
    var state = state
    switch action {
    case is Increment: state.count += 1
    case let set as SetCount: state.count = set.count
    default: break
    }
    return state
}
private let migratedReducer = Reducer<AppState>(returning: appReducer)

// …then move to in-place reducers, which never copy the state.
private let inPlaceReducer = Reducer<AppState>.combine(
    .on(Increment.self) { state, _ in state.count += 1 },
    .on(SetCount.self) { state, action in state.count = action.count }
)

private struct Load: AsyncAction {
    @MainActor
    func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> AppState) async throws {
        dispatch(SetCount(count: try await fetchCount()))
    }
}

@MainActor
private func makeStore() -> Store<AppState> {
    Store(initialState: AppState(), reducer: inPlaceReducer, middleware: [asyncActionMiddleware()])
}

@MainActor
private final class CounterScreen {
    private var subscription: Subscription?
    private(set) var label = ""

    func appear(store: Store<AppState>) {
        subscription = store.subscribe(to: \.count) { [weak self] count in self?.label = "\(count)" }
    }

    func disappear() {
        subscription = nil  // or subscription?.cancel()
    }
}

private struct API: Sendable { var count: @Sendable () async throws -> Int }

private let fetchCountThunk = AsyncThunk<AppState, API, Void> { context in
    context.dispatch(SetCount(count: try await context.extra.count()))
}

@MainActor
struct MigratingGuideTests {
    @Test func migratingGuide() async throws {
        var state = AppState()
        migratedReducer.reduce(&state, Increment())
        migratedReducer.reduce(&state, SetCount(count: 4))
        #expect(state.count == 4)

        let store = makeStore()
        store.dispatch(Load())
        await store.effects.waitForAll()
        #expect(store.count == 7)

        let screen = CounterScreen()
        screen.appear(store: store)
        store.dispatch(Increment())
        #expect(screen.label == "8")
        screen.disappear()
        store.dispatch(Increment())
        #expect(screen.label == "8")

        let thunks = Store(
            initialState: AppState(), reducer: inPlaceReducer,
            middleware: [thunkMiddleware()], dependencies: API(count: { 42 }))
        try await thunks.run(fetchCountThunk)
        #expect(thunks.count == 42)
    }
}

// MARK: ReSwift's pieces, one by one

private func reSwiftReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    if action is Increment { state.count += 1 }
    return state
}

private let adaptedReducer = Reducer<AppState>(returning: { state, action in
    reSwiftReducer(action: action, state: state)
})

@MainActor
private func skippingRepeats(_ store: Store<AppState>, render: @escaping @MainActor (AppState) -> Void)
    -> Subscription
{
    store.subscribe(to: \.self) { state in render(state) }
}

extension AppState {
    fileprivate var isEven: Bool { count % 2 == 0 }
}

@MainActor
private final class ParityLabel {
    private(set) var text = ""
    private var subscription: Subscription?

    func connect(_ store: Store<AppState>) {
        subscription = store.subscribe(to: \.isEven) { [weak self] isEven in self?.text = isEven ? "even" : "odd" }
    }
}

private let incrementIfSmall = Thunk<AppState, Void> { context in
    if context.state.count < 10 { context.dispatch(Increment()) }
}

private let loadCount = AsyncThunk<AppState, Void, Void> { context in
    let count = try await fetchCount()
    context.dispatch(SetCount(count: count))
}

@MainActor
private func tapped(dispatch: Dispatch) {
    dispatch(Increment())
}

@MainActor
private func incrementTwice(_ store: some StoreProtocol<AppState>) {
    store.dispatch(Increment())
    store.dispatch(Increment())
}

@Test @MainActor func reSwiftPiecesPortAsShown() async throws {
    let store = Store(
        initialState: AppState(), reducer: .combine(adaptedReducer, .on(SetCount.self) { $0.count = $1.count }),
        middleware: [thunkMiddleware()])
    var rendered: [Int] = []
    let whole = skippingRepeats(store) { rendered.append($0.count) }
    let label = ParityLabel()
    label.connect(store)
    #expect(label.text == "even")
    store.dispatch(Increment())
    #expect(label.text == "odd")
    store.dispatch(SetCount(count: 1))  // the same state again: skipped, as ReSwift skips repeats
    #expect(rendered == [0, 1])
    store.dispatch(incrementIfSmall)
    #expect(store.count == 2)
    tapped(dispatch: store.dispatch)
    incrementTwice(store)
    #expect(store.count == 5)
    try await store.run(loadCount)
    #expect(store.count == 7)
    #expect(rendered == [0, 1, 2, 3, 4, 5, 7])
    withExtendedLifetime(whole) {}
}
