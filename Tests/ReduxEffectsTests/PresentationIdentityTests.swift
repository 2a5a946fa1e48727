import Redux
import ReduxEffects
import ReduxTestSupport
import Testing

@testable import Redux

/// Issue 35 §1: each presentation of a sheet has an identity its scope's actions carry. A view that
/// kept the scope of a dismissed sheet cannot drive the next one — even of the same case with equal
/// state, even in a pushed screen: its sends are no-ops with a diagnostic, its `send` returns at
/// once, and the work it would start never starts.
@MainActor
struct PresentationIdentityTests {
    /// Identified: a presentation's identity is more than its `id` (the same id presented again is
    /// another presentation), but telling the parent's new child from the dismissed one needs one.
    struct Sheet: Equatable, Sendable, Identifiable {
        var id = 1
        var ticks = 0
    }

    struct Screen: Equatable, Sendable {
        var sheet: Sheet?
    }

    struct AppState: Equatable, Sendable {
        var sheet: Sheet?
        var path = StackState<Screen>()
        var dismissals = 0
    }

    struct Present: Action {}
    struct Tick: Action {}
    struct Start: Action {}
    struct Push: Action {}
    struct PresentInScreen: Action { let id: StackElementID }

    final class Runs: @unchecked Sendable {  // only touched on the main actor
        var started = 0
    }

    static func reducer(runs: Runs, answerDismissWithAnother: Bool = false) -> Reducer<AppState> {
        let sheet = Reducer<Sheet>.combine(
            .on(Tick.self) { sheet, _ in sheet.ticks += 1 },
            .commands(on: Start.self) { _, _ in
                .run { _ in await MainActor.run { runs.started += 1 } }
            }
        )
        let screen = Reducer<Screen> { _, _ in }.ifLet(\.sheet, then: sheet)
        return Reducer<AppState> { state, action in
            switch action {
            case is Present: state.sheet = Sheet()
            case is Push: state.path.push(Screen())
            case let present as PresentInScreen: state.path[id: present.id]?.state.sheet = Sheet()
            case let element as ElementAction where element.action is Dismiss:
                state.dismissals += 1
                if answerDismissWithAnother { state.sheet = Sheet(id: 2) }
            default: break
            }
        }
        .ifLet(\.sheet, then: sheet)
        .forEach(\.path, destination: screen)
    }

    func capturingWarnings() -> (() -> [String], () -> Void) {
        let log = Log<String>()
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { log.append($0) }
        return ({ log.items }, { Diagnostics.sink = previous })
    }

    @Test func aDismissedSheetsScopeCannotDriveTheNextSheet() async throws {
        let (warnings, restore) = capturingWarnings()
        defer { restore() }
        let runs = Runs()
        let store = Store(initialState: AppState(), reducer: Self.reducer(runs: runs))
        store.dispatch(Present())
        let old = try #require(store.scope(ifPresent: \.sheet))
        old.dispatch(Tick())
        #expect(store.sheet?.ticks == 1)
        old.dispatch(Dismiss())
        #expect(store.sheet == nil)

        store.dispatch(Present())  // the same case, with state equal to the first sheet's
        let new = try #require(store.scope(ifPresent: \.sheet))
        #expect(new !== old, "another presentation, another scope")
        for _ in 0..<100 { old.dispatch(Tick()) }
        await old.send(Start())  // returns at once: nothing starts
        old.dispatch(Start())
        await store.effects.waitForAll()
        #expect(store.sheet == Sheet(), "the old scope changed nothing in the new sheet")
        #expect(runs.started == 0, "and started no work")
        #if DEBUG
            #expect(warnings().contains { $0.contains("whose presentation is over") && $0.contains("Tick") })
        #endif

        new.dispatch(Tick())
        await new.send(Start())
        #expect(store.sheet?.ticks == 1)
        #expect(runs.started == 1)
    }

