import ReduxTestSupport
import Testing

@testable import Redux

/// Issue 63 §3: a feature declares in its own state that a member is the shared value of a key;
/// every copy — in members, sheets, rows, stack screens — is one value after every action, with no
/// list in any parent.
@MainActor
struct FeatureSharedStateTests {
    struct Stats: Equatable, Sendable {
        var count = 0
        var events = 0
        mutating func increment() {
            count += 1
            events += 1
        }
    }

    enum CounterAction: Action, Equatable { case increment, reset }

    struct CounterTab: Equatable, SharedState {
        var stats = Stats()
        var taps = 0
        static let shared: [SharedMember<Self>] = [.inMemory("stats", \.stats)]
    }

    struct ProfileTab: Equatable, SharedState {
        var stats = Stats()
        static let shared: [SharedMember<Self>] = [.inMemory("stats", \.stats)]
    }

    static let counterTab = Reducer<CounterTab>.on(CounterAction.self) { state, action in
        state.taps += 1
        switch action {
        case .increment: state.stats.increment()
        case .reset: state.stats = Stats()
        }
    }

    static let profileTab = Reducer<ProfileTab>.on(CounterAction.self) { state, action in
        if action == .reset { state.stats = Stats() }
    }

    struct Tabs: Equatable {
        var counter = CounterTab()
        var profile = ProfileTab()
        var sheet: CounterTab?
        var rows: IdentifiedArray<Int, Row> = []
    }

    struct Row: Equatable, Identifiable, SharedState {
        var id: Int
        var stats = Stats()
        static let shared: [SharedMember<Self>] = [.inMemory("stats", \.stats)]
    }

    struct Present: Action {}
    struct AddRow: Action { var id: Int }

    static let tabs = Reducer<Tabs>.combine(
        .scope(\.counter, counterTab),
        .scope(\.profile, profileTab),
        Reducer<Tabs> { state, action in
            if action is Present { state.sheet = CounterTab() }  // a fresh copy: shows the agreed value
            if let add = action as? AddRow { state.rows.append(Row(id: add.id)) }
        }
        .ifLet(\.sheet, then: counterTab)
        .forEach(\.rows, element: .on(CounterAction.self) { row, _ in row.stats.increment() })
    )

    @Test func anEditInOneTabIsEveryTabsAfterTheAction() {
        let store = Store(initialState: Tabs(), reducer: Self.tabs)
        store.scope(\.counter).dispatch(CounterAction.increment)
        store.scope(\.counter).dispatch(CounterAction.increment)
        #expect(store.counter.stats == Stats(count: 2, events: 2))
        #expect(store.profile.stats == Stats(count: 2, events: 2), "the profile's copy is the same value")
        store.scope(\.profile).dispatch(CounterAction.reset)
        #expect(store.counter.stats == Stats())
        #expect(store.counter.taps == 2, "what is not shared stays each tab's own")
    }

    @Test func aCopyThatAppearsShowsTheAgreedValueAndItsEditsAreEveryones() throws {
        let store = Store(initialState: Tabs(), reducer: Self.tabs)
        store.scope(\.counter).dispatch(CounterAction.increment)
        store.dispatch(Present())
        #expect(store.sheet?.stats == Stats(count: 1, events: 1), "a sheet presented shows the shared value")
        store.dispatch(AddRow(id: 7))
        #expect(store.rows[id: 7]?.stats == Stats(count: 1, events: 1), "so does a row added")

        try #require(store.scope(ifPresent: \.sheet)).dispatch(CounterAction.increment)
        #expect(store.counter.stats.count == 2)
        #expect(store.profile.stats.count == 2)
        #expect(store.rows[id: 7]?.stats.count == 2)
        #expect(store.sheet?.taps == 1)
        #expect(store.counter.taps == 1)

        store.scope(\.rows, id: 7)?.dispatch(CounterAction.increment)
        #expect(store.counter.stats.count == 3, "a row's edit is everyone's")
        #expect(store.sheet?.stats.count == 3)
    }

    // Stack screens, an enum's cases.

    enum Screen: Equatable, Sendable {
        case counter(CounterTab)
        case profile(ProfileTab)
    }

    struct Navigation: Equatable {
        var root = ProfileTab()
        var path = StackState<Screen>()
    }

    struct Push: Action { var screen: Screen }

    static let screen = Reducer<Screen> { _, _ in }
        .ifLet(case: Screen.counter, then: counterTab)
        .ifLet(case: Screen.profile, then: profileTab)

    static let navigation = Reducer<Navigation>.combine(
        .scope(\.root, profileTab),
        Reducer<Navigation> { state, action in
            if let push = action as? Push { state.path.push(push.screen) }
        }
        .forEach(\.path, destination: screen)
    )

