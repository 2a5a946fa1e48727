import Observation
import ReduxTestSupport
import Testing

@testable import Redux

/// SPEC §11: a scope per element of an identified array, invalidated only when that element
/// changes; the list of scopes only when identifiers change.
@MainActor
struct RowScopeTests {
    struct Item: Identifiable, Equatable {
        let id: Int
        var title: String
        var isDone = false
    }

    struct ListState: Equatable {
        var items: [Item] = (0..<20).map { Item(id: $0, title: "item \($0)") }
        var filter = ""
    }

    struct Retitle: Action {
        let id: Int
        let title: String
    }
    struct Append: Action { let id: Int }
    struct Remove: Action { let id: Int }
    struct Reverse: Action {}
    struct SetFilter: Action { let filter: String }

    static let reducer = Reducer<ListState>.combine(
        .on(Retitle.self) { state, action in
            if let index = state.items.firstIndex(where: { $0.id == action.id }) {
                state.items[index].title = action.title
            }
        },
        .on(Append.self) { state, action in state.items.append(Item(id: action.id, title: "new")) },
        .on(Remove.self) { state, action in state.items.removeAll { $0.id == action.id } },
        .on(Reverse.self) { state, _ in state.items.reverse() },
        .on(SetFilter.self) { state, action in state.filter = action.filter },
        Reducer<Item>.binding(only: [\.isDone]).forEach(\.items)
    )

    func track(_ read: @escaping @MainActor () -> Void) -> ObservationProbe {
        ObservationProbe.track(read)
    }

    func makeStore() -> Store<ListState> {
        Store(initialState: ListState(), reducer: Self.reducer)
    }

    @Test func aRowIsInvalidatedOnlyWhenItsElementChanges() throws {
        let store = makeStore()
        let rows = (0..<20).map { id in store.scope(\.items, id: id)! }
        let probes = rows.map { row in track { _ = row.title } }
        store.dispatch(Retitle(id: 7, title: "seven"))
        #expect(probes.map(\.changes) == (0..<20).map { $0 == 7 ? 1 : 0 })
        #expect(rows[7].title == "seven")
        // Nothing in the array changes: nobody is told.
        let again = rows.map { row in track { _ = row.state } }
        store.dispatch(SetFilter(filter: "x"))
        #expect(again.allSatisfy { $0.changes == 0 })
    }

    @Test func aRowScopesIdIsItsElementsIdentifierAndReadsNothing() {
        let store = makeStore()
        let rows = store.scopes(\.items)
        let probe = track { _ = rows.map(\.id) }
        store.dispatch(Retitle(id: 3, title: "three"))
        #expect(probe.changes == 0)
        #expect(rows[3].id == store.scope(\.items, id: 3)?.id)
        #expect(rows[3].id != rows[4].id)
        #expect(store.scope(\.filter).id != store.scope(\.items).id)
        #expect("\(rows[3].id)" == "3")
        #expect("\(store.scope(\.filter).id)" == "filter")
    }

    @Test func theSameIdentifierGivesTheSameRowWhileItIsHeld() throws {
        let store = makeStore()
        let row = try #require(store.scope(\.items, id: 3))
        #expect(store.scope(\.items, id: 3) === row)
        #expect(store.scope(\.items, id: 99) == nil)
    }

    @Test func rowsFollowTheirElementWhenTheArrayIsReordered() throws {
        let store = makeStore()
        let row = try #require(store.scope(\.items, id: 2))
        let probe = track { _ = row.title }
        store.dispatch(Reverse())
        // Moved, not changed.
        #expect(probe.changes == 0)
        #expect(row.title == "item 2")
        let after = track { _ = row.title }
        store.dispatch(Retitle(id: 2, title: "two"))
        #expect(after.changes == 1)
        #expect(row.title == "two")
    }

    @Test func aRemovedRowKeepsItsLastValueAndIsInvalidated() throws {
        let store = makeStore()
        let row = try #require(store.scope(\.items, id: 4))
        let probe = track { _ = row.title }
        store.dispatch(Remove(id: 4))
        #expect(probe.changes == 1)
        #expect(row.title == "item 4")
        #expect(row.state.id == 4)
    }

    @Test func theListOfRowsIsInvalidatedByIdentifiersNotByContent() {
        let store = makeStore()
        let list = track { _ = store.scopes(\.items) }
        store.dispatch(Retitle(id: 1, title: "one"))
        #expect(list.changes == 0)
        store.dispatch(Append(id: 100))
        #expect(list.changes == 1)
        let scopes = store.scopes(\.items)
        #expect(scopes.map(\.state.id) == Array(0..<20) + [100])
        let reordered = track { _ = store.scopes(\.items) }
        store.dispatch(Reverse())
        #expect(reordered.changes == 1)
    }

