import Redux
import ReduxTestSupport
import Testing

@testable import ReduxThunk

/// A thunk dispatched to a store without the thunk middleware: no crash, nothing reduced, a
/// debug-build warning naming the middleware, and `run` says it did not start.
@MainActor
@Suite(.serialized)
struct MissingMiddlewareTests {
    @Test func thunkWithoutMiddlewareDoesNothingAndWarnsInDebug() {
        let warnings = Log<String>()
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { warnings.append($0) }
        defer { Diagnostics.sink = previous }

        let store = Store(initialState: AppState(), reducer: appReducer)
        let ran = Log<Bool>()
        store.dispatch(Thunk<AppState, Dependencies> { _ in ran.append(true) })
        store.dispatch(Thunk<AppState, Dependencies> { _ in ran.append(true) })
        #expect(ran.items.isEmpty)
        #expect(store.count == 0)
        #if DEBUG
            #expect(warnings.items.count == 1)
            #expect(warnings.items.first?.contains("thunkMiddleware(extra:)") == true)
            #expect(warnings.items.first?.contains("Dependencies") == true)
        #endif
    }

    @Test func runWithoutMiddlewareThrowsNotStarted() async {
        let previous = Diagnostics.sink
        Diagnostics.sink = { _ in }
        defer { Diagnostics.sink = previous }
        let store = Store(initialState: AppState(), reducer: appReducer)
        await #expect(throws: ThunkError.notStarted) {
            try await store.run(AsyncThunk<AppState, Void, Int> { _ in 1 })
        }
    }

    @Test func thunkForAnotherExtraTypeIsNotRun() {
        let previous = Diagnostics.sink
        Diagnostics.sink = { _ in }
        defer { Diagnostics.sink = previous }
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()])
        let ran = Log<Bool>()
        store.dispatch(Thunk<AppState, Dependencies> { _ in ran.append(true) })
        #expect(ran.items.isEmpty)
    }
}
