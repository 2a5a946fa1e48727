import ReduxTestSupport
import Testing

@testable import Redux

/// A store keeps, between actions, the versions and the collections its shared values live in
/// (`SharedValuesTracker`) instead of copying the state before each action. These tests hold it to
/// what the copy gave: the same states, action after action, as the reducer reconciled against a
/// copy of the state before (`Reducer.reconcilingSharedValues()`, what `TestStore`, replay and undo
/// run), over generated sequences that edit copies, owned values and other members in one action,
/// and put back collections from earlier states.
private struct Item: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

private enum Page: Equatable, Sendable {
    case detail(Detail)
    case other(Int)

    struct Detail: Equatable, Sendable {
        var item: Item
        var taps = 0
    }
}

private struct Tag: Identifiable, Equatable, Sendable {
    let id: Int
    var name: String
}

private struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var item: Item
    var isSelected = false
    /// A copy of a second kind of shared value in the same rows: two entries, one collection.
    var tag: Tag?
}

private struct Catalog: Equatable, Sendable, SharedValues {
    var items: IdentifiedArrayOf<Item> = [Item(id: 0, title: "zero"), Item(id: 1, title: "one")]
    var path = StackState<Page>()
    var rows = IdentifiedArrayOf<Row>()
    var tags: IdentifiedArrayOf<Tag> = [Tag(id: 0, name: "red"), Tag(id: 1, name: "blue")]
    var count = 0

    static var sharing: [Sharing<Catalog>] {
        [
            .values(of: \.items, in: \.path, at: .child(case: Page.detail, \.item)),
            .values(of: \.items, inElements: \.rows, at: .member(\.item)),
            .values(of: \.tags, inElements: \.rows, at: .optional(\.tag)),
        ]
    }
}

private enum Step: Action {
    case tick
    case push(id: Int, title: String)
    case pushOther
    case pop
    /// Edits the copy shown by the screen at `screen` (an index into the stack, wrapped).
    case editScreen(screen: Int, title: String)
    /// Two screens edit their copies in one action (the later screen's edit wins when they show
    /// one value).
    case editTwoScreens(first: Int, second: Int, title: String)
    /// A screen and a row edit their copies in one action.
    case editScreenAndRow(screen: Int, row: Int, title: String)
    /// A row takes a tag (a copy of the tags' value), or edits its copy, or the tags rename one.
    case tagRow(row: Int, tag: Int)
    case renameTagInRow(row: Int, name: String)
    case renameTag(id: Int, name: String)
    /// Changes what the screen at `screen` holds besides its copy.
    case tapScreen(screen: Int)
    case renameInList(id: Int, title: String)
    /// The list renames a value and a screen changes another member, in one action.
    case renameAndTap(id: Int, screen: Int, title: String)
    /// The list renames a value and a screen edits its copy of it, in one action.
    case renameAndEdit(id: Int, screen: Int, listTitle: String, screenTitle: String)
    case addItem(id: Int)
    case deleteItem(id: Int)
    case addRow(id: Int)
    case editRow(id: Int, title: String)
    case selectRow(id: Int)
    /// Puts back the list as it was in an earlier state: an older version, no new stamp.
    case restoreItems(IdentifiedArrayOf<Item>)
    /// Puts back the stack as it was in an earlier state.
    case restorePath(StackState<Page>)
}