    @Test func aSheetInAPushedScreenKeepsItsPresentationToo() async throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer(runs: Runs()))
        store.dispatch(Push())
        let id = try #require(store.path.ids.first)
        store.dispatch(PresentInScreen(id: id))
        let screen = try #require(store.scope(\.path, id: id)?.scope(\.state))
        let old = try #require(screen.scope(ifPresent: \.sheet))
        old.dispatch(Tick())
        #expect(store.path[id: id]?.state.sheet?.ticks == 1)
        old.dispatch(Dismiss())
        #expect(store.path[id: id]?.state.sheet == nil)
        store.dispatch(PresentInScreen(id: id))
        old.dispatch(Tick())
        #expect(store.path[id: id]?.state.sheet == Sheet())
        let new = try #require(screen.scope(ifPresent: \.sheet))
        new.dispatch(Tick())
        #expect(store.path[id: id]?.state.sheet?.ticks == 1)
    }

    /// A parent that answers a child's `Dismiss` by presenting another child keeps the new one.
    @Test func aParentThatAnswersDismissWithAnotherChildKeepsIt() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer(runs: Runs(), answerDismissWithAnother: true))
        store.dispatch(Present())
        try #require(store.scope(ifPresent: \.sheet)).dispatch(Dismiss())
        #expect(store.dismissals == 1)
        #expect(store.sheet == Sheet(id: 2), "the new child stays (it was set to nil anyway before)")
    }

    /// A `Dismiss` no presenter takes — dispatched to the store itself — says so.
    @Test func aDismissAtTheStoresRootSaysNothingWasDismissed() {
        let (warnings, restore) = capturingWarnings()
        defer { restore() }
        let store = Store(initialState: AppState(), reducer: Self.reducer(runs: Runs()))
        store.dispatch(Present())
        store.dispatch(Dismiss())
        #expect(store.sheet != nil)
        #if DEBUG
            #expect(warnings().contains { $0.contains("Dismiss was dispatched to a Store<AppState> itself") })
        #endif
    }

    final class Escaped: @unchecked Sendable {  // only touched on the main actor
        var send: Dispatch?
    }

    struct Keep: Action {}

    /// What a command's `send` sends after its work completed is dropped, with a diagnostic.
    @Test func aSendAfterTheWorkCompletedIsDroppedAndSaysSo() async {
        let escaped = Escaped()
        defer { escaped.send = nil }  // the kept send holds the store, which holds the reducer, which holds it
        let reducer = Reducer<AppState>.combine(
            .commands(on: Keep.self) { _, _ in .run { send in await MainActor.run { escaped.send = send } } },
            .on(Present.self) { state, _ in state.sheet = Sheet() }
        )
        let store = Store(initialState: AppState(), reducer: reducer)
        store.dispatch(Keep())
        await store.effects.waitForAll()
        // Captured after the await: tests on the main actor interleave at awaits, and the sink is global.
        let (warnings, restore) = capturingWarnings()
        defer { restore() }
        #expect(escaped.send != nil)
        escaped.send?(Present())
        #expect(store.sheet == nil, "the completed work's send changed nothing")
        #if DEBUG
            #expect(
                warnings().contains {
                    $0.contains(
                        "Present() was sent by a command's run after its work had completed (the work Keep() started")
                })
        #endif
    }

    final class Cancellations: @unchecked Sendable {  // only touched on the main actor
        var count = 0
    }

    struct Close: Action {}
    struct PopAll: Action {}

    /// A child whose `Start` starts work that runs until cancelled, and counts the cancellation.
    static func longRunning(_ cancellations: Cancellations) -> Reducer<Sheet> {
        .commands(on: Start.self) { _, _ in
            .run { _ in
                do {
                    try await Task.sleep(for: .seconds(3_600))
                } catch {
                    await MainActor.run { cancellations.count += 1 }
                }
            }
        }
    }

    /// Issue 35 §1: work ends whenever its child leaves the state, whoever removed it — a reducer
    /// before or after the `ifLet` in a `combine` too (it ran forever before).
    @Test(arguments: [false, true])
    func workEndsWhenAReducerOutsideTheIfLetDismissesTheChild(closerRunsFirst: Bool) async {
        let cancellations = Cancellations()
        let presenter = Reducer<AppState>.on(Present.self) { state, _ in state.sheet = Sheet() }
            .ifLet(\.sheet, then: Self.longRunning(cancellations))
        let closer = Reducer<AppState>.on(Close.self) { state, _ in state.sheet = nil }
        let store = Store(
            initialState: AppState(),
            reducer: closerRunsFirst ? .combine(closer, presenter) : .combine(presenter, closer))
        store.dispatch(Present())
        store.dispatch(ElementAction(path: "sheet", id: 1, Start()))
        #expect(store.effects.count == 1)
        store.dispatch(Close())
        await store.effects.waitForAll()
        #expect(cancellations.count == 1, "the dismissed child's work was cancelled")
    }

    /// The same for a stack screen removed by a reducer after the `forEach`.
    @Test func workEndsWhenAReducerOutsideTheForEachPopsTheScreen() async throws {
        let cancellations = Cancellations()
        let screen = Reducer<Screen> { _, _ in }.ifLet(\.sheet, then: Self.longRunning(cancellations))
        let stack = Reducer<AppState>.on(Push.self) { state, _ in state.path.push(Screen(sheet: Sheet())) }
            .forEach(\.path, destination: screen)
        let store = Store(
            initialState: AppState(),
            reducer: .combine(stack, .on(PopAll.self) { state, _ in state.path.removeAll() }))
        store.dispatch(Push())
        let id = try #require(store.path.ids.first)
        try #require(store.scope(\.path, id: id)?.scope(\.state)).dispatch(ElementAction(path: "sheet", id: 1, Start()))
        #expect(store.effects.count == 1)
        store.dispatch(PopAll())
        await store.effects.waitForAll()
        #expect(cancellations.count == 1, "the popped screen's work was cancelled")
    }

    struct Detail: Equatable, Sendable { var views = 0 }
    struct Edit: Equatable, Sendable { var draft = "" }
    struct Look: Action {}

    enum Kind: Equatable, Sendable {
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

    struct Screens: Equatable, Sendable {
        var path = StackState<Kind>()
    }

    /// An action built for one kind of stack screen, sent to a screen of another kind, says so;
    /// the one for the right kind is taken silently.
    @Test func anActionForAnotherKindOfScreenSaysSo() throws {
        let (warnings, restore) = capturingWarnings()
        defer { restore() }
        let kind = Reducer<Kind>.combine(
            Reducer<Kind> { _, _ in }.ifLet(\.detail, then: .on(Look.self) { detail, _ in detail.views += 1 }),
            Reducer<Kind> { _, _ in }.ifLet(\.edit, then: Reducer<Edit> { _, _ in })
        )
        var initial = Screens()
        let detailID = initial.path.push(.detail(Detail()))
        let editID = initial.path.push(.edit(Edit()))
        let store = Store(
            initialState: initial, reducer: Reducer<Screens> { _, _ in }.forEach(\.path, destination: kind))
        try #require(store.scope(\.path, id: detailID)).scope(\.state).dispatch(
            ElementAction(\Kind.detail, id: nil, Look()))
        #expect(store.path[id: detailID]?.state.detail?.views == 1)
        #expect(!warnings().contains { $0.contains("Look") })
        try #require(store.scope(\.path, id: editID)).scope(\.state).dispatch(
            ElementAction(\Kind.detail, id: nil, Look()))
        #expect(store.path[id: editID]?.state == .edit(Edit()))
        #if DEBUG
            #expect(
                warnings().contains {
                    $0.contains("Look was sent to the case (PresentationIdentityTests.Detail)")
                        && $0.contains("another case")
                }
            )
        #endif
    }

    struct Destinations: Equatable, Sendable {
        var destination: Kind?
    }

    struct ShowDetail: Action {}
    struct ShowEdit: Action {}

    /// An enum destination: the scope of its detail case, kept after the destination changed to
    /// the edit case and back to an equal detail, drives nothing.
    @Test func anEnumDestinationsCaseScopeBelongsToOnePresentation() throws {
        let kind = Reducer<Kind>.combine(
            Reducer<Kind> { _, _ in }.ifLet(\.detail, then: .on(Look.self) { detail, _ in detail.views += 1 }),
            Reducer<Kind> { _, _ in }.ifLet(\.edit, then: Reducer<Edit> { _, _ in })
        )
        let store = Store(
            initialState: Destinations(),
            reducer: Reducer<Destinations> { state, action in
                if action is ShowDetail { state.destination = .detail(Detail()) }
                if action is ShowEdit { state.destination = .edit(Edit()) }
            }.ifLet(\.destination, then: kind))
        store.dispatch(ShowDetail())
        let old = try #require(store.scope(ifPresent: \.destination)?.scope(ifPresent: \.detail))
        old.dispatch(Look())
        #expect(store.destination == .detail(Detail(views: 1)))
        store.dispatch(ShowEdit())
        store.dispatch(ShowDetail())  // the same case again, equal to the first
        old.dispatch(Look())
        #expect(store.destination == .detail(Detail()), "the old case scope drove nothing")
        let new = try #require(store.scope(ifPresent: \.destination)?.scope(ifPresent: \.detail))
        new.dispatch(Look())
        #expect(store.destination == .detail(Detail(views: 1)))
    }
}
