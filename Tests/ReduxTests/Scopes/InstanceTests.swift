import Testing

@testable import Redux

/// Issue 63 §1: one feature composed twice in one parent, by instance — each scope's action reaches
/// its own member; composition by type keeps its rule, and where the two meet badly a debug build
/// says so.
@MainActor
struct InstanceTests {
    struct Counter: Equatable { var count = 0 }
    enum CounterAction: Action, Equatable { case increment, decrement }

    static let counter = Reducer<Counter>.on(CounterAction.self) { state, action in
        switch action {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        }
    }

    struct TwoCounters: Equatable {
        var first = Counter()
        var second = Counter()
        var log: [String] = []
    }

    static let twoCounters = Reducer<TwoCounters>.combine(
        .scope(\.first, counter),
        .scope(\.second, counter),
        .on(\.second, CounterAction.self) { state, action in state.log.append("second: \(action)") },
        Reducer { state, action in
            if action.sent(by: \TwoCounters.first) == CounterAction.increment { state.log.append("first: increment") }
        }
    )

    @Test func anActionThroughOneInstanceMovesThatInstanceOnly() {
        let store = Store(initialState: TwoCounters(), reducer: Self.twoCounters)
        store.scope(\.first).dispatch(CounterAction.increment)
        #expect(store.first.count == 1)
        #expect(store.second.count == 0)
        store.scope(\.second).dispatch(CounterAction.decrement)
        #expect(store.first.count == 1)
        #expect(store.second.count == -1)
        #expect(store.log == ["first: increment", "second: decrement"])
    }

    /// Immutable class actions (their subclasses are their actions too).
    class Tap: Action, @unchecked Sendable {}
    final class DoubleTap: Tap, @unchecked Sendable {}

    @Test func whatAMemberSentIsReadAsItsTypeItsClassOrNotAtAll() {
        let reader = Reducer<TwoCounters> { state, action in
            if action.sent(by: \TwoCounters.first, as: Tap.self) != nil { state.log.append("first: a tap") }
            if action.sent(by: \TwoCounters.first, as: DoubleTap.self) != nil {
                state.log.append("first: a double tap")
            }
            if let counter = action.sent(by: \TwoCounters.first, as: CounterAction.self) {
                state.log.append("first: \(counter)")
            }
            if action.sent(by: \TwoCounters.second, as: Tap.self) != nil { state.log.append("second: a tap") }
        }
        let store = Store(initialState: TwoCounters(), reducer: .combine(Self.twoCounters, reader))
        store.scope(\.first).dispatch(DoubleTap())
        #expect(store.log == ["first: a tap", "first: a double tap"])
        store.scope(\.first).dispatch(Tap())
        #expect(store.log.suffix(1) == ["first: a tap"])
        store.scope(\.first).dispatch(CounterAction.decrement)
        #expect(store.log.suffix(1) == ["first: decrement"], "an action of another type is not a tap")
        #expect(store.first.count == -1)
    }

    @Test func anActionDispatchedAtTheRootReachesEveryInstance() {
        // ReSwift's and Redux's rule: a bare action reaches every reducer that handles its type.
        let store = Store(initialState: TwoCounters(), reducer: Self.twoCounters)
        store.dispatch(CounterAction.increment)
        #expect(store.first.count == 1)
        #expect(store.second.count == 1)
        #expect(store.log.isEmpty)
    }

    @Test func theActionIsNamedByItsInstance() {
        let store = Store(
            initialState: TwoCounters(),
            reducer: .combine(Self.twoCounters, Reducer { state, action in state.log.append("\(action)") }))
        store.scope(\.second).dispatch(CounterAction.increment)
        #expect(store.log.last == "second: CounterAction.increment")
    }

    // By type: as before, an action sent through one member's scope reaches both — said once.

    struct PulledBack: Equatable {
        var first = Counter()
        var second = Counter()
    }