private let catalogReducer = Reducer<Catalog> { state, action in
    guard let step = action as? Step else { return }
    func screenID(_ index: Int) -> StackElementID? {
        state.path.isEmpty ? nil : state.path.ids[index % state.path.count]
    }
    func editDetail(_ index: Int, _ edit: (inout Page.Detail) -> Void) {
        guard let id = screenID(index), case .detail(var detail) = state.path[id: id]?.state else { return }
        edit(&detail)
        state.path[id: id]?.state = .detail(detail)
    }
    switch step {
    case .tick: state.count += 1
    case .push(let id, let title): state.path.push(.detail(Page.Detail(item: Item(id: id, title: title))))
    case .pushOther: state.path.push(.other(state.count))
    case .pop: _ = state.path.popLast()
    case .editScreen(let screen, let title): editDetail(screen) { $0.item.title = title }
    case .tapScreen(let screen): editDetail(screen) { $0.taps += 1 }
    case .editTwoScreens(let first, let second, let title):
        editDetail(first) { $0.item.title = title + "1" }
        editDetail(second) { $0.item.title = title + "2" }
    case .editScreenAndRow(let screen, let row, let title):
        editDetail(screen) { $0.item.title = title + "s" }
        if !state.rows.isEmpty { state.rows[row % state.rows.count].item.title = title + "r" }
    case .tagRow(let row, let tag):
        if !state.rows.isEmpty { state.rows[row % state.rows.count].tag = state.tags[id: tag] }
    case .renameTagInRow(let row, let name):
        if !state.rows.isEmpty { state.rows[row % state.rows.count].tag?.name = name }
    case .renameTag(let id, let name): state.tags[id: id]?.name = name
    case .renameInList(let id, let title): state.items[id: id]?.title = title
    case .renameAndTap(let id, let screen, let title):
        state.items[id: id]?.title = title
        editDetail(screen) { $0.taps += 1 }
    case .renameAndEdit(let id, let screen, let listTitle, let screenTitle):
        state.items[id: id]?.title = listTitle
        editDetail(screen) { $0.item.title = screenTitle }
    case .addItem(let id):
        if state.items[id: id] == nil { state.items.append(Item(id: id, title: "new \(id)")) }
    case .deleteItem(let id): state.items.remove(id: id)
    case .addRow(let id):
        if state.rows[id: id] == nil, let item = state.items[id: id] { state.rows.append(Row(id: id, item: item)) }
    case .editRow(let id, let title): state.rows[id: id]?.item.title = title
    case .selectRow(let id): state.rows[id: id]?.isSelected.toggle()
    case .restoreItems(let items): state.items = items
    case .restorePath(let path): state.path = path
    }
}

@MainActor
struct SharedValuesTrackerTests {
    @Test func theStoreKeepsTheCollectionsRatherThanCopyingTheState() {
        #expect(SharedValuesTracker.make(from: Catalog()) != nil)
        // The store holds the tracker and runs it after its reducer; a store of a state without
        // shared values takes the plain path (one test a dispatch).
        let store = Store(initialState: Catalog(), reducer: catalogReducer)
        #expect(store.core.sharedValues != nil)
        #expect(store.core.reducesFully)
        let plain = Store(initialState: 0, reducer: Reducer<Int> { state, _ in state += 1 })
        #expect(plain.core.sharedValues == nil)
        #expect(!plain.core.reducesFully)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func aStoreReconcilesAsACopyOfTheStateBeforeEachActionWould(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // Odd seeds start from a state built by hand whose copies disagree with their owned values
        // (the first change of the owned values or of the places sets them, as before).
        var initial = Catalog()
        if seed % 2 == 1 {
            initial.path = StackState(screens: [
                .detail(Page.Detail(item: Item(id: 0, title: "stale"))), .other(0),
                .detail(Page.Detail(item: Item(id: 1, title: "old"))),
            ])
            initial.rows = [Row(id: 1, item: Item(id: 1, title: "old"), tag: Tag(id: 0, name: "old"))]
        }
        let store = Store(initialState: initial, reducer: catalogReducer)
        let reference = catalogReducer.reconcilingSharedValues()
        var expected = initial
        var earlierItems: [IdentifiedArrayOf<Item>] = [expected.items]
        var earlierPaths: [StackState<Page>] = [expected.path]
        for index in 0..<400 {
            let id = Int.random(in: 0..<5, using: &random)
            let screen = Int.random(in: 0..<8, using: &random)
            let title = "t\(index)"
            let step: Step =
                switch Int.random(in: 0..<21, using: &random) {
                case 0: .tick
                case 1: .push(id: id, title: Bool.random(using: &random) ? title : "stale")
                case 2: .pushOther
                case 3: .pop
                case 4: .editScreen(screen: screen, title: title)
                case 5: .tapScreen(screen: screen)
                case 6: .renameInList(id: id, title: title)
                case 7: .renameAndTap(id: id, screen: screen, title: title)
                case 8: .renameAndEdit(id: id, screen: screen, listTitle: title, screenTitle: title + "'")
                case 9: .addItem(id: id)
                case 10: .deleteItem(id: id)
                case 11: .addRow(id: id)
                case 12: .editRow(id: id, title: title)
                case 13: .selectRow(id: id)
                case 14: .restoreItems(earlierItems.randomElement(using: &random)!)
                case 15: .restorePath(earlierPaths.randomElement(using: &random)!)
                case 16: .editTwoScreens(first: screen, second: Int.random(in: 0..<8, using: &random), title: title)
                case 17: .editScreenAndRow(screen: screen, row: id, title: title)
                case 18: .tagRow(row: id, tag: Int.random(in: 0..<2, using: &random))
                case 19: .renameTagInRow(row: id, name: title)
                default: .renameTag(id: Int.random(in: 0..<2, using: &random), name: title)
                }
            store.dispatch(step)
            reference.reduce(&expected, step)
            #expect(store.state == expected, "seed \(seed), action \(index): \(step)")
            if store.state != expected { return }
            if index % 7 == 0 {
                earlierItems.append(expected.items)
                earlierPaths.append(expected.path)
            }
        }
    }

