import Redux
import ReduxEffects
import Testing

@testable import ReduxTesting

/// Issue 38: sending and receiving a child's action by its path, one case of an enum whatever its
/// payload, and failures of nested actions that say where they differ.
@MainActor
struct TestStorePathsTests {
    struct Form: Equatable, Sendable { var title = "" }
    enum FormAction: Action, Equatable { case close }

    struct Detail: Equatable, Sendable {
        var title = ""
        var destination: Destination?

        enum Destination: Equatable, Sendable {
            case edit(Form)
            case confirm

            var edit: Form? {
                get { if case .edit(let form) = self { form } else { nil } }
                set { if let newValue { self = .edit(newValue) } }
            }
        }
    }

    enum DetailAction: Action, Equatable {
        case editTapped
        case saveTapped
        case delegate(Delegate)
        case renamed(String)

        enum Delegate: Equatable, Sendable { case saved(String), deleted }
    }

    struct List: Equatable, Sendable { var sheet: Form? }
    struct AppState: Equatable, Sendable {
        var list = List()
        var path = StackState<Detail>()
        var saved: [String] = []
    }

    enum AppAction: Action, Equatable {
        case loaded([String])
        case failed(reason: String)
        case reset
    }

    /// A non-`Equatable` action, which can be received by type only.
    struct Opaque: Action { var value: Int }

    static let form = Reducer<Form>.combine(
        .binding(),
        .commands(on: FormAction.self) { _, _ in .send(Dismiss()) }
    )

    static let detail = Reducer<Detail>.commands(on: DetailAction.self) { state, action in
        switch action {
        case .editTapped:
            state.destination = .edit(Form(title: state.title))
        case .saveTapped:
            guard case .edit(let form) = state.destination else { return .none }
            state.title = form.title
            state.destination = nil
            return .send(DetailAction.delegate(.saved(form.title)))
        case .delegate, .renamed:
            break
        }
        return .none
    }
    .ifLet(\.destination, then: Reducer<Detail.Destination> { _, _ in }.ifLet(\.edit, then: form))

    static let app = Reducer<AppState>.combine(
        Reducer<AppState> { state, action in
            if let screen = action as? ElementAction,
                case .delegate(.saved(let title))? = (screen.action as? DetailAction)
            {
                state.saved.append(title)
            }
            if case .loaded(let names)? = action as? AppAction { state.saved = names }
        }
        .forEach(\.path, destination: detail),
        Reducer<List> { _, _ in }.ifLet(\.sheet, then: form).pullback(\AppState.list)
    )

    func pushedDetail() -> (TestStore<AppState>, StackElementID) {
        var state = AppState()
        let id = state.path.push(Detail(title: "Design"))
        return (TestStore(initialState: state, reducer: Self.app), id)
    }

    @Test func aBindingInASheetInAPushedScreenIsSetByItsPath() async {
        let (store, screen) = pushedDetail()
        let detail = store.root.path[id: screen].state
        await detail.dispatch(DetailAction.editTapped) {
            $0.path[id: screen]?.state.destination = .edit(Form(title: "Design"))
        }
        await detail.destination.edit.set(\.title, to: "Product") {
            $0.path[id: screen]?.state.destination = .edit(Form(title: "Product"))
        }
        await detail.dispatch(DetailAction.saveTapped) {
            $0.path[id: screen]?.state = Detail(title: "Product")
        }
        await detail.receive(DetailAction.delegate(.saved("Product"))) { $0.saved = ["Product"] }
        await store.finish()
    }

