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
    }
    return scenarios
}