    @Test func twoPullbacksOfOneTypeMoveBothAndADebugBuildSaysSo() {
        let store = Store(
            initialState: PulledBack(),
            reducer: .combine(Self.counter.pullback(\.first), Self.counter.pullback(\.second)))
        let warnings = Diagnostics.capture {
            store.scope(\.first).dispatch(CounterAction.increment)
        }
        #expect(store.first.count == 1)
        #expect(store.second.count == 1)
        #if DEBUG
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("\\.first, \\.second") == true)
            #expect(warnings.first?.contains("Reducer.scope(\\.first, childReducer)") == true)
        #endif
    }

    @Test func onePullbackPerTypeSaysNothing() {
        struct Single: Equatable { var counter = Counter() }
        let store = Store(initialState: Single(), reducer: Self.counter.pullback(\.counter))
        let warnings = Diagnostics.capture { store.scope(\.counter).dispatch(CounterAction.increment) }
        #expect(store.counter.count == 1)
        #expect(warnings.isEmpty)
    }

    // Instances inside instances, and inside a part composed by type.

    struct Pairs: Equatable {
        var left = TwoCounters()
        var right = TwoCounters()
        var single = Single()
    }

    struct Single: Equatable { var pair = TwoCounters() }

    static let pairs = Reducer<Pairs>.combine(
        .scope(\.left, twoCounters),
        .scope(\.right, twoCounters),
        twoCounters.pullback(\Single.pair).pullback(\.single)
    )

    @Test func nestedInstancesAreAddressedAllTheWayDown() {
        let store = Store(initialState: Pairs(), reducer: Self.pairs)
        store.scope(\.right).scope(\.first).dispatch(CounterAction.increment)
        #expect(store.right.first.count == 1)
        #expect(store.right.second.count == 0)
        #expect(store.left.first.count == 0)
        #expect(store.single.pair.first.count == 0)
        #expect(store.right.log == ["first: increment"])

        store.scope(\.single).scope(\.pair).scope(\.second).dispatch(CounterAction.increment)
        #expect(store.single.pair.second.count == 1)
        #expect(store.single.pair.first.count == 0)
        #expect(store.right.second.count == 0)
        #expect(store.left.second.count == 0)
    }

    @Test func aKeyPathThroughAnInstanceIsToldToScopeOneMemberAtATime() {
        let store = Store(initialState: Pairs(), reducer: Self.pairs)
        let warnings = Diagnostics.capture { _ = store.scope(\.left.first) }
        #if DEBUG
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("passes through \\.left") == true)
        #endif
    }

    struct BothWays: Equatable { var counter = Counter() }

    @Test func aMemberComposedBothWaysIsTold() {
        _ = Reducer<BothWays>.scope(\.counter, Self.counter)
        let store = Store(initialState: BothWays(), reducer: Self.counter.pullback(\.counter))
        let warnings = Diagnostics.capture { _ = store.scope(\.counter) }
        #if DEBUG
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("composed by instance (Reducer.scope) in one reducer and by type") == true)
        #endif
    }

    // A reducer that contains itself.

    struct Nested: Equatable, Identifiable {
        var id: Int
        var name = ""
        var rows: IdentifiedArray<Int, Nested> = []
    }

    struct Rename: Action, Equatable { var name: String }

    static let nested = Reducer<Nested>.recursive { nested in
        .combine(.on(Rename.self) { state, action in state.name = action.name }, nested.forEach(\.rows))
    }

    @Test func aRecursiveReducerReachesEveryLevel() {
        let tree = Nested(id: 0, rows: [Nested(id: 1, rows: [Nested(id: 2)])])
        let store = Store(initialState: tree, reducer: Self.nested)
        store.scope(\.rows, id: 1)?.scope(\.rows, id: 2)?.dispatch(Rename(name: "leaf"))
        #expect(store.rows[id: 1]?.rows[id: 2]?.name == "leaf")
        #expect(store.rows[id: 1]?.name == "")
        #expect(store.name == "")
        store.dispatch(Rename(name: "root"))
        #expect(store.name == "root")
        #expect(store.rows[id: 1]?.name == "")
    }

    /// Made and dropped in a test (not a static): what it holds goes with it (the leak checker of
    /// CI's address-sanitizer run would name a cycle).
    @Test func aRecursiveReducerMadeLocallyWorksAndHoldsNoCycle() {
        weak var box: Store<Nested>?
        do {
            let reducer = Reducer<Nested>.recursive { nested in
                .combine(.on(Rename.self) { state, action in state.name = action.name }, nested.forEach(\.rows))
            }
            let store = Store(initialState: Nested(id: 0, rows: [Nested(id: 1)]), reducer: reducer)
            store.scope(\.rows, id: 1)?.dispatch(Rename(name: "row"))
            #expect(store.rows[id: 1]?.name == "row")
            box = store
        }
        #expect(box == nil)
    }
}