    @Test func stackScreensAndTheirCasesAreOneValueToo() {
        let store = Store(
            initialState: Navigation(root: ProfileTab(stats: Stats(count: 5, events: 5))), reducer: Self.navigation)
        store.dispatch(Push(screen: .counter(CounterTab())))
        store.dispatch(Push(screen: .profile(ProfileTab())))
        #expect(
            store.path[id: 0]?.state == .counter(CounterTab(stats: Stats(count: 5, events: 5))),
            "pushed: the shared value")
        #expect(store.path[id: 1]?.state == .profile(ProfileTab(stats: Stats(count: 5, events: 5))))
        store.dispatch(StackAction<Screen>.element(id: 0, action: CounterAction.increment))
        #expect(store.root.stats.count == 6)
        #expect(store.path[id: 1]?.state == .profile(ProfileTab(stats: Stats(count: 6, events: 6))))
    }

    @Test func aFeatureUsedAloneSharesNothing() {
        let alone = Store(initialState: CounterTab(), reducer: Self.counterTab)
        alone.dispatch(CounterAction.increment)
        #expect(alone.stats.count == 1)
        let tabs = Store(initialState: Tabs(), reducer: Self.tabs)
        #expect(tabs.profile.stats.count == 0, "in-memory values live in each store's state")
    }

    @Test func aStateWithoutSharedMembersPaysNothing() {
        struct Plain: Equatable { var counter = InstanceTests.Counter() }
        _ = Reducer<Plain>.scope(\.counter, InstanceTests.counter)
        #expect(SharedValuesReconciler.reconciler(for: Plain.self) == nil)
        _ = Self.tabs  // composed (a store is made with its reducer, so after it)
        #expect(SharedValuesReconciler.reconciler(for: Tabs.self) != nil)
    }

    /// After its first reconciliation, a reconciler looks only at what an action may have changed
    /// (an identified collection whose version is the same is skipped; one whose log names the rows
    /// written enters those) and walks everything only when a copy appeared, left or moved, or two
    /// copies of a key changed at once. Generated edits of every kind: the result is the whole
    /// walk's (a new reconciler's first call) after every one of them.
    @Test(arguments: [1 as UInt64, 2, 3, 4])
    func whatAnActionDidNotTouchIsNotWalkedAndTheResultIsTheWholeWalks(seed: UInt64) throws {
        _ = Self.tabs  // the composition that records where the copies are
        let fast = try #require(SharedWalk.reconciler(for: Tabs.self))
        var rng = SeededGenerator(seed: seed)
        var state = Tabs()
        for id in 0..<40 { state.rows.append(Row(id: id)) }
        fast(&state, state)  // its first call: the whole walk
        var nextID = 40
        for step in 0..<300 {
            let before = state
            var after = state
            let ids = Array(after.rows.ids)
            switch Int.random(in: 0..<11, using: &rng) {
            case 0: after.counter.stats.increment()
            case 1: after.counter.taps += 1  // not shared
            case 2 where !ids.isEmpty: after.rows[id: ids.randomElement(using: &rng)!]?.stats.increment()
            case 3 where ids.count > 1:  // two copies of one key at once: the whole walk decides
                after.rows[id: ids[0]]?.stats.count += 2
                after.rows[id: ids[ids.count - 1]]?.stats.events += 3
            case 4:
                after.rows.append(Row(id: nextID, stats: Stats(count: -1, events: -1)))  // appears
                nextID += 1
            case 5 where !ids.isEmpty: after.rows.remove(id: ids.randomElement(using: &rng)!)
            case 6: after.sheet = after.sheet == nil ? CounterTab(stats: Stats(count: 99, events: 0)) : nil
            case 7 where after.sheet != nil: after.sheet?.stats.increment()
            case 8 where ids.count > 32:  // every row written, none changed: more than the log holds
                for id in ids { after.rows[id: id] = after.rows[id: id] }
            case 9 where ids.count > 32:  // every row's copy set to one new value at once
                for id in ids { after.rows[id: id]?.stats = Stats(count: 1_000 + step, events: step) }
            default: after.profile.stats = Stats(count: step, events: step)
            }
            var whole = after
            let fresh = try #require(SharedWalk.reconciler(for: Tabs.self))
            fresh(&whole, before)
            fast(&after, before)
            guard after == whole else {
                Issue.record("seed \(seed), step \(step): the reconciled state is not the whole walk's")
                return
            }
            let values =
                [after.counter.stats, after.profile.stats] + after.rows.map(\.stats)
                + (after.sheet.map { [$0.stats] } ?? [])
            #expect(Set(values.map { "\($0)" }).count == 1, "seed \(seed), step \(step): every copy one value")
            state = after
        }
    }

    // An edit's value reaches every copy of its key, and only those: a list whose rows hold another
    // key is not written (its version is the same), nor are the rows already showing the value.
    struct Score: Equatable, Identifiable, SharedState {
        var id: Int
        var best = 0
        static let shared: [SharedMember<Self>] = [.inMemory("best", \.best)]
    }

    struct Player: Equatable, Identifiable, SharedState {
        var id: Int
        var name = ""
        static let shared: [SharedMember<Self>] = [.inMemory("name", \.name)]
    }

    struct Board: Equatable {
        var scores: IdentifiedArray<Int, Score> = []
        var players: IdentifiedArray<Int, Player> = []
    }

    struct SetBest: Action { var id: Int, best: Int }

    static let board = Reducer<Board> { _, _ in }
        .forEach(\.scores, element: .on(SetBest.self) { score, action in score.best = action.best })
        .forEach(\.players, element: Reducer<Player> { _, _ in })

    @Test
    func anEditIsWrittenIntoTheCopiesOfItsKeyAndNoOtherPlace() {
        var initial = Board()
        for id in 0..<20 {
            initial.scores.append(Score(id: id))
            initial.players.append(Player(id: id, name: "p"))
        }
        let store = Store(initialState: initial, reducer: Self.board)
        store.scope(\.scores, id: 0)?.dispatch(SetBest(id: 0, best: 5))  // the first action: the whole walk
        let players = store.state.players.version
        let scores = store.state.scores.version
        store.scope(\.scores, id: 12)?.dispatch(SetBest(id: 12, best: 9))
        #expect(store.state.scores.allSatisfy { $0.best == 9 })
        #expect(store.state.players.allSatisfy { $0.name == "p" })
        #expect(store.state.players.version == players, "the players hold no copy of best: not written")
        // The edited row, then the 19 others, each written once.
        let written = store.state.scores.changes(since: scores)?.compactMap(\.id)
        #expect(written?.count == 20)
        #expect(Set(written ?? []) == Set(0..<20))
    }
}
