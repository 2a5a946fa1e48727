import ReduxTestSupport
import Testing

@testable import Redux

/// Rows added, removed and moved, sheets presented and dismissed, screens pushed, popped and shown
/// as another case: a reconciler pairs the children by identifier, as the whole walk pairs copies
/// by place, and gives a copy that appeared its key's value — the one changed in the same action,
/// else the one its copies agreed on, else (a key new to the state) the first new copy's —
/// without collecting every copy (issue 63's feature; it walked everything on each such action,
/// ~7,000 instructions a row).
@MainActor
struct SharedStructureChangeTests {
    struct Detail: Equatable, Sendable, SharedState {
        var label = 0
        var notes = 0
        static let shared: [SharedMember<Self>] = [.inMemory("label", \.label)]
    }

    struct Badge: Equatable, Identifiable, Sendable, SharedState {
        var id: Int
        var label = 0
        var detail: Detail?
        static let shared: [SharedMember<Self>] = [.inMemory("label", \.label)]
    }

    struct Tally: Equatable, Sendable, SharedState {
        var total = 0
        static let shared: [SharedMember<Self>] = [.inMemory("total", \.total)]
    }

    enum Pane: Equatable, Sendable {
        case detail(Detail)
        case tally(Tally)
    }

    struct Wall: Equatable {
        var tally = Tally()
        var badges: IdentifiedArray<Int, Badge> = []
        var panes = StackState<Pane>()
    }

    struct Noop: Action {}

    static let pane = Reducer<Pane> { _, _ in }
        .ifLet(case: Pane.detail, then: Reducer<Detail> { _, _ in })
        .ifLet(case: Pane.tally, then: Reducer<Tally> { _, _ in })

    static let wall = Reducer<Wall>.combine(
        .scope(\.tally, Reducer<Tally> { _, _ in }),
        Reducer<Wall> { _, _ in }
            .forEach(\.badges, element: Reducer<Badge> { _, _ in }.ifLet(\.detail, then: Reducer<Detail> { _, _ in }))
            .forEach(\.panes, destination: pane)
    )

    /// Every copy of `key` in `wall`.
    static func copies(of key: String, in wall: Wall) -> [Int] {
        var values: [Int] = []
        if key == "total" { values.append(wall.tally.total) }
        for badge in wall.badges {
            if key == "label" { values.append(badge.label) }
            if key == "label", let detail = badge.detail { values.append(detail.label) }
        }
        for screen in wall.panes {
            switch screen.state {
            case .detail(let detail) where key == "label": values.append(detail.label)
            case .tally(let tally) where key == "total": values.append(tally.total)
            default: break
            }
        }
        return values
    }

