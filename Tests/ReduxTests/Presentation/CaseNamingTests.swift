import Testing

@testable import Redux

/// Issue 37, point 4: a computed case is named by its value's type with the types it is nested in,
/// so two features' `State`s are two names, and an action for one screen never reaches the other.
@MainActor
struct CaseNamingTests {
    enum DetailFeature {
        struct State: Equatable, Sendable { var taps = 0 }
    }

    enum RecordFeature {
        struct State: Equatable, Sendable { var taps = 0 }
    }

    struct Tap: Action, Equatable {}

    enum Screen: Equatable, Sendable {
        case detail(DetailFeature.State)
        case record(RecordFeature.State)

        var detail: DetailFeature.State? {
            get { if case .detail(let state) = self { state } else { nil } }
            set { if let newValue { self = .detail(newValue) } }
        }

        var record: RecordFeature.State? {
            get { if case .record(let state) = self { state } else { nil } }
            set { if let newValue { self = .record(newValue) } }
        }
    }

    struct App: Equatable, Sendable { var path = StackState<Screen>() }

    @Test func twoFeaturesStatesAreTwoNames() {
        #expect(ElementAction.path(of: \Screen.detail) == "(CaseNamingTests.DetailFeature.State)")
        #expect(ElementAction.path(of: \Screen.record) == "(CaseNamingTests.RecordFeature.State)")
        #expect(ElementAction.path(of: \App.path) == "path")
    }

    @Test func anActionForTheDetailNeverReachesARecordScreen() {
        let screen = Reducer<Screen>.combine(
            Reducer<Screen> { _, _ in }.ifLet(\.detail, then: .on(Tap.self) { state, _ in state.taps += 1 }),
            Reducer<Screen> { _, _ in }.ifLet(\.record, then: .on(Tap.self) { state, _ in state.taps += 1 })
        )
        var state = App()
        let recorder = state.path.push(.record(RecordFeature.State()))
        let store = Store(initialState: state, reducer: Reducer<App> { _, _ in }.forEach(\.path, destination: screen))
        let warnings = Diagnostics.capture {
            store.dispatch(ElementAction(\App.path, id: recorder, ElementAction(\Screen.detail, id: nil, Tap())))
        }
        #expect(store.state.path[id: recorder]?.state == .record(RecordFeature.State()), "not delivered")
        #if DEBUG
            #expect(warnings.contains { $0.contains("DetailFeature.State") })
        #endif
    }
}
