import Redux
import ReduxEffects
import ReduxTestSupport
import ReduxTesting
import Testing

@testable import Redux

/// Issue 37, point 4: an enum destination's case and a kind of stack screen reached by the case's
/// constructor (`Path.detail`), with no accessor written by hand — reducers (`ifLet(case:then:)`),
/// scopes (`scope(case:)`), test paths (`[case:]`), expectations (`[case:]` on optionals and
/// screens) and shared values (`.child(case:_:)`) — named and routed by the case.
@MainActor
struct CaseConstructorTests {
    struct Form: Equatable, Sendable {
        var title = ""
        var saves = 0
    }

    struct Detail: Equatable, Sendable {
        var name: String
        var ticks = 0
    }

    /// Two cases with one payload type: told apart by the case, never by the type.
    enum Destination: Equatable, Sendable {
        case add(Form)
        case edit(Form)
        case confirm(id: Int)
    }

    enum Path: Equatable, Sendable {
        case detail(Detail)
        case form(Form)
        case about
    }

    struct Screen: Equatable {
        var destination: Destination?
        var path = StackState<Path>()
        var saved: [String] = []
    }

    struct Save: Action, Equatable {}
    struct Rename: Action, Equatable { let title: String }
    struct StartTimer: Action {}
    struct PushForm: Action {}
    struct Show: Action { let destination: Destination?; var path: StackState<Path>? = nil }
    struct Tick: Action, Equatable {}

    static let form = Reducer<Form>.combine(
        .on(Save.self) { form, _ in form.saves += 1 },
        .on(Rename.self) { form, action in form.title = action.title }
    )

    static let destination = Reducer<Destination>.combine(
        Reducer<Destination> { _, _ in }.ifLet(case: Destination.add, then: form),
        Reducer<Destination> { _, _ in }.ifLet(case: Destination.edit, then: form)
    )

