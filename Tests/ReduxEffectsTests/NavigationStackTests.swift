import Redux
import ReduxEffects
import ReduxTestSupport
import ReduxTesting
import Testing

/// SPEC §13: navigation stacks — generated identifiers, push and pop, a reducer and a scope per
/// screen, enum destinations through optional computed properties, and the work of popped screens.
@MainActor
struct NavigationStackTests {
    struct Detail: Equatable, Sendable {
        var name: String
        var ticks = 0
    }

    struct Edit: Equatable, Sendable {
        var draft = ""
    }

    /// The screens the stack can show, with one optional computed property per case.
    enum Path: Equatable, Sendable {
        case detail(Detail)
        case edit(Edit)

        var detail: Detail? {
            get { if case .detail(let state) = self { state } else { nil } }
            set { if let newValue { self = .detail(newValue) } }
        }

        var edit: Edit? {
            get { if case .edit(let state) = self { state } else { nil } }
            set { if let newValue { self = .edit(newValue) } }
        }
    }

    struct AppState: Equatable {
        var path = StackState<Path>()
    }

    struct Open: Action { let name: String }
    struct OpenEditor: Action {}
    struct PopToRoot: Action {}
    struct StartTimer: Action {}
    struct StopTimer: Action {}
    struct Tick: Action, Equatable {}
    struct TypeText: Action { let text: String }

