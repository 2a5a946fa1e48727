import Redux
import ReduxEffects

/// The same reducer as `makeReducer()`, written with `Reducer.commands(on:)` and returning no work.
@inline(never)
func makeCommandReducer() -> Reducer<BenchState> {
    .combine(
        .commands(on: Increment.self) { state, _ in
            state.count &+= 1
            return .none
        },
        .commands(on: TouchItem.self) { state, action in
            state.items[action.index] &+= 1
            return .none
        }
    )
}

/// An action whose reduction starts one async operation that does nothing.
struct StartWork: Action {}

/// A sheet's state, and a state that shows it.
struct SheetChild: Equatable, Sendable { var taps = 0 }
struct SheetBench: Equatable, Sendable {
    var count = 0
    var sheet: SheetChild? = SheetChild()
}
struct TapChild: Action {}

/// Scenarios for ReduxEffects (issue 14).
@MainActor
func effectsScenarios() -> [Scenario] {
    [
        Scenario(
            name: "presentation, sheet shown, an action for the parent",
            note: "ifLet(\\.sheet, then:) while the sheet is shown: what every action of an app showing one pays"
        ) {
            let reducer = Reducer<SheetBench>.on(Increment.self) { state, _ in state.count &+= 1 }
                .ifLet(\.sheet, then: .on(TapChild.self) { child, _ in child.taps &+= 1 })
            let store = Store(initialState: SheetBench(), reducer: reducer)
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        },
        Scenario(
            name: "commands, plain reducer", note: "makeReducer(): the baseline of the next"
        ) {
            let store = Store(
                initialState: BenchState(elements: smallState), reducer: makeReducer())
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        },
        Scenario(
            name: "commands, reducer returning no work",
            note: "makeReducer() as Reducer.commands(on:) returning .none"
        ) {
            let store = Store(
                initialState: BenchState(elements: smallState), reducer: makeCommandReducer())
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        },
        Scenario(
            name: "commands, async operation start", note: "task start and finish included",
            async: {
                let reducer = Reducer<BenchState>.commands(on: StartWork.self) { _, _ in .run { _ in } }
                let store = Store(
                    initialState: BenchState(elements: smallState), reducer: reducer)
                let action: any Action = StartWork()
                return { n in
                    for index in 0..<n {
                        store.dispatch(action)
                        if index % 1_000 == 999 { await store.effects.waitForAll() }
                    }
                    await store.effects.waitForAll()
                }
            }),
    ]
}
