import Redux

/// An enum destination's cases, and a state that may show one (issue 47's table).
struct EditorChild: Equatable, Sendable { var taps = 0 }
enum BenchDestination: Equatable, Sendable {
    case editor(EditorChild)
    case other(EditorChild)
}
struct DestinationBench: Equatable, Sendable {
    var count = 0
    var destination: BenchDestination?
}

/// A sheet with an identity of its own (its `id`), and a state that shows it.
struct IdentifiedSheet: Identifiable, Equatable, Sendable {
    var id = 1
    var taps = 0
}
struct IdentifiedSheetBench: Equatable, Sendable {
    var count = 0
    var sheet: IdentifiedSheet? = IdentifiedSheet()
}

/// A navigation stack of enum screens.
enum BenchScreen: Equatable, Sendable {
    case detail(EditorChild)
    case other(EditorChild)
}
struct StackBench: Equatable, Sendable {
    var count = 0
    var path = StackState<BenchScreen>()
}

@MainActor
private func destinationReducer() -> Reducer<DestinationBench> {
    let destination = Reducer<BenchDestination> { _, _ in }
        .ifLet(case: BenchDestination.editor, then: .on(TapChild.self) { child, _ in child.taps &+= 1 })
        .ifLet(case: BenchDestination.other, then: .on(TapChild.self) { child, _ in child.taps &+= 1 })
    return Reducer<DestinationBench>.on(Increment.self) { state, _ in state.count &+= 1 }
        .ifLet(\.destination, then: destination)
}

@MainActor
private func stackReducer() -> Reducer<StackBench> {
    let screen = Reducer<BenchScreen> { _, _ in }
        .ifLet(case: BenchScreen.detail, then: .on(TapChild.self) { child, _ in child.taps &+= 1 })
        .ifLet(case: BenchScreen.other, then: .on(TapChild.self) { child, _ in child.taps &+= 1 })
    return Reducer<StackBench>.on(Increment.self) { state, _ in state.count &+= 1 }
        .forEach(\.path, destination: screen)
}