    static func detail(clock: TestClock) -> Reducer<Detail> {
        .combine(
            .commands(on: StartTimer.self) { _, _ in
                .run { send in
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        send(Tick())
                    }
                }
            },
            .on(Tick.self) { detail, _ in detail.ticks += 1 }
        )
    }

    static func screen(clock: TestClock = TestClock()) -> Reducer<Screen> {
        let path = Reducer<Path>.combine(
            Reducer<Path> { _, _ in }.ifLet(case: Path.detail, then: detail(clock: clock)),
            Reducer<Path> { _, _ in }.ifLet(case: Path.form, then: form)
        )
        return Reducer<Screen> { state, action in
            if action is PushForm { state.path.push(.form(Form())) }
            if let show = action as? Show {
                state.destination = show.destination
                if let path = show.path { state.path = path }
            }
            // The parent sees the child's action after the child, with the child's new state.
            if ElementAction.presented(action, at: \Screen.destination) is Save,
                let form = state.destination[case: Destination.edit]
            {
                state.saved.append(form.title)
            }
        }
        .ifLet(\.destination, then: destination)
        .forEach(\.path, destination: path)
    }

    @Test func aCaseIsReachedByItsConstructor() throws {
        let store = Store(initialState: Screen(destination: .edit(Form(title: "Draft"))), reducer: Self.screen())
        let edit = try #require(store.scope(ifPresent: \.destination)?.scope(case: Destination.edit))
        #expect(store.scope(ifPresent: \.destination)?.scope(case: Destination.add) == nil, "another case")
        edit.dispatch(Rename(title: "Final"))
        edit.dispatch(Save())
        #expect(store.destination == .edit(Form(title: "Final", saves: 1)))
        #expect(store.saved == ["Final"])
        #expect(edit.title == "Final", "the scope reads the case's payload")
    }

    @Test func anActionForOneCaseNeverReachesAnotherOfTheSameType() throws {
        let store = Store(initialState: Screen(destination: .edit(Form(title: "Draft"))), reducer: Self.screen())
        let edit = try #require(store.scope(ifPresent: \.destination)?.scope(case: Destination.edit))
        store.dispatch(Show(destination: .add(Form(title: "New"))))
        let warnings = Diagnostics.capture {
            // The edit sheet's scope, kept past its presentation: refused, nothing changes.
            edit.dispatch(Save())
            // An action addressed to the edit case while the add case is shown.
            store.dispatch(ElementAction(path: "destination", id: nil, ElementAction(path: ".edit", id: nil, Save())))
        }
        #expect(store.destination == .add(Form(title: "New")), "not delivered to .add")
        #if DEBUG
            #expect(warnings.contains { $0.contains(".edit") }, "the diagnostic names the case: \(warnings)")
        #endif
    }

    @Test func aCaseNamesItsActionsByTheCase() throws {
        let recorder = RecordingMiddleware<Screen>()
        let store = Store(
            initialState: Screen(destination: .add(Form())), reducer: Self.screen(), middleware: [recorder.middleware])
        store.scope(ifPresent: \.destination)?.scope(case: Destination.add)?.dispatch(Save())
        let sent = try #require(recorder.actions.last as? ElementAction)
        #expect(sent.path == "destination")
        #expect((sent.action as? ElementAction)?.path == ".add")
        #expect("\(sent)" == "destination: .add: Save()")
    }

    @Test func dismissingACaseClosesTheDestinationAndPopsTheScreen() throws {
        var state = Screen(destination: .add(Form()))
        let screen = state.path.push(.form(Form()))
        let store = Store(initialState: state, reducer: Self.screen())
        store.scope(ifPresent: \.destination)?.scope(case: Destination.add)?.dispatch(Dismiss())
        #expect(store.destination == nil)
        store.scope(\.path, id: screen)?.scope(\.state).scope(case: Path.form)?.dispatch(Dismiss())
        #expect(store.path.isEmpty)
    }

    @Test func workOfACaseEndsWhenTheStateLeavesTheCase() async throws {
        let clock = TestClock()
        var state = Screen()
        let screen = state.path.push(.detail(Detail(name: "A")))
        let store = Store(initialState: state, reducer: Self.screen(clock: clock))
        try #require(store.scope(\.path, id: screen)?.scope(\.state).scope(case: Path.detail)).dispatch(StartTimer())
        await clock.advance(by: .seconds(2))
        #expect(store.path[id: screen]?[case: Path.detail]?.ticks == 2)
        // The same screen shows another case: the detail's timer ends.
        var path = store.path
        path[id: screen]?.state = .about
        store.dispatch(Show(destination: nil, path: path))
        await eventually { store.effects.isEmpty }
        #expect(store.effects.isEmpty, "the timer ended with the case")
        await clock.advance(by: .seconds(2))
        #expect(store.path[id: screen]?.state == .about)
    }

    @Test func aCaseWithOneLabelledValueIsReached() {
        enum Labelled: Equatable, Sendable { case form(draft: Form), other }
        let reducer = Reducer<Labelled> { _, _ in }.ifLet(case: Labelled.form(draft:), then: Self.form)
        let store = Store(initialState: Labelled.form(draft: Form()), reducer: reducer)
        store.scope(case: Labelled.form(draft:))?.dispatch(Save())
        #expect(store.state == .form(draft: Form(saves: 1)))
        #expect(store.scope(case: Labelled.form(draft:)) != nil)
    }

    @Test func subscriptsReadAndWriteACase() {
        var destination: Destination? = .edit(Form(title: "A"))
        #expect(destination[case: Destination.edit]?.title == "A")
        #expect(destination[case: Destination.add] == nil)
        destination[case: Destination.edit]?.title = "B"
        #expect(destination == .edit(Form(title: "B")))
        destination[case: Destination.add] = nil  // another case: stays
        #expect(destination == .edit(Form(title: "B")))
        destination[case: Destination.edit] = nil
        #expect(destination == nil)
        destination[case: Destination.confirm] = 3
        #expect(destination == .confirm(id: 3))

        var path = StackState<Path>()
        let id = path.push(.detail(Detail(name: "A")))
        path[id: id]?[case: Path.detail]?.ticks = 4
        #expect(path[id: id]?.state == .detail(Detail(name: "A", ticks: 4)))
        #expect(path[id: id]?[case: Path.form] == nil)
        // Issue 45: a write through a case the screen does not show changes nothing (a debug
        // build names both cases); nil through the case it shows removes the screen.
        let warnings = Diagnostics.capture {
            path[id: id]?[case: Path.form] = Form(title: "F")
        }
        #expect(path[id: id]?.state == .detail(Detail(name: "A", ticks: 4)))
        #if DEBUG
            #expect(warnings.contains { $0.contains(".detail") && $0.contains("Form") }, "\(warnings)")
        #endif
        destination[case: Destination.add] = Form(title: "other case")  // .confirm shown: stays
        #expect(destination == .confirm(id: 3))
        let second = path.push(.form(Form(title: "G")))
        path[id: second]?[case: Path.detail] = nil  // another case: stays
        #expect(path.ids == [id, second])
        path[id: id]?[case: Path.detail] = nil
        #expect(path.ids == [second])
        path[id: second]?[case: Path.form] = nil
        #expect(path.isEmpty)
    }

    @Test func aTestPathMadeBeforeItsScreenIsShownNamesTheCaseWhenItIs() async throws {
        let store = TestStore(initialState: Screen(), reducer: Self.screen())
        let form = store.root.path[id: 0].state[case: Path.form]  // nothing pushed yet
        await store.dispatch(PushForm()) { $0.path.push(.form(Form())) }
        #expect("\(form.action(Save()))" == "path[id: #0]: .form: Save()")
        await form.dispatch(Save()) { $0.path[id: 0]?[case: Path.form]?.saves = 1 }
        await form.dispatch(Dismiss()) { $0.path = StackState() }
        // Learned once, kept: the path still names the case after the screen left.
        #expect("\(form.action(Save()))" == "path[id: #0]: .form: Save()")
    }

    @Test func aTestPathReachesACase() async throws {
        var state = Screen()
        state.path.push(.form(Form()))
        let store = TestStore(initialState: state, reducer: Self.screen())
        let screen = try #require(store.state.path.ids.first)
        let form = store.root.path[id: screen].state[case: Path.form]
        await form.dispatch(Rename(title: "T")) {
            $0.path[id: screen]?[case: Path.form]?.title = "T"
        }
        await form.dispatch(Dismiss()) {
            $0.path = StackState()
        }
        await store.finish()
    }
}

