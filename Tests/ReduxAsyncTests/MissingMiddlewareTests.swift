import Redux
import ReduxTestSupport
import Testing

@testable import ReduxAsync

/// An async action that reaches the reducer without its middleware: nothing starts, no crash, and
/// a debug-build warning names the middleware and the state it must serve.
@MainActor
@Suite(.serialized)
struct AsyncMissingMiddlewareTests {
    struct OtherState: Equatable { var flag = false }

    /// Only used here, so that warnings about it come from these tests.
    struct Refresh: AsyncAction {
        let started: Log<Bool>
        @MainActor
        func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> SearchState) async throws {
            started.append(true)
        }
    }

    struct RefreshOther: AsyncAction {
        @MainActor
        func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> OtherState) async throws {}
    }

    func capturingWarnings(_ body: () async -> Void) async -> [String] {
        let warnings = Log<String>()
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { warnings.append($0) }
        await body()
        Diagnostics.sink = previous
        return warnings.items
    }

    let loading = Reducer<SearchState>.on(Refresh.self) { state, _ in state.isLoading = true }

    @Test func withoutTheMiddlewareNothingStartsAndDebugBuildsSaySo() async {
        let started = Log<Bool>()
        let warnings = await capturingWarnings {
            let store = Store(initialState: SearchState(), reducer: loading)
            store.dispatch(Refresh(started: started))
            store.dispatch(Refresh(started: started))
            await store.effects.waitForAll()
        }
        #expect(started.items.isEmpty)
        #if DEBUG
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("Refresh reached the reducer of a Store<SearchState>") == true)
            #expect(warnings.first?.contains("add asyncActionMiddleware() in a Store<SearchState>") == true)
        #endif
    }

    @Test func anActionTypedForAnotherStateIsNamed() async {
        let warnings = await capturingWarnings {
            let store = Store(
                initialState: SearchState(), reducer: searchReducer, middleware: [asyncActionMiddleware()])
            store.dispatch(RefreshOther())
            await store.effects.waitForAll()
            #expect(store.effects.isEmpty)
        }
        #if DEBUG
            #expect(warnings.count == 1)
            #expect(
                warnings.first?.contains(
                    "RefreshOther is written for a Store<OtherState> but reached the reducer of a Store<SearchState>")
                    == true)
            #expect(warnings.first?.contains("return a Command from the feature's reducer") == true)
        #endif
    }

    @Test func withTheMiddlewareNothingIsSaid() async {
        let started = Log<Bool>()
        let warnings = await capturingWarnings {
            let store = Store(initialState: SearchState(), reducer: loading, middleware: [asyncActionMiddleware()])
            for _ in 0..<3 { store.dispatch(Refresh(started: started)) }
            #expect(store.isLoading)  // the action still reaches the reducer
            await store.effects.waitForAll()
        }
        #expect(started.items.count == 3)
        #expect(warnings.isEmpty)
    }

    @Test func aMiddlewareBuiltOutsideAStoreIsToldItsWorkIsStandalone() async {
        let warnings = await capturingWarnings {
            let factory: Middleware<SearchState> = asyncActionMiddleware()
            _ = factory({ _ in }, { SearchState() })
        }
        #if DEBUG
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("asyncActionMiddleware() was built outside a store's initializer") == true)
        #else
            #expect(warnings.isEmpty)
        #endif
    }
}