/// Issue 47: what navigation costs per action — an enum destination absent and shown, an action of
/// the shown case through its scope, a stack of enum screens with 1, 100 and 10,000 screens.
@MainActor
func navigationScenarios() -> [Scenario] {
    var scenarios = [
        Scenario(
            name: "navigation, the parent alone, an action for the parent",
            note: "the sheet scenarios' parent reducer without the ifLet: what an ifLet adds is measured over this"
        ) {
            let reducer = Reducer<SheetBench>.on(Increment.self) { state, _ in state.count &+= 1 }
            let store = Store(initialState: SheetBench(sheet: nil), reducer: reducer)
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        },
        Scenario(
            name: "navigation, sheet absent, an action for the parent",
            note: "ifLet(\\.sheet, then:) with no sheet shown: the optional member's baseline"
        ) {
            let reducer = Reducer<SheetBench>.on(Increment.self) { state, _ in state.count &+= 1 }
                .ifLet(\.sheet, then: .on(TapChild.self) { child, _ in child.taps &+= 1 })
            let store = Store(initialState: SheetBench(sheet: nil), reducer: reducer)
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        },
        Scenario(
            name: "navigation, enum destination absent, an action for the parent",
            note: "ifLet(\\.destination, then: ….ifLet(case:)) with nothing shown"
        ) {
            let store = Store(initialState: DestinationBench(), reducer: destinationReducer())
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        },
        Scenario(
            name: "navigation, enum destination shown, an action for the parent",
            note: "the same with .editor shown: what every action of an app showing one enum sheet pays"
        ) {
            let store = Store(
                initialState: DestinationBench(destination: .editor(EditorChild())), reducer: destinationReducer())
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        },
        Scenario(
            name: "navigation, identified sheet shown, an action of the sheet",
            note: "sent through scope(ifPresent: \\.sheet) of an Identifiable sheet: its identity is its id"
        ) {
            let reducer = Reducer<IdentifiedSheetBench>.on(Increment.self) { state, _ in state.count &+= 1 }
                .ifLet(\.sheet, then: .on(TapChild.self) { sheet, _ in sheet.taps &+= 1 })
            let store = Store(initialState: IdentifiedSheetBench(), reducer: reducer)
            let sheet = store.scope(ifPresent: \.sheet)
            let action: any Action = TapChild()
            return { n in
                for _ in 0..<n { sheet?.dispatch(action) }
            }
        },
        Scenario(
            name: "navigation, enum destination shown and its scope held, an action for the parent",
            note: "the same, with the case's scope held as a view showing it holds it"
        ) {
            let store = Store(
                initialState: DestinationBench(destination: .editor(EditorChild())), reducer: destinationReducer())
            let editor = store.scope(ifPresent: \.destination)?.scope(case: BenchDestination.editor)
            let action: any Action = Increment()
            return dispatching(action, to: store, holding: editor)
        },
        Scenario(
            name: "navigation, enum destination shown, an action of the case",
            note: "sent through scope(ifPresent: \\.destination)?.scope(case: .editor)"
        ) {
            let store = Store(
                initialState: DestinationBench(destination: .editor(EditorChild())), reducer: destinationReducer())
            let editor = store.scope(ifPresent: \.destination)?.scope(case: BenchDestination.editor)
            let action: any Action = TapChild()
            return { n in
                for _ in 0..<n { editor?.dispatch(action) }
            }
        },
        Scenario(
            name: "navigation, enum destination shown, the case's action sent to the store",
            note:
                "the previous scenario's action as its scopes wrap it, dispatched to the store, the scopes held as a view holds them"
        ) {
            let store = Store(
                initialState: DestinationBench(destination: .editor(EditorChild())), reducer: destinationReducer())
            let editor = store.scope(ifPresent: \.destination)?.scope(case: BenchDestination.editor)
            let action: any Action = ElementAction(
                path: "destination", id: nil, ElementAction(path: ".editor", id: nil, TapChild()))
            reachesChild(store, action) {
                $0.destination.map { if case .editor(let child) = $0 { child.taps } else { 0 } } ?? 0
            }
            return dispatching(action, to: store, holding: editor)
        },
    ]
    for screens in [1, 100, 10_000] {
        // Built when the scenario runs, not when the list is made.
        let initial = {
            StackBench(path: StackState(screens: (0..<screens).map { _ in BenchScreen.detail(EditorChild()) }))
        }
        scenarios.append(
            Scenario(
                name: "navigation, stack of \(screens) enum screens, an action for the parent",
                note: "forEach(\\.path, destination:) of enum screens"
            ) {
                let store = Store(initialState: initial(), reducer: stackReducer())
                let action: any Action = Increment()
                return { n in
                    for _ in 0..<n { store.dispatch(action) }
                }
            })
        scenarios.append(
            Scenario(
                name:
                    "navigation, stack of \(screens) enum screens and the top screen's scope held, an action for the parent",
                note: "the same, with the top screen's scope held as a view showing it holds it"
            ) {
                let store = Store(initialState: initial(), reducer: stackReducer())
                let top = store.path.ids.last.flatMap { store.scope(\.path, id: $0) }?.scope(\.state)
                    .scope(case: BenchScreen.detail)
                let action: any Action = Increment()
                return dispatching(action, to: store, holding: top)
            })
        scenarios.append(
            Scenario(
                name: "navigation, stack of \(screens) enum screens, an action of the top screen",
                note: "sent through scope(\\.path, id:)?.scope(\\.state).scope(case: .detail)"
            ) {
                let store = Store(initialState: initial(), reducer: stackReducer())
                let top = store.path.ids.last.flatMap { store.scope(\.path, id: $0) }?.scope(\.state)
                    .scope(case: BenchScreen.detail)
                let action: any Action = TapChild()
                return { n in
                    for _ in 0..<n { top?.dispatch(action) }
                }
            })
        scenarios.append(
            Scenario(
                name: "navigation, stack of \(screens) enum screens, the top screen's action sent to the store",
                note: "the previous scenario's action as its scopes wrap it, dispatched to the store, the scopes held"
            ) {
                let store = Store(initialState: initial(), reducer: stackReducer())
                guard let top = store.path.ids.last else { preconditionFailure("the stack is empty") }
                let scope = store.scope(\.path, id: top)?.scope(\.state).scope(case: BenchScreen.detail)
                let action: any Action = ElementAction(
                    path: "path", id: top, ElementAction(path: ".detail", id: nil, TapChild()))
                reachesChild(store, action) {
                    if case .detail(let child)? = $0.path[id: top]?.state { child.taps } else { 0 }
                }
                return dispatching(action, to: store, holding: scope)
            })
    }
    return scenarios
}