    static func detailReducer(clock: TestClock) -> Reducer<Detail> {
        .combine(
            .commands(on: StartTimer.self) { _, _ in
                .run { send in
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        send(Tick())
                    }
                }
                .cancellable(id: "timer")
            },
            .commands(on: StopTimer.self) { _, _ in .cancel(id: "timer") },
            .on(Tick.self) { detail, _ in detail.ticks += 1 }
        )
    }

    static let editReducer = Reducer<Edit>.on(TypeText.self) { edit, action in edit.draft += action.text }

    static func reducer(clock: TestClock) -> Reducer<AppState> {
        let path = Reducer<Path>.combine(
            Reducer<Path> { _, _ in }.ifLet(\.detail, then: detailReducer(clock: clock)),
            Reducer<Path> { _, _ in }.ifLet(\.edit, then: editReducer)
        )
        return Reducer<AppState> { state, action in
            switch action {
            case let open as Open: state.path.push(.detail(Detail(name: open.name)))
            case is OpenEditor: state.path.push(.edit(Edit()))
            case is PopToRoot: state.path.removeAll()
            default: break
            }
        }
        .forEach(\.path, destination: path)
    }

    /// The scope of the detail screen with identifier `id`, as its view gets it.
    func detail(_ store: Store<AppState>, _ id: StackElementID) throws -> ScopedStore<Detail> {
        try #require(store.scope(\.path, id: id)?.scope(\.state).scope(ifPresent: \.detail))
    }

    @Test func pushPopAndIdentifiersThatAreNeverReused() {
        var path = StackState<Path>()
        let first = path.push(.detail(Detail(name: "a")))
        let second = path.push(.edit(Edit()))
        let third = path.push(.detail(Detail(name: "b")))
        #expect(first < second && second < third)
        path.pop(to: first)
        #expect(path.ids.map { $0 } == [first])
        let fourth = path.push(.detail(Detail(name: "c")))
        #expect(![first, second, third].contains(fourth))
        path.pop(from: first)
        #expect(path.isEmpty)
        #expect(path.popLast() == nil)
        path.push(.edit(Edit()))
        #expect(path.popLast()?.state == .edit(Edit()))
    }

    @Test func eachScreenIsReducedAndScopedByIdentifier() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer(clock: TestClock()))
        store.dispatch(Open(name: "a"))
        store.dispatch(OpenEditor())
        store.dispatch(Open(name: "b"))
        let ids = Array(store.state.path.ids)
        let editor = try #require(store.scope(\.path, id: ids[1])?.scope(\.state).scope(ifPresent: \.edit))
        editor.dispatch(TypeText(text: "hi"))
        editor.dispatch(TypeText(text: "!"))
        #expect(store.state.path[id: ids[1]]?.state == .edit(Edit(draft: "hi!")))
        try detail(store, ids[2]).dispatch(Tick())
        #expect(store.state.path[id: ids[2]]?.state == .detail(Detail(name: "b", ticks: 1)))
        #expect(store.state.path[id: ids[0]]?.state == .detail(Detail(name: "a")))
    }

    @Test func aScreenThatDismissesItselfIsPoppedWithTheScreensAboveIt() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer(clock: TestClock()))
        store.dispatch(Open(name: "a"))
        store.dispatch(Open(name: "b"))
        store.dispatch(Open(name: "c"))
        let ids = Array(store.state.path.ids)
        try detail(store, ids[1]).dispatch(Dismiss())
        #expect(store.state.path.ids.map { $0 } == [ids[0]])
    }

    @Test func twoScreensUsingOneCancellationIdAreIndependent() async throws {
        let clock = TestClock()
        let store = Store(
            initialState: AppState(), reducer: Self.reducer(clock: clock))
        store.dispatch(Open(name: "a"))
        store.dispatch(Open(name: "b"))
        let ids = Array(store.state.path.ids)
        try detail(store, ids[0]).dispatch(StartTimer())
        try detail(store, ids[1]).dispatch(StartTimer())
        await clock.advance(by: .seconds(1))
        try detail(store, ids[1]).dispatch(StopTimer())  // stops b's timer only
        await clock.advance(by: .seconds(2))
        #expect(store.state.path[id: ids[0]]?.state == .detail(Detail(name: "a", ticks: 3)))
        #expect(store.state.path[id: ids[1]]?.state == .detail(Detail(name: "b", ticks: 1)))
        // Popping every screen ends what is left.
        store.dispatch(PopToRoot())
        await store.effects.waitForAll()
        #expect(store.effects.isEmpty)
    }

    @Test func aScreenCannotCancelItsParentsWork() async throws {
        struct RootTimer: Action {}
        struct RootTick: Action {}
        let clock = TestClock()
        let reducer = Reducer<AppState>.combine(
            Self.reducer(clock: clock),
            .commands(on: RootTimer.self) { _, _ in
                .run { send in
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        send(RootTick())
                    }
                }
                .cancellable(id: "timer")
            }
        )
        let store = Store(initialState: AppState(), reducer: reducer)
        store.dispatch(RootTimer())
        store.dispatch(Open(name: "a"))
        let screen = try #require(store.state.path.ids.first)
        try detail(store, screen).dispatch(StopTimer())  // `.cancel(id: "timer")` from the screen
        #expect(store.effects.count == 1)
        #expect(store.effects.isRunning(id: "timer"), "the root's timer is not the screen's to cancel")
        store.effects.cancelAll()
        await store.effects.waitForAll()
    }

    @Test func theRootCancelsItsDescendantsWorkByIdentifier() async throws {
        struct StopAll: Action {}
        let clock = TestClock()
        let reducer = Reducer<AppState>.combine(
            Self.reducer(clock: clock),
            .commands(on: StopAll.self) { _, _ in .cancel(id: "timer") }
        )
        let store = Store(initialState: AppState(), reducer: reducer)
        store.dispatch(Open(name: "a"))
        store.dispatch(Open(name: "b"))
        for id in store.state.path.ids { try detail(store, id).dispatch(StartTimer()) }
        #expect(store.effects.count == 2)
        store.dispatch(StopAll())
        await store.effects.waitForAll()
        #expect(store.effects.isEmpty)
        #expect(store.state.path.count == 2, "the screens stay; their timers stopped")
    }

    @Test func poppingCancelsThePoppedScreensWork() async throws {
        let clock = TestClock()
        let store = TestStore(
            initialState: AppState(), reducer: Self.reducer(clock: clock))
        await store.dispatch(Open(name: "a")) { $0.path.push(.detail(Detail(name: "a"))) }
        let id = try #require(store.state.path.ids.first)
        await store.dispatch(ElementAction(\AppState.path, id: id, ElementAction(\Path.detail, id: nil, StartTimer())))
        await clock.advance(by: .seconds(1))
        await store.receive(ElementAction(\AppState.path, id: id, ElementAction(\Path.detail, id: nil, Tick()))) {
            $0.path[id: id]?.state = .detail(Detail(name: "a", ticks: 1))
        }
        await store.dispatch(PopToRoot()) { $0.path = StackState() }
        await clock.advance(by: .seconds(3))
        await store.finish()
    }

    @Test func elementActionsNameStoredAndComputedMembers() {
        #expect("\(ElementAction(\AppState.path, id: 7, Tick()))" == "path[id: 7]: Tick()")
        #expect("\(ElementAction(\Path.detail, id: nil, Tick()))" == "(NavigationStackTests.Detail): Tick()")
        #expect(ElementAction(\Path.detail, id: nil, Tick()) != ElementAction(\Path.edit, id: nil, Tick()))
    }

    @Test func anActionForAPoppedScreenChangesNothing() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer(clock: TestClock()))
        store.dispatch(Open(name: "a"))
        let id = try #require(store.state.path.ids.first)
        let screen = try detail(store, id)
        store.dispatch(PopToRoot())
        screen.dispatch(Tick())
        #expect(store.state.path.isEmpty)
    }

    @Test func pushingAndPoppingTenThousandScreensKeepsNothing() async throws {
        let clock = TestClock()
        let store = Store(
            initialState: AppState(), reducer: Self.reducer(clock: clock))
        weak var lastScreen: ScopedStore<Detail>?
        for index in 0..<10_000 {
            store.dispatch(Open(name: "\(index)"))
            let id = try #require(store.state.path.ids.last)
            let screen = try detail(store, id)
            lastScreen = screen
            screen.dispatch(StartTimer())
            screen.dispatch(Dismiss())
            await Task.yield()
        }
        await store.effects.waitForAll()
        #expect(lastScreen == nil)
        #expect(store.effects.isEmpty)
        #expect(store.state.path.isEmpty)
    }
}
