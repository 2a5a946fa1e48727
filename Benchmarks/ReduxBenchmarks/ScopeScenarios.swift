import Observation
import Redux

/// A list of 1,000 identified rows, for the row-scope scenarios of SPEC §8 / §11.
struct ListState: Sendable {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
        var value = 0
    }

    var rows = (0..<1_000).map { Row(id: $0, title: "row \($0)") }
    var count = 0
    var settings = Settings()

    struct Settings: Equatable, Sendable {
        var theme = "light"
        var email = ""
    }
}

/// A list of identified rows in an `IdentifiedArray`, for SPEC §13's goals at any size.
struct IdentifiedListState: Sendable {
    var rows: IdentifiedArrayOf<ListState.Row>
    var count = 0

    init(size: Int) {
        rows = IdentifiedArrayOf(uniqueElements: (0..<size).map { ListState.Row(id: $0, title: "row \($0)") })
    }
}

@inline(never)
func makeIdentifiedListReducer() -> Reducer<IdentifiedListState> {
    .combine(
        .on(TouchRow.self) { state, _ in state.rows[id: 5]?.value &+= 1 },
        .on(Count.self) { state, _ in state.count &+= 1 }
    )
}

/// Row scopes of an `IdentifiedArray` at 1,000 and 100,000 rows: one row changes among 10 observed,
/// or nothing in the list changes (with 0 or 10 rows observed).
@MainActor
func identifiedRowScenarios() -> [Scenario] {
    var scenarios: [Scenario] = []
    for size in [1_000, 100_000] {
        for (action, label, observedCounts) in [
            (TouchRow() as any Action, "one changes", [10]), (Count(), "rows unchanged", [0, 10]),
        ] {
            for observed in observedCounts {
                scenarios.append(
                    Scenario(
                        name: "identified rows, \(size), \(observed) observed, \(label)",
                        note:
                            "IdentifiedArrayOf with \(size) rows; row scopes read under observation; invalidated ones re-read"
                    ) {
                        let store = Store(
                            initialState: IdentifiedListState(size: size), reducer: makeIdentifiedListReducer())
                        let rows = RowReaders((0..<observed).compactMap { id in store.scope(\.rows, id: id) })
                        return { n in
                            for _ in 0..<n {
                                store.dispatch(action)
                                rows.rerender()
                            }
                            blackHole(rows.renders)
                        }
                    })
            }
        }
    }
    // A row appended (as a statement: `RangeReplaceableCollection`'s `append`, which Swift picks
    // there) or the last removed, in turn: what an `IdentifiedArray` costs for it at any size.
    for size in [1_000, 100_000] {
        scenarios.append(
            Scenario(
                name: "identified rows, \(size), a row appended or removed",
                note: "IdentifiedArrayOf with \(size) rows: `rows.append(row)` or `rows.removeLast()` in turn"
            ) {
                let store = Store(
                    initialState: IdentifiedListState(size: size),
                    reducer: .on(AppendOrRemoveRow.self) { state, action in
                        if state.rows.count == action.size {
                            state.rows.append(ListState.Row(id: action.size, title: "new"))
                        } else {
                            _ = state.rows.removeLast()
                        }
                    })
                let action: any Action = AppendOrRemoveRow(size: size)
                return { n in
                    for _ in 0..<n { store.dispatch(action) }
                }
            })
    }
    return scenarios
}

/// Appends a row when the list has `size` rows, removes the last one otherwise.
struct AppendOrRemoveRow: Action {
    let size: Int
}

/// Changes the row with identifier `id` (the spread-edit history scenarios of issue 65).
struct TouchRowAt: Action {
    let id: Int
}

@inline(never)
func makeSpreadEditReducer() -> Reducer<IdentifiedListState> {
    .combine(
        .on(TouchRowAt.self) { state, action in state.rows[id: action.id]?.value &+= 1 },
        .on(Count.self) { state, _ in state.count &+= 1 }
    )
}

/// Changes the row with identifier 5 (observed in every scenario that observes rows).
struct TouchRow: Action {}
/// Changes nothing in the rows.
struct Count: Action {}

@inline(never)
func makeListReducer() -> Reducer<ListState> {
    .combine(
        .on(TouchRow.self) { state, _ in state.rows[5].value &+= 1 },
        .on(Count.self) { state, _ in state.count &+= 1 }
    )
}

/// Row scopes (one changes among 10 or 1,000 observed; nothing in the array changes) and a member
/// observed through a scope.
@MainActor
func scopeScenarios() -> [Scenario] {
    var scenarios: [Scenario] = []
    for (action, label) in [(TouchRow() as any Action, "one changes"), (Count(), "rows unchanged")] {
        for observed in [0, 10, 1_000] {
            scenarios.append(
                Scenario(
                    name: "rows, \(observed) observed, \(label)",
                    note:
                        "1,000-row array; each observed row is a row scope read under observation; invalidated ones re-read"
                ) {
                    let store = Store(initialState: ListState(), reducer: makeListReducer())
                    let rows = RowReaders((0..<observed).compactMap { id in store.scope(\.rows, id: id) })
                    return { n in
                        for _ in 0..<n {
                            store.dispatch(action)
                            rows.rerender()
                        }
                        blackHole(rows.renders)
                    }
                })
        }
    }

    scenarios.append(
        Scenario(
            name: "scope, observed member unchanged",
            note: "tracks store.scope(\\.settings).theme; actions change count"
        ) {
            let store = Store(initialState: ListState(), reducer: makeListReducer())
            let settings = store.scope(\.settings)
            let reader = TrackedReader()
            reader.track { settings.theme.count }
            let action: any Action = Count()
            return { n in
                for _ in 0..<n {
                    store.dispatch(action)
                    if reader.isInvalidated { reader.track { settings.theme.count } }
                }
                blackHole(reader.renders)
            }
        })
    return scenarios
}

/// Stand-ins for list rows in SwiftUI: each reads its row scope under observation; an invalidated row
/// is noted, and only those are read again (as SwiftUI re-renders only invalidated views).
@MainActor
final class RowReaders {
    let rows: [ScopedStore<ListState.Row>]
    var invalidated: [Int] = []
    var renders = 0

    init(_ rows: [ScopedStore<ListState.Row>]) {
        self.rows = rows
        for index in rows.indices { track(index) }
    }

    func track(_ index: Int) {
        let row = rows[index]
        renders &+= withObservationTracking {
            row.value
        } onChange: { [weak self] in
            // Weak, as a view's invalidation is: the row scopes keep the store, whose observation
            // keeps this closure until the row changes — a strong self would be a cycle for every
            // row that never changes (the address sanitizer's leak checker found it).
            MainActor.assumeIsolated { self?.invalidated.append(index) }
        }
    }

    func rerender() {
        guard !invalidated.isEmpty else { return }
        let pending = invalidated
        invalidated.removeAll(keepingCapacity: true)
        for index in pending { track(index) }
    }
}