/// A store of `size` identified rows with `forEach(\.rows, element:)`, and the scope of the middle
/// row.
@MainActor
private func rowScope(of size: Int) -> (Store<IdentifiedListState>, ScopedStore<ListState.Row>?) {
    let reducer = Reducer<IdentifiedListState>.on(Count.self) { state, _ in state.count &+= 1 }
        .forEach(\.rows, element: .on(TapChild.self) { row, _ in row.value &+= 1 })
    let store = Store(initialState: IdentifiedListState(size: size), reducer: reducer)
    return (store, store.scope(\.rows, id: size / 2))
}

/// The measured loop: `action` dispatched to `store` `n` times, while `held` — the scopes a view
/// showing the child holds — stays alive.
@MainActor
private func dispatching<State>(
    _ action: any Action, to store: Store<State>, holding held: AnyObject?
) -> @MainActor (Int) -> Void {
    { n in
        withExtendedLifetime(held) {
            for _ in 0..<n { store.dispatch(action) }
        }
    }
}

/// Stops the benchmark unless `action`, dispatched to `store`, reaches the child whose counter
/// `taps` reads: a wrapped action that missed its element would measure a reduction that does
/// nothing.
@MainActor
private func reachesChild<State>(_ store: Store<State>, _ action: any Action, taps: (State) -> Int) {
    let before = taps(store.state)
    store.dispatch(action)
    precondition(taps(store.state) == before &+ 1, "the wrapped action did not reach its element")
}

/// Three levels of member state, and a list of identified rows: an action sent through member
/// scopes of depth 1 and 3 and through a row's scope, against the same action sent to the store
/// (issue 47: any scope at ≤ 3× the store).
struct DeepBench: Equatable, Sendable {
    struct Level3: Equatable, Sendable { var taps = 0 }
    struct Level2: Equatable, Sendable { var c = Level3() }
    struct Level1: Equatable, Sendable { var b = Level2() }
    var a = Level1()
}

@MainActor
func scopeDepthScenarios() -> [Scenario] {
    let deepReducer = Reducer<DeepBench>.on(TapChild.self) { state, _ in state.a.b.c.taps &+= 1 }
    var scenarios: [Scenario] = []
    for depth in [0, 1, 3] {
        scenarios.append(
            Scenario(
                name: depth == 0
                    ? "scope, depth 0, an action sent to the store"
                    : "scope, depth \(depth), an action sent through the scope",
                note: depth == 0
                    ? "the baseline of the next: the same action and reducer, through no scope"
                    : "store.scope(\\.a)\(depth == 3 ? ".scope(\\.b).scope(\\.c)" : ""): member scopes pass the action on"
            ) {
                let store = Store(initialState: DeepBench(), reducer: deepReducer)
                let action: any Action = TapChild()
                switch depth {
                case 0:
                    return { n in
                        for _ in 0..<n { store.dispatch(action) }
                    }
                case 1:
                    let scope = store.scope(\.a)
                    return { n in
                        for _ in 0..<n { scope.dispatch(action) }
                    }
                default:
                    let scope = store.scope(\.a).scope(\.b).scope(\.c)
                    return { n in
                        for _ in 0..<n { scope.dispatch(action) }
                    }
                }
            })
    }
    // Issue 47: a row's action costs the same whatever the rows (1, 100, 1,000 and 10,000), the
    // middle row's scope held.
    for size in [1, 100, 1_000, 10_000] {
        scenarios.append(
            Scenario(
                name: "scope, a row of \(size), an action sent through the row",
                note: "store.scope(\\.rows, id: \(size / 2)) of an IdentifiedArray with forEach(\\.rows, element:)"
            ) {
                let (_, row) = rowScope(of: size)  // the row's scope holds its store
                let action: any Action = TapChild()
                return { n in
                    for _ in 0..<n { row?.dispatch(action) }
                }
            })
        scenarios.append(
            Scenario(
                name: "scope, a row of \(size), the row's action sent to the store",
                note: "the previous scenario's action as the row's scope wraps it, sent to the store, the scope held"
            ) {
                let (store, row) = rowScope(of: size)
                let action: any Action = ElementAction(path: "rows", id: size / 2, TapChild())
                reachesChild(store, action) { $0.rows[id: size / 2]?.value ?? 0 }
                return dispatching(action, to: store, holding: row)
            })
    }
    return scenarios
}