/// Issue 45: an enum that supplies its own `Mirror` hides its cases; a debug build says so.
@MainActor
struct CustomMirrorCaseTests {
    enum Masked: Equatable, Sendable, CustomReflectable {
        case secret(String)
        case other
        var customMirror: Mirror { Mirror(self, children: ["redacted": true]) }
    }

    @Test func anEnumWithItsOwnMirrorIsNamedInADebugBuild() {
        var value: Masked? = .secret("x")
        let warnings = Diagnostics.capture {
            #expect(value[case: Masked.secret] == nil)
            value[case: Masked.secret] = "y"
        }
        #if DEBUG
            #expect(warnings.contains { $0.contains("Masked") && $0.contains("CustomReflectable") }, "\(warnings)")
        #endif
        _ = warnings
    }
}

/// Issue 46: `[case:]` and `modify(case:)` on an enum state that is not optional (a root that is
/// logged in or out), as upstream's `$0.modify(\.login) { … }`.
@MainActor
struct EnumStateTests {
    struct Login: Equatable, Sendable { var email = "" }
    struct Main: Equatable, Sendable { var count = 0 }
    enum Root: Equatable, Sendable, EnumState {
        case login(Login)
        case main(Main)
    }

    @Test func aCaseOfAnEnumStateIsReadWrittenAndModified() {
        var root = Root.login(Login())
        #expect(root[case: Root.login] == Login())
        #expect(root[case: Root.main] == nil)
        root[case: Root.login]?.email = "ada@example.com"
        #expect(root == .login(Login(email: "ada@example.com")))
        root.modify(case: Root.login) { $0.email += "!" }
        #expect(root == .login(Login(email: "ada@example.com!")))
        let warnings = Diagnostics.capture {
            root.modify(case: Root.main) { $0.count = 1 }  // another case: nothing
            root[case: Root.main] = Main(count: 2)
            root[case: Root.login] = nil  // cannot be absent
        }
        #expect(root == .login(Login(email: "ada@example.com!")))
        #if DEBUG
            #expect(warnings.contains { $0.contains(".login") && $0.contains("Main") }, "\(warnings)")
        #endif
        _ = warnings
    }

    @Test func aTestStoresExpectedChangeModifiesTheCase() async {
        struct Typed: Action { let text: String }
        let reducer = Reducer<Root>.on(Typed.self) { root, action in
            root.modify(case: Root.login) { $0.email = action.text }
        }
        let store = TestStore(initialState: Root.login(Login()), reducer: reducer)
        await store.dispatch(Typed(text: "grace@example.com")) {
            $0.modify(case: Root.login) { $0.email = "grace@example.com" }
        }
    }

    /// A parent reads what the case it shows sent, in one line, and only from that case.
    @Test func aParentReadsWhatTheShownCaseSent() {
        struct LoggedIn: Action, Equatable { let email: String }
        struct LogOut: Action, Equatable {}
        let app = Reducer<Root> { root, action in
            if let sent = root.sent(action, by: Root.login) as? LoggedIn {
                root = .main(Main(count: sent.email.count))
            } else if root.sent(action, by: Root.main) is LogOut {
                root = .login(Login())
            }
        }
        .ifLet(case: Root.login, then: Reducer { _, _ in })
        .ifLet(case: Root.main, then: Reducer { _, _ in })
        let store = Store(initialState: Root.login(Login()), reducer: app)
        store.dispatch(LoggedIn(email: "ada"))  // not through the case: not "sent by" it
        #expect(store.state == .login(Login()))
        let login = store.scope(case: Root.login)
        login?.dispatch(LoggedIn(email: "ada"))
        #expect(store.state == .main(Main(count: 3)))
        Diagnostics.silencing { login?.dispatch(LoggedIn(email: "grace")) }  // the case is gone: nothing
        #expect(store.state == .main(Main(count: 3)))
        store.scope(case: Root.main)?.dispatch(LogOut())
        #expect(store.state == .login(Login()))
        // Sent to another case than the one shown: nil.
        let toMain = ElementAction(path: ".main", id: nil, LogOut())
        #expect(Root.login(Login()).sent(toMain, by: Root.main) == nil)
        #expect(Root.main(Main()).sent(toMain, by: Root.main) is LogOut)
        #expect(Root.main(Main()).sent(toMain, by: Root.login) == nil)
    }
}
