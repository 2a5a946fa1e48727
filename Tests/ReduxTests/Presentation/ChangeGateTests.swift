import ReduxTestSupport
import Testing

@testable import Redux

/// A presented `Equatable` child's scope, and a stack screen's, check their presentation and
/// presence only after the actions that changed the child (its `==`) or the stack (its version):
/// what an app's other actions skip. What they skip must be exactly what could not have ended a
/// presentation or changed a presence.
@MainActor
struct ChangeGateTests {
    struct Sheet: Equatable, Sendable, Identifiable {
        var id: Int
        var ticks = 0
    }

    struct Screen: Equatable, Sendable {
        var sheet: Sheet?
    }

    struct AppState: Equatable, Sendable {
        var count = 0
        var sheet: Sheet?
        var path = StackState<Screen>()
        var feature = Screen()
    }

    struct Show: Action { let id: Int? }
    struct Count: Action {}
    struct Tick: Action {}
    struct Push: Action {}
    struct ShowInFeature: Action { let id: Int }
    struct ReplaceScreen: Action {
        let id: StackElementID
        let sheet: Int
    }

    static let reducer = Reducer<AppState>.combine(Self.app, Self.screen.pullback(\AppState.feature))

    static let app = Reducer<AppState> { state, action in
        switch action {
        case let show as Show: state.sheet = show.id.map { Sheet(id: $0) }
        case is Count: state.count += 1
        case is Push: state.path.push(Screen())
        case let show as ShowInFeature: state.feature.sheet = Sheet(id: show.id)
        case let replace as ReplaceScreen: state.path[id: replace.id]?.state = Screen(sheet: Sheet(id: replace.sheet))
        default: break
        }
    }
    .ifLet(\.sheet, then: .on(Tick.self) { sheet, _ in sheet.ticks += 1 })
    .forEach(\.path, destination: Self.screen)

    static let screen = Reducer<Screen> { _, _ in }.ifLet(
        \.sheet, then: .on(Tick.self) { sheet, _ in sheet.ticks += 1 })

    /// The presence watcher's gate forgets nothing while it is disarmed: a child replaced while
    /// nobody observed, then put back to the one the gate saw last, is still a change for the
    /// observer that read the other one.
    @Test func aViewReadingTheSheetAgainSeesItReplacedByTheOneBefore() {
        let store = Store(initialState: AppState(sheet: Sheet(id: 1)), reducer: Self.reducer)
        var probe = ObservationProbe.track { _ = store.scope(ifPresent: \.sheet) }
        store.dispatch(Count())
        #expect(probe.changes == 0)  // the sheet left equal: nothing to redraw
        store.dispatch(Show(id: 2))
        #expect(probe.changes == 1)
        store.dispatch(Show(id: 3))  // nobody observes: the member is disarmed
        probe = ObservationProbe.track { _ = store.scope(ifPresent: \.sheet) }
        store.dispatch(Show(id: 2))  // back to the sheet the gate compared last
        #expect(probe.changes == 1)
        #expect(store.scope(ifPresent: \.sheet)?.state == Sheet(id: 2))
    }

    /// A scope's presentation outlives the actions that leave its sheet equal or change only its
    /// content, and ends with the first that replaces it, however many came between.
    @Test func aSheetsPresentationEndsAtTheActionThatReplacesIt() throws {
        let store = Store(initialState: AppState(sheet: Sheet(id: 1)), reducer: Self.reducer)
        let scope = try #require(store.scope(ifPresent: \.sheet))
        for _ in 0..<3 { store.dispatch(Count()) }
        scope.dispatch(Tick())
        #expect(store.sheet == Sheet(id: 1, ticks: 1))
        store.dispatch(Show(id: 1))  // the same identity, other content: the same presentation
        scope.dispatch(Tick())
        #expect(store.sheet == Sheet(id: 1, ticks: 1))
        store.dispatch(Show(id: 2))
        for _ in 0..<3 { store.dispatch(Count()) }
        scope.dispatch(Tick())
        #expect(store.sheet == Sheet(id: 2))
        store.dispatch(Show(id: nil))
        store.dispatch(Show(id: 1))  // equal to the first sheet, presented again: another presentation
        scope.dispatch(Tick())
        #expect(store.sheet == Sheet(id: 1))
    }