/// A list whose items the stack's detail screens show as copies (`SharedValues`), and the same
/// state without sharing (issue 47's shared-values goal).
struct SharedItem: Identifiable, Equatable, Sendable {
    var id: Int
    var title = ""
}
struct SharedDetail: Equatable, Sendable {
    var item: SharedItem
    var taps = 0
}
enum SharedScreen: Equatable, Sendable { case detail(SharedDetail) }
struct SharedBench: Equatable, Sendable, SharedValues {
    var count = 0
    var items: IdentifiedArrayOf<SharedItem>
    var path: StackState<SharedScreen>

    static var sharing: [Sharing<SharedBench>] {
        [.values(of: \.items, in: \.path, at: .child(case: SharedScreen.detail, \.item))]
    }
}
struct UnsharedBench: Equatable, Sendable {
    var count = 0
    var items: IdentifiedArrayOf<SharedItem>
    var path: StackState<SharedScreen>
}
struct RenameFirst: Action {}
struct TapFirstScreen: Action {}

/// Issue 47: `SharedValues` with 10, 1,000 and 10,000 copies — an action touching no shared value
/// (its goal: ≤ 5% over the same store without sharing) and an edit of one shared value.
@MainActor
func sharingScenarios() -> [Scenario] {
    var scenarios: [Scenario] = []
    for copies in [10, 1_000, 10_000] {
        let items = { IdentifiedArrayOf(uniqueElements: (0..<copies).map { SharedItem(id: $0) }) }
        let path = {
            StackState(screens: (0..<copies).map { SharedScreen.detail(SharedDetail(item: SharedItem(id: $0))) })
        }
        scenarios.append(
            Scenario(
                name: "sharing, \(copies) copies, an action touching none",
                note: "SharedValues: the list's items shown by \(copies) stack screens; the action changes a counter"
            ) {
                let reducer = Reducer<SharedBench>.on(Increment.self) { state, _ in state.count &+= 1 }
                let store = Store(initialState: SharedBench(items: items(), path: path()), reducer: reducer)
                let action: any Action = Increment()
                return { n in
                    for _ in 0..<n { store.dispatch(action) }
                }
            })
        scenarios.append(
            Scenario(
                name: "sharing, \(copies) copies, no sharing declared",
                note: "the same state and action without SharedValues: the baseline of the previous"
            ) {
                let reducer = Reducer<UnsharedBench>.on(Increment.self) { state, _ in state.count &+= 1 }
                let store = Store(initialState: UnsharedBench(items: items(), path: path()), reducer: reducer)
                let action: any Action = Increment()
                return { n in
                    for _ in 0..<n { store.dispatch(action) }
                }
            })
        scenarios.append(
            Scenario(
                name: "sharing, \(copies) copies, an edit of one shared value",
                note: "the first item renamed in the list: its copy on a screen follows"
            ) {
                let reducer = Reducer<SharedBench>.on(RenameFirst.self) { state, _ in
                    let title = state.items[id: 0]?.title == "a" ? "b" : "a"
                    state.items[id: 0]?.title = title
                }
                let store = Store(initialState: SharedBench(items: items(), path: path()), reducer: reducer)
                let action: any Action = RenameFirst()
                return { n in
                    for _ in 0..<n { store.dispatch(action) }
                }
            })
        scenarios.append(
            Scenario(
                name: "sharing, \(copies) copies, an action of one screen",
                note: "the bottom screen changes a member other than its copy: only that screen's copy is read"
            ) {
                let reducer = Reducer<SharedBench>.on(TapFirstScreen.self) { state, _ in
                    guard case .detail(var detail) = state.path[0].state else { return }
                    detail.taps &+= 1
                    state.path[0].state = .detail(detail)
                }
                let store = Store(initialState: SharedBench(items: items(), path: path()), reducer: reducer)
                let action: any Action = TapFirstScreen()
                return { n in
                    for _ in 0..<n { store.dispatch(action) }
                }
            })
    }
    return scenarios
}
/// A row of a list that declares its `total` the shared value of a key (`SharedState`, issue 63).
struct FeatureSharedRow: Identifiable, Equatable, Sendable, SharedState {
    var id: Int
    var total = 0
    var taps = 0
    static let shared: [SharedMember<Self>] = [.inMemory("total", \.total)]
}
struct FeatureSharedBench: Equatable, Sendable {
    var count = 0
    var rows: IdentifiedArrayOf<FeatureSharedRow>
}
struct AddToTotal: Action {}
/// Adds a row when the list has its first count, removes the last one otherwise: a row comes or
/// goes on every action, the list's size stays.
struct AddOrRemoveRow: Action { var rows: Int }

