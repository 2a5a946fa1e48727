import Foundation
import Redux
import ReduxEffects
import Testing

/// Issue 45: nothing popped stays reachable — screens pushed, given work, sent actions through
/// their scopes and popped in every way leave no state behind (a tracker in each screen's state
/// counts the copies alive).
@MainActor
struct PoppedScreensTests {
    final class Tracker: Sendable {
        static let alive = Counter()
        init() { Self.alive.add(1) }
        deinit { Self.alive.add(-1) }
    }

    final class Counter: @unchecked Sendable {  // guarded by the lock
        private let lock = NSLock()
        private var value = 0
        func add(_ delta: Int) { lock.withLock { value += delta } }
        var count: Int { lock.withLock { value } }
    }

    struct Page: Sendable, Equatable {
        var tracker = Tracker()
        var opened = 0
        static func == (lhs: Page, rhs: Page) -> Bool { lhs.tracker === rhs.tracker && lhs.opened == rhs.opened }
    }

    struct Sheet: Sendable, Equatable {
        var tracker = Tracker()
        static func == (lhs: Sheet, rhs: Sheet) -> Bool { lhs.tracker === rhs.tracker }
    }

    enum Route: Sendable, Equatable {
        case page(Page)
        case other(Page)
    }

    struct App: Sendable, Equatable {
        var path = StackState<Route>()
        var sheet: Sheet?
    }

    enum PageAction: Action { case open, close }
    struct SheetTapped: Action {}

    static let page = Reducer<Page>.commands(on: PageAction.self) { page, action in
        switch action {
        case .open:
            page.opened += 1
            return .run { _ in try await Task.sleep(for: .seconds(3_600)) }
        case .close:
            return .send(Dismiss())
        }
    }

    static let reducer = Reducer<App>.on(SheetTapped.self) { state, _ in state.sheet = Sheet() }
        .forEach(
            \.path,
            destination: .combine(
                Reducer<Route> { _, _ in }.ifLet(case: Route.page, then: page),
                Reducer<Route> { _, _ in }.ifLet(case: Route.other, then: page)
            )
        )
        .ifLet(\.sheet, then: Reducer<Sheet> { _, _ in })

    @Test func poppedScreensAndDismissedChildrenLeaveNoStateBehind() async throws {
        let baseline = Tracker.alive.count
        var store: Store<App>? = Store(initialState: App(), reducer: Self.reducer)
        Diagnostics.silencing { cycles(store) }
        func cycles(_ store: Store<App>?) {
            for cycle in 0..<60 {
                guard let live = store else { break }
                live.dispatch(StackAction<Route>.push(.page(Page())))
                live.dispatch(StackAction<Route>.push(.other(Page())))
                live.dispatch(StackAction<Route>.push(.page(Page())))
                for id in live.state.path.ids {
                    let screen = live.scope(\.path, id: id)?.scope(\.state)
                    screen?.scope(case: Route.page)?.dispatch(PageAction.open)
                    screen?.scope(case: Route.other)?.dispatch(PageAction.open)
                    live.dispatch(StackAction<Route>.element(id: id, action: PageAction.open))
                }
                live.dispatch(SheetTapped())
                live.scope(ifPresent: \.sheet)?.dispatch(Dismiss())
                let ids = live.state.path.ids
                switch cycle % 3 {
                case 0: live.dispatch(StackAction<Route>.popFrom(id: ids[1]))  // pop by id: two go
                case 1:
                    live.scope(\.path, id: ids[2])?.scope(\.state).scope(case: Route.page)?.dispatch(PageAction.close)
                default: break
                }
                live.dispatch(StackAction<Route>.popFrom(id: live.state.path.ids[0]))  // pop to root
                #expect(live.state.path.isEmpty && live.state.sheet == nil)
            }
        }
        // Cancelled work ends on its own tasks: give them the time to.
        for _ in 0..<200 where Tracker.alive.count != baseline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(Tracker.alive.count == baseline, "popped screens' or dismissed sheets' states stay alive")
        store = nil
        #expect(Tracker.alive.count == baseline)
    }
}