    /// Issue 37, point 4: the same way through a case reached by its constructor, no accessor.
    @Test func aCaseIsReachedByItsConstructorOnAPath() async throws {
        let detail = Reducer<Detail>.commands(on: DetailAction.self) { state, action in
            if action == .editTapped { state.destination = .edit(Form(title: state.title)) }
            return .none
        }
        .ifLet(
            \.destination,
            then: Reducer<Detail.Destination> { _, _ in }.ifLet(case: Detail.Destination.edit, then: Self.form))
        var state = AppState()
        let screen = state.path.push(Detail(title: "Design"))
        let store = TestStore(
            initialState: state, reducer: Reducer<AppState> { _, _ in }.forEach(\.path, destination: detail))
        await store.root.path[id: screen].state.dispatch(DetailAction.editTapped) {
            $0.path[id: screen]?.state.destination = .edit(Form(title: "Design"))
        }
        let edit = store.root.path[id: screen].state.destination[case: Detail.Destination.edit]
        await edit.set(\.title, to: "Product") {
            $0.path[id: screen]?.state.destination[case: Detail.Destination.edit]?.title = "Product"
        }
        // What the path sends is what the view's scope sends.
        let recorded = RecordedActions()
        let real = probe(store.state, recorded)
        try #require(
            real.scope(\.path, id: screen)?.scope(\.state).scope(ifPresent: \.destination)?.scope(
                case: Detail.Destination.edit)
        ).dispatch(FormAction.close)
        #expect(recorded.actions.last as? ElementAction == edit.action(FormAction.close) as? ElementAction)
        #expect("\(edit.action(FormAction.close))".contains("destination: .edit: "))
        await edit.dispatch(FormAction.close)
        await edit.receive(Dismiss()) {
            $0.path[id: screen]?.state.destination = nil
        }
        await store.finish()
    }

    /// A store whose middleware keeps what reached it, as a real scope sent it.
    func probe(_ state: AppState, _ recorded: RecordedActions) -> Store<AppState> {
        Store(
            initialState: state, reducer: Reducer { _, _ in },
            middleware: [
                { _, _ in
                    { next in
                        { action in
                            recorded.actions.append(action); next(action)
                        }
                    }
                }
            ])
    }

    @Test func aPathWrapsAsTheStoresOwnScopesDo() throws {
        let (store, screen) = pushedDetail()
        let recorded = RecordedActions()
        let real = probe(store.state, recorded)
        try #require(real.scope(\.path, id: screen)?.scope(\.state)).dispatch(DetailAction.editTapped)
        let built = store.root.path[id: screen].state.action(DetailAction.editTapped)
        #expect(recorded.actions.last as? ElementAction == built as? ElementAction)
        // A plain member at the root is part of the element's path, as the store names it.
        var withSheet = AppState()
        withSheet.list.sheet = Form()
        probe(withSheet, recorded).scope(\.list).scope(ifPresent: \.sheet)?.dispatch(FormAction.close)
        let sheet = TestStore(initialState: withSheet, reducer: Self.app).root.list.sheet.action(FormAction.close)
        #expect((recorded.actions.last as? ElementAction)?.path == "list.sheet")
        #expect(recorded.actions.last as? ElementAction == sheet as? ElementAction)
        // An action a middleware handles is not wrapped, as a scope sends it.
        #expect(store.root.path[id: screen].state.action(Load(count: 1)) is Load)
    }

    @Test func whatAChildSentIsReceivedByItsPath() async {
        var state = AppState()
        state.list.sheet = Form()
        let store = TestStore(initialState: state, reducer: Self.app)
        await store.root.list.sheet.dispatch(FormAction.close)
        await store.root.list.sheet.receive(Dismiss()) { $0.list.sheet = nil }
        await store.finish()
    }

    @Test func sendingToAnAbsentChildFailsNamingThePath() async {
        let (store, screen) = pushedDetail()
        await withKnownIssue {
            await store.root.path[id: screen].state.destination.edit.set(\.title, to: "x")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "Cannot dispatch a binding of title at path[id: \(screen)].state.destination.(TestStorePathsTests.Form)"
            )
        }
        #expect(store.state.path[id: screen]?.state.destination == nil)
    }

    @Test func oneCaseWhateverItsPayload() async {
        let answering: Middleware<AppState> = { dispatch, _ in
            { next in
                { action in
                    next(action)
                    if case .reset? = action as? AppAction { dispatch(AppAction.loaded(["a", "b"])) }
                }
            }
        }
        let store = TestStore(initialState: AppState(), reducer: Self.app, middleware: [answering])
        await store.dispatch(AppAction.reset)
        await store.receive(case: AppAction.loaded) { $0.saved = ["a", "b"] }
        await store.dispatch(AppAction.reset)
        await withKnownIssue {
            await store.receive(case: AppAction.failed)  // another case of the same enum
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Expected to receive a case of AppAction")
        }
        #expect(EnumCase.matches(AppAction.failed(reason: "x"), AppAction.failed))
        #expect(!EnumCase.matches(AppAction.loaded([]), AppAction.failed))
        #expect(!EnumCase.matches(AppAction.reset, AppAction.failed))
        #expect(!EnumCase.matches(Opaque(value: 1), AppAction.failed))
    }

    @Test func aChildsCaseAndTypeAreReceivedByPath() async {
        let (store, screen) = pushedDetail()
        let detail = store.root.path[id: screen].state
        await detail.dispatch(DetailAction.editTapped) {
            $0.path[id: screen]?.state.destination = .edit(Form(title: "Design"))
        }
        await detail.dispatch(DetailAction.saveTapped) {
            $0.path[id: screen]?.state.destination = nil
        }
        await detail.receive(case: DetailAction.delegate) { $0.saved = ["Design"] }
        await detail.dispatch(DetailAction.editTapped) {
            $0.path[id: screen]?.state.destination = .edit(Form(title: "Design"))
        }
        await detail.dispatch(DetailAction.saveTapped) {
            $0.path[id: screen]?.state.destination = nil
        }
        await detail.receive(DetailAction.self) { $0.saved = ["Design", "Design"] }
        await store.finish()
    }

    @Test func aWrongNestedActionFailsWithTheDifferingField() async {
        let (store, screen) = pushedDetail()
        let detail = store.root.path[id: screen].state
        await detail.dispatch(DetailAction.editTapped) {
            $0.path[id: screen]?.state.destination = .edit(Form(title: "Design"))
        }
        await detail.dispatch(DetailAction.saveTapped) {
            $0.path[id: screen]?.state.destination = nil
        }
        // By the whole wrapped value, from the root: the failure walks down to the payload.
        let expected = ElementAction(\AppState.path, id: screen, DetailAction.delegate(.saved("Product")))
        await withKnownIssue {
            await store.receive(expected)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("at path[id: \(screen)]: action(delegate)(saved): \"Product\" → \"Design\"")
        }
        #expect(store.state.saved == ["Design"], "taken as received")
        await store.finish()
    }

    @Test func aWrongElementIsNamed() async {
        let (store, screen) = pushedDetail()
        await store.root.path[id: screen].state.dispatch(DetailAction.editTapped) {
            $0.path[id: screen]?.state.destination = .edit(Form(title: "Design"))
        }
        await store.root.path[id: screen].state.dispatch(DetailAction.saveTapped) {
            $0.path[id: screen]?.state.destination = nil
        }
        var other = AppState()
        other.path.push(Detail())
        let otherID = other.path.push(Detail())
        await withKnownIssue {
            await store.receive(ElementAction(\AppState.path, id: otherID, DetailAction.delegate(.saved("Design"))))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "at the root: for path[id: \(otherID)] → for path[id: \(screen)]")
        }
        await store.finish()
    }

    @Test func aNonEquatableActionInsideIsNamedAsTheCause() {
        let lhs = ElementAction(path: "path", id: 1, Opaque(value: 1))
        let rhs = ElementAction(path: "path", id: 1, Opaque(value: 1))
        #expect(lhs != rhs)
        #expect(
            ActionMismatch.explain(expected: lhs, received: rhs).contains("Opaque is not Equatable"))
    }

    @Test func bindingsAreEqualWhenTheySetTheSameMemberToEqualValues() {
        #expect(BindingAction(\Form.title, "a") == BindingAction(\Form.title, "a"))
        #expect(BindingAction(\Form.title, "a") != BindingAction(\Form.title, "b"))
        #expect(BindingAction(\Form.title, "a") == BindingAction(\Form.title, "a").redacted())
        #expect(BindingAction(\Detail.title, "a") != BindingAction(\Detail.title, "a", path: nil, elementID: 2))
    }

    enum Confirm: Action, Equatable { case delete }
    struct Confirming: Equatable, Sendable {
        var alert: AlertState<Confirm>? = AlertState(
            title: "Delete?", buttons: [.destructive("Delete", action: .delete), .cancel("Keep")])
        var deleted = false
    }

    /// Issue 37, point 3, as a test writes it: a button is sent through the alert's path.
    @Test func anAlertsButtonIsSentThroughItsPath() async {
        let reducer = Reducer<Confirming>.on(Confirm.self) { state, _ in state.deleted = true }.alert(\.alert)
        let store = TestStore(initialState: Confirming(), reducer: reducer)
        await store.root.alert.dispatch(Confirm.delete) {
            $0.alert = nil
            $0.deleted = true
        }
        let cancelled = TestStore(initialState: Confirming(), reducer: reducer)
        await cancelled.root.alert.dispatch(Dismiss()) { $0.alert = nil }
    }

    struct Close: Action, Equatable {}

    /// Issue 38's "any popFrom": a screen that dismisses itself is received as the stack's pop,
    /// whatever its identifier; a view's push and pop are sent as the stack's actions.
    @Test func aPopIsReceivedWhateverTheScreen() async {
        let reducer = Reducer<AppState> { _, _ in }
            .forEach(\.path, destination: Reducer<Detail>.commands(on: Close.self) { _, _ in .send(Dismiss()) })
        let store = TestStore(initialState: AppState(), reducer: reducer)
        await store.dispatch(StackAction<Detail>.push(Detail(title: "a"))) { $0.path.push(Detail(title: "a")) }
        let screen = store.state.path.ids[0]
        await store.root.path[id: screen].state.dispatch(Close())
        await store.root.path.receive(case: StackAction.popFrom) { $0.path.removeAll() }
        await store.dispatch(StackAction<Detail>.push(Detail(title: "b"))) { $0.path.push(Detail(title: "b")) }
        await store.dispatch(StackAction<Detail>.popFrom(id: store.state.path.ids[0])) { $0.path.removeAll() }
        await store.finish()
    }

    @Test func nestedDescriptionsNameEachElement() {
        let action = ElementAction(path: "path", id: 1, ElementAction(path: "(Form)", id: nil, FormAction.close))
        #expect(action.description == "path[id: 1]: (Form): FormAction.close")
    }
}

/// Actions a probe store's reducer saw.
@MainActor
final class RecordedActions {
    var actions: [any Action] = []
}