/// Issue 63: shared values a feature declares, held by every row of a list — found through the
/// reducers' composition. After an action only what it may have changed is looked at (a list whose
/// version is the same is skipped); an edit of one copy writes every other.
@MainActor
func featureSharingScenarios() -> [Scenario] {
    var scenarios: [Scenario] = []
    for rows in [10, 1_000] {
        // Made when the scenario runs: composing it records where the copies are, in tables other
        // scenarios' stores would otherwise be made beside.
        let reducer = {
            Reducer<FeatureSharedBench>.on(Increment.self) { state, _ in state.count &+= 1 }
                .forEach(\.rows, element: .on(AddToTotal.self) { row, _ in row.total &+= 1 })
        }
        let initial = {
            FeatureSharedBench(rows: IdentifiedArrayOf(uniqueElements: (0..<rows).map { FeatureSharedRow(id: $0) }))
        }
        scenarios.append(
            Scenario(
                name: "feature sharing, \(rows) rows, an action touching none",
                note: "SharedState: every row's total is one in-memory value; the action changes a counter"
            ) {
                let store = Store(initialState: initial(), reducer: reducer())
                return dispatching(Increment(), to: store, holding: nil)
            })
        scenarios.append(
            Scenario(
                name: "feature sharing, \(rows) rows, an edit of one row's shared value",
                note: "the first row's total changed through its scope: every row follows",
                scale: rows
            ) {
                let store = Store(initialState: initial(), reducer: reducer())
                let action: any Action = ElementAction(path: "rows", id: 0, AddToTotal())
                reachesChild(store, action) { $0.rows[id: 0]?.total ?? 0 }
                return dispatching(action, to: store, holding: nil)
            })
        scenarios.append(
            Scenario(
                name: "feature sharing, \(rows) rows, a row added or removed",
                note: "a row comes (showing its own total, made the others') or goes on each action"
            ) {
                let store = Store(
                    initialState: initial(),
                    reducer: Reducer<FeatureSharedBench>.on(AddOrRemoveRow.self) { state, action in
                        if state.rows.count == action.rows {
                            // A new row shows its own total: the reconciliation makes it the others'.
                            state.rows.append(FeatureSharedRow(id: action.rows, total: -1))
                        } else {
                            _ = state.rows.removeLast()
                        }
                    }
                    .forEach(\.rows, element: .on(AddToTotal.self) { row, _ in row.total &+= 1 }))
                let action: any Action = AddOrRemoveRow(rows: rows)
                store.dispatch(action)
                precondition(store.rows.count == rows + 1 && store.rows[id: rows]?.total == 0, "the new row follows")
                store.dispatch(action)
                return dispatching(action, to: store, holding: nil)
            })
    }
    return scenarios
}