    @Test func anEditOfACopyAndOfAnotherMemberInOneActionAreToldApart() {
        let store = Store(initialState: Catalog(), reducer: catalogReducer)
        store.dispatch(Step.push(id: 0, title: "zero"))
        // The list renames the value while the screen changes only its taps: the screen's copy did
        // not change, so the list's rename wins and the screen shows it.
        store.dispatch(Step.renameAndTap(id: 0, screen: 0, title: "renamed"))
        #expect(store.state.items[id: 0]?.title == "renamed")
        #expect(store.state.path.first?.state == .detail(Page.Detail(item: Item(id: 0, title: "renamed"), taps: 1)))
        // The screen edits its copy while the list renames the value: the copy's edit is written
        // to the list (edits are written before copies are set).
        store.dispatch(Step.renameAndEdit(id: 0, screen: 0, listTitle: "list", screenTitle: "screen"))
        #expect(store.state.items[id: 0]?.title == "screen")
    }

    @Test func aListPutBackFromAnEarlierStateReachesTheCopies() {
        let store = Store(initialState: Catalog(), reducer: catalogReducer)
        let original = store.state.items
        store.dispatch(Step.push(id: 1, title: "one"))
        store.dispatch(Step.addRow(id: 1))
        store.dispatch(Step.renameInList(id: 1, title: "changed"))
        #expect(store.state.rows[id: 1]?.item.title == "changed")
        // An older value of the list (its version is not new): the copies follow it all the same.
        store.dispatch(Step.restoreItems(original))
        #expect(store.state.path.first?.state == .detail(Page.Detail(item: Item(id: 1, title: "one"))))
        #expect(store.state.rows[id: 1]?.item.title == "one")
    }
}

/// Two entries whose copies are one member of the same rows, owned by two lists (the later entry
/// wins, as in the copying reconciliation): a store's memory of one entry's copies is made stale by
/// the other's, and must be read again.
private struct Overlap: Equatable, Sendable, SharedValues {
    var items: IdentifiedArrayOf<Item> = [Item(id: 0, title: "zero"), Item(id: 1, title: "one")]
    var favorites: IdentifiedArrayOf<Item> = [Item(id: 0, title: "fav zero"), Item(id: 1, title: "fav one")]
    var rows: IdentifiedArrayOf<Row> = [
        Row(id: 0, item: Item(id: 0, title: "zero")), Row(id: 1, item: Item(id: 1, title: "one")),
    ]

    static var sharing: [Sharing<Overlap>] {
        [
            .values(of: \.items, inElements: \.rows, at: .member(\.item)),
            .values(of: \.favorites, inElements: \.rows, at: .member(\.item)),
        ]
    }
}

private enum OverlapStep: Action {
    case renameItem(Int, String)
    case renameFavorite(Int, String)
    case editRow(Int, String)
    /// Changes a row without changing its copy.
    case selectRow(Int)
}

private let overlapReducer = Reducer<Overlap> { state, action in
    switch action as? OverlapStep {
    case .renameItem(let id, let title): state.items[id: id]?.title = title
    case .renameFavorite(let id, let title): state.favorites[id: id]?.title = title
    case .editRow(let id, let title): state.rows[id: id]?.item.title = title
    case .selectRow(let id): state.rows[id: id]?.isSelected.toggle()
    case nil: break
    }
}

extension SharedValuesTrackerTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func entriesWhoseCopiesOverlapReconcileAsTheCopyingReconciliationDoes(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let store = Store(initialState: Overlap(), reducer: overlapReducer)
        let reference = overlapReducer.reconcilingSharedValues()
        var expected = Overlap()
        for index in 0..<200 {
            let id = Int.random(in: 0..<2, using: &random)
            let step: OverlapStep =
                switch Int.random(in: 0..<4, using: &random) {
                case 0: .renameItem(id, "i\(index)")
                case 1: .renameFavorite(id, "f\(index)")
                case 2: .selectRow(id)
                default: .editRow(id, "r\(index)")
                }
            store.dispatch(step)
            reference.reduce(&expected, step)
            #expect(store.state == expected, "seed \(seed), action \(index): \(step)")
            if store.state != expected { return }
        }
    }
}