    @Test func rowsOfAScopedArrayWork() throws {
        struct App: Equatable { var list = ListState() }
        let store = Store(initialState: App(), reducer: Self.reducer.pullback(\App.list))
        let row = try #require(store.scope(\.list).scope(\.items, id: 5))
        let other = try #require(store.scope(\.list).scope(\.items, id: 6))
        let probe = track { _ = row.title }
        let otherProbe = track { _ = other.title }
        store.dispatch(Retitle(id: 5, title: "five"))
        #expect(probe.changes == 1)
        #expect(otherProbe.changes == 0)
    }

    @Test func aRowBindingSetsThatElementOnly() throws {
        let store = makeStore()
        let row = try #require(store.scope(\.items, id: 8))
        row.set(\.isDone, to: true)
        #expect(store.state.items.filter(\.isDone).map(\.id) == [8])
    }

    @Test func aRowSubscriptionFollowsItsElement() throws {
        let store = makeStore()
        let row = try #require(store.scope(\.items, id: 9))
        var titles: [String] = []
        let subscription = row.subscribe(to: \.title) { titles.append($0) }
        store.dispatch(Retitle(id: 1, title: "one"))
        store.dispatch(Retitle(id: 9, title: "nine"))
        #expect(titles == ["item 9", "nine"])
        subscription.cancel()
    }

    @Test func aPartOfARowIsObservedAsTheRow() throws {
        struct Tagged: Identifiable, Equatable {
            let id: Int
            var info = Info()
        }
        struct Info: Equatable { var text = "" }
        struct Edit: Action { let id: Int }
        struct Tags: Equatable { var all = [Tagged(id: 1), Tagged(id: 2)] }
        let store = Store(
            initialState: Tags(),
            reducer: .on(Edit.self) { state, action in state.all[action.id - 1].info.text = "edited" })
        let info = try #require(store.scope(\.all, id: 2)).scope(\.info)
        let probe = track { _ = info.text }
        store.dispatch(Edit(id: 1))
        #expect(probe.changes == 0)
        store.dispatch(Edit(id: 2))
        #expect(probe.changes == 1)
        #expect(info.text == "edited")
    }
}

/// Rows that come and go do not grow the store's tables without bound, and a released store's
/// state is freed once its scopes are.
@MainActor
struct RowScopeLifetimeTests {
    struct Item: Identifiable, Equatable {
        let id: Int
    }

    struct Results: Equatable {
        var items: [Item] = []
    }

    struct Show: Action { let ids: Range<Int> }

    @Test func rowsThatLeftTheListAreForgotten() {
        let store = Store(
            initialState: Results(),
            reducer: .on(Show.self) { state, action in state.items = action.ids.map(Item.init) })
        for page in 0..<50 {
            store.dispatch(Show(ids: (page * 10)..<(page * 10 + 10)))
            _ = store.scopes(\.items).map(\.state.id)
        }
        let watcher = store.core.collectionWatcher(at: \Results.items)
        #expect(watcher.rows.count <= 2 * 10 + 16)
    }

    struct Screen: Identifiable, Equatable, Sendable {
        let id: Int
        var payload: [Int]
    }

    struct Stack: Equatable {
        var screens: IdentifiedArrayOf<Screen> = []
    }

    struct PushScreens: Action { let count: Int }
    struct PopAll: Action {}

    /// Issue 35 §1: popped screens' entries — and the state each kept — go at the reduction that
    /// popped them, not when a row is next scoped.
    @Test func poppedScreensLeaveTheRowTableAtTheReductionThatPoppedThem() {
        let store = Store(
            initialState: Stack(),
            reducer: .combine(
                .on(PushScreens.self) { state, action in
                    for id in 0..<action.count { state.screens.append(Screen(id: id, payload: Array(0..<1_000))) }
                },
                .on(PopAll.self) { state, _ in state.screens.removeAll() }
            ))
        store.dispatch(PushScreens(count: 100))
        let watcher = store.core.identifiedWatcher(at: \Stack.screens)
        var screens = store.scopes(\.screens)  // as a NavigationStack reads them
        #expect(screens.count == 100)
        #expect(watcher.rows.count == 100)
        store.dispatch(PopAll())
        #expect(watcher.rows.count == 100, "a scope still held keeps its row's entry")
        screens = []
        #expect(watcher.rows.count == 0, "no entry keeps a popped screen's state")
        // Issue 45: a row scoped, its scope released, then popped: its entry goes with the scope.
        store.dispatch(PushScreens(count: 3))
        _ = store.scope(\.screens, id: 1)  // scoped only
        #expect(watcher.rows.count == 0)
        _ = store.scope(\.screens, id: 1)?.payload  // read: observed, so kept while it is shown
        #expect(watcher.rows.count == 1)
        store.dispatch(PopAll())
        #expect(watcher.rows.count == 0)
    }

    @Test func theStateIsFreedWhenTheStoreAndItsScopesAre() {
        weak var core: StoreCore<RowScopeTests.ListState>?
        do {
            let store = Store(initialState: RowScopeTests.ListState(), reducer: RowScopeTests.reducer)
            core = store.core
            let row = store.scope(\.items, id: 3)
            _ = row?.title
            _ = store.scopes(\.items)
            _ = store.scope(\.filter)
        }
        #expect(core == nil)
    }
}