    /// A screen's sheet: its presentation is checked after the actions that renewed the stack,
    /// and ends when the screen is replaced, after actions that left the stack alone.
    @Test func aScreensSheetPresentationEndsWhenTheScreenIsReplaced() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        store.dispatch(Push())
        let id = try #require(store.path.ids.first)
        store.dispatch(ReplaceScreen(id: id, sheet: 9))
        let sheet = try #require(store.scope(\.path, id: id)?.scope(\.state).scope(ifPresent: \.sheet))
        for _ in 0..<3 { store.dispatch(Count()) }
        sheet.dispatch(Tick())
        #expect(store.path[id: id]?.state.sheet == Sheet(id: 9, ticks: 1))
        store.dispatch(ReplaceScreen(id: id, sheet: 9))  // the same sheet, its content reset: still shown
        sheet.dispatch(Tick())
        #expect(store.path[id: id]?.state.sheet == Sheet(id: 9, ticks: 1))
        store.dispatch(ReplaceScreen(id: id, sheet: 8))  // another sheet
        for _ in 0..<3 { store.dispatch(Count()) }
        sheet.dispatch(Tick())
        #expect(store.path[id: id]?.state.sheet == Sheet(id: 8))
    }

    /// A feature's sheet, reached through the feature's member scope (a feature module's view holds
    /// `store.scope(\.feature)`): compared with its own `==` as a sheet of the store's state is.
    @Test func aFeaturesSheetPresentationEndsAtTheActionThatReplacesIt() throws {
        let store = Store(initialState: AppState(), reducer: Self.reducer)
        store.dispatch(ShowInFeature(id: 1))
        let feature = store.scope(\.feature)
        let sheet = try #require(feature.scope(ifPresent: \.sheet))
        var probe = ObservationProbe.track { _ = feature.scope(ifPresent: \.sheet) }
        for _ in 0..<3 { store.dispatch(Count()) }
        #expect(probe.changes == 0)
        sheet.dispatch(Tick())
        #expect(store.feature.sheet == Sheet(id: 1, ticks: 1))
        #expect(probe.changes == 0)  // the same sheet: its presence is unchanged
        probe = ObservationProbe.track { _ = feature.scope(ifPresent: \.sheet) }
        store.dispatch(ShowInFeature(id: 2))
        #expect(probe.changes == 1)
        for _ in 0..<3 { store.dispatch(Count()) }
        sheet.dispatch(Tick())
        #expect(store.feature.sheet == Sheet(id: 2))
        try #require(feature.scope(ifPresent: \.sheet)).dispatch(Tick())
        #expect(store.feature.sheet == Sheet(id: 2, ticks: 1))
    }

    final class Token: Sendable {}

    struct HeldSheet: Identifiable, Equatable, Sendable {
        var id: Int
        var token: Token?

        static func == (lhs: HeldSheet, rhs: HeldSheet) -> Bool { lhs.id == rhs.id && lhs.token === rhs.token }
    }

    struct Holder: Equatable, Sendable {
        var sheet: HeldSheet?
    }

    struct Replace: Action { let sheet: HeldSheet? }

    /// The presence watcher's gate keeps the child it compared last only while a view observes:
    /// a sheet dismissed while nobody observed is released (issue 45's rule for popped screens).
    @Test func aSheetDismissedWhileNobodyObservesIsReleased() {
        weak var second: Token?
        let store = Store(
            initialState: Holder(sheet: HeldSheet(id: 1, token: Token())),
            reducer: Reducer<Holder>.on(Replace.self) { state, replace in state.sheet = replace.sheet })
        let probe = ObservationProbe.track { _ = store.scope(ifPresent: \.sheet) }
        do {
            let token = Token()
            second = token
            store.dispatch(Replace(sheet: HeldSheet(id: 2, token: token)))  // observed: disarms the watcher
        }
        #expect(probe.changes == 1)
        store.dispatch(Replace(sheet: nil))  // nobody observes now
        #expect(second == nil)
    }
}
