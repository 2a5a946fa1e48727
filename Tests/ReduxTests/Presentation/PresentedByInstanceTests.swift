import Testing

@testable import Redux

/// Issue 63 §4: what a presentation sent, by instance — a feature reacts to its alert's dismissal in
/// one line, a parent to one child's alert button in one line; the obvious match by type alone,
/// which never matches, is told in a debug build.
@MainActor
struct PresentedByInstanceTests {
    enum ChildAlert: Action, Equatable { case confirm }
    struct AskTapped: Action {}

    struct Child: Equatable {
        var alert: AlertState<ChildAlert>?
        var dismissed = 0
        var confirmed = 0
    }

    nonisolated static let question = AlertState<ChildAlert>(
        title: "Sure?", buttons: [.default("Yes", action: .confirm), .cancel("No")])

    static let child = Reducer<Child>.combine(
        .on(AskTapped.self) { state, _ in state.alert = question },
        .on(ChildAlert.self) { state, _ in state.confirmed += 1 },
        .on(\.alert, Dismiss.self) { state, _ in state.dismissed += 1 }
    ).alert(\.alert)

    struct Parent: Equatable {
        var left = Child()
        var right = Child()
        var log: [String] = []
    }

    static let parent = Reducer<Parent>.combine(
        .scope(\.left, child),
        .scope(\.right, child),
        .on(\.right.alert, ChildAlert.self) { state, action in state.log.append("right: \(action)") },
        Reducer { state, action in
            if action.sent(by: \Parent.left.alert) == ChildAlert.confirm { state.log.append("left: confirm") }
        }
    )

    @Test func aFeatureReactsToItsAlertsDismissalInOneLine() throws {
        let store = Store(initialState: Child(), reducer: Self.child)
        store.dispatch(AskTapped())
        let alert = try #require(store.alert)
        store.tap(alert.buttons[1], in: \.alert)
        #expect(store.dismissed == 1)
        #expect(store.alert == nil)
        #expect(store.confirmed == 0)
    }

    @Test func aParentReactsToOneChildsAlertButtonInOneLine() throws {
        let store = Store(initialState: Parent(), reducer: Self.parent)
        let right = store.scope(\.right)
        right.dispatch(AskTapped())
        #expect(store.right.alert != nil)
        #expect(store.left.alert == nil, "the other instance asked nothing")
        right.tap(try #require(right.alert).buttons[0], in: \.alert)
        #expect(store.right.confirmed == 1)
        #expect(store.left.confirmed == 0)
        #expect(store.log == ["right: confirm"])

        let left = store.scope(\.left)
        left.dispatch(AskTapped())
        left.tap(try #require(left.alert).buttons[0], in: \.alert)
        #expect(store.log == ["right: confirm", "left: confirm"])
        #expect(store.left.confirmed == 1)
    }

    struct Careless: Equatable {
        var child = Child()
        var heard = 0
    }

    @Test func matchingTheButtonByTypeAloneIsToldOnceNamingTheSpellingThatMatches() throws {
        let reducer = Reducer<Careless>.combine(
            .scope(\.child, Self.child),
            .on(ChildAlert.self) { state, _ in state.heard += 1 }
        )
        let store = Store(initialState: Careless(), reducer: reducer)
        let child = store.scope(\.child)
        child.dispatch(AskTapped())
        let alert = try #require(child.alert)
        let warnings = Diagnostics.capture { child.tap(alert.buttons[0], in: \.alert) }
        #expect(store.heard == 0)
        #expect(store.child.confirmed == 1)
        #if DEBUG
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("Reducer<Careless>.on(ChildAlert.self)") == true)
            #expect(warnings.first?.contains("Reducer<Careless>.on(\\.child.alert, ChildAlert.self)") == true)
        #endif
    }

    @Test func aRowsActionIsNotToldAsWrapped() {
        struct Row: Equatable, Identifiable {
            var id: Int
            var hits = 0
        }
        struct List: Equatable { var rows: IdentifiedArray<Int, Row> = [] }
        struct Hit: Action {}
        let reducer = Reducer<List>.on(Hit.self) { _, _ in }
            .forEach(\.rows, element: .on(Hit.self) { state, _ in state.hits += 1 })
        let store = Store(initialState: List(rows: [Row(id: 1)]), reducer: reducer)
        let warnings = Diagnostics.capture { store.scope(\.rows, id: 1)?.dispatch(Hit()) }
        #expect(store.rows[id: 1]?.hits == 1)
        #expect(warnings.isEmpty)
    }
}