    /// Generated actions of every kind that makes a child come or go, alone and with edits in the
    /// same action: after each, the reconciled state is the whole walk's (a new reconciler's first
    /// call), and every copy of a key shows one value.
    @Test(arguments: [1 as UInt64, 2, 3, 4])
    func childrenThatComeGoOrMoveAreReconciledAsTheWholeWalkDoes(seed: UInt64) throws {
        _ = Self.wall  // the composition that records where the copies are
        let fast = try #require(SharedWalk.reconciler(for: Wall.self))
        var rng = SeededGenerator(seed: seed)
        var state = Wall()
        fast(&state, state)  // its first call: the whole walk
        var nextID = 0
        func value() -> Int { Int.random(in: -50...50, using: &rng) }
        func newBadge() -> Badge {
            defer { nextID += 1 }
            return Badge(id: nextID, label: value(), detail: Bool.random(using: &rng) ? Detail(label: value()) : nil)
        }
        var ran: Set<String> = []
        for step in 0..<250 {
            let before = state
            var after = state
            let ids = Array(after.badges.ids)
            let some = ids.randomElement(using: &rng)
            let kind: String
            switch Int.random(in: 0..<16, using: &rng) {
            case 0:
                kind = "a row appears (its label the agreed one, or the first)"
                after.badges.append(newBadge())
            case 1 where some != nil:
                kind = "a row leaves (maybe the key's last copy)"
                after.badges.remove(id: some!)
            case 2:
                kind = "every row leaves"
                after.badges.removeAll()
            case 3 where some != nil:
                kind = "an edit"
                after.badges[id: some!]?.label = value()
            case 4 where some != nil:
                kind = "an edit and a row that appears"
                after.badges[id: some!]?.label = value()
                after.badges.insert(newBadge(), at: 0)
            case 5 where some != nil:
                kind = "one row goes, one comes"
                after.badges.remove(id: some!)
                after.badges.append(newBadge())
            case 6 where ids.count > 1:
                kind = "rows moved"
                after.badges.reverse()
            case 7 where some != nil:
                kind = "a sheet presented or dismissed in a row that stays"
                let shown = after.badges[id: some!]?.detail != nil
                after.badges[id: some!]?.detail = shown ? nil : Detail(label: value())
            case 8:
                kind = "a screen pushed"
                _ = after.panes.push(
                    Bool.random(using: &rng) ? .detail(Detail(label: value())) : .tally(Tally(total: value())))
            case 9 where !after.panes.isEmpty:
                kind = "a screen popped"
                _ = after.panes.popLast()
            case 10 where !after.panes.isEmpty:
                kind = "the top screen shows another case"
                let top = after.panes.ids.last!
                if case .tally? = after.panes[id: top]?.state {
                    after.panes[id: top]?.state = .detail(Detail(label: value()))
                } else {
                    after.panes[id: top]?.state = .tally(Tally(total: value()))
                }
            case 11:
                kind = "the root's copy edited"
                after.tally.total = value()
            case 12 where ids.count < 80:
                kind = "more rows at once than the log holds"
                for _ in 0..<40 { after.badges.append(newBadge()) }
            case 13 where ids.count > 32:
                kind = "every row's copy set at once"
                let label = value()
                for id in ids { after.badges[id: id]?.label = label }
            case 14 where ids.count > 1:
                kind = "two copies of a key changed at once"
                after.badges[id: ids[0]]?.label = value()
                after.badges[id: ids[ids.count - 1]]?.label = value()
            default:
                kind = "rows moved and a row added"
                after.badges.reverse()
                after.badges.append(newBadge())
            }
            ran.insert(kind)
            var whole = after
            let fresh = try #require(SharedWalk.reconciler(for: Wall.self))
            fresh(&whole, before)
            fast(&after, before)
            guard after == whole else {
                Issue.record("seed \(seed), step \(step) (\(kind)): the reconciled state is not the whole walk's")
                return
            }
            for key in ["label", "total"] {
                #expect(Set(Self.copies(of: key, in: after)).count <= 1, "seed \(seed), step \(step): \(key) one value")
            }
            state = after
        }
        #expect(ran.count == 16, "every kind of action ran: \(ran.sorted())")
    }

    /// A row added to a list whose rows share a key shows the rows' value; when the last copy of a
    /// key went, the next row brings its own.
    @Test func aRowThatComesShowsTheRowsValueAndAKeyWithNoCopyLeftStartsAgain() throws {
        _ = Self.wall
        let reconcile = try #require(SharedWalk.reconciler(for: Wall.self))
        var state = Wall(badges: [Badge(id: 0, label: 4), Badge(id: 1, label: 4)])
        reconcile(&state, state)
        var before = state
        state.badges.append(Badge(id: 2, label: 9, detail: Detail(label: 1)))
        reconcile(&state, before)
        #expect(state.badges[id: 2] == Badge(id: 2, label: 4, detail: Detail(label: 4)), "the rows' value")

        before = state
        state.badges.removeAll()
        reconcile(&state, before)
        before = state
        state.badges.append(Badge(id: 3, label: 7))
        state.panes.push(.detail(Detail(label: 8)))
        reconcile(&state, before)
        #expect(state.badges[id: 3]?.label == 7, "no copy was left: the first new copy's value")
        #expect(state.panes.first?.state == .detail(Detail(label: 7)))
    }
}
