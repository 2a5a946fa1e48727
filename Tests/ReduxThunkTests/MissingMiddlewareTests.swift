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

    @Test func runWithoutMiddlewareThrowsNotStartedNamingTheThunk() async {
        let previous = Diagnostics.sink
        Diagnostics.sink = { _ in }
        defer { Diagnostics.sink = previous }
        let store = Store(initialState: AppState(), reducer: appReducer)
        let error = await #expect(throws: ThunkError.self) {
            try await store.run(AsyncThunk<AppState, Void, Int> { _ in 1 })
        }
        #expect(error == .notStarted(thunk: "AsyncThunk<AppState, (), Int>"))
        #expect("\(error.map { "\($0)" } ?? "")".contains("no thunk middleware"))
    }

    @Test func thunkForAnotherExtraTypeIsNotRunAndTheWarningNamesBothTypes() {
        let warnings = Log<String>()
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { warnings.append($0) }
        defer { Diagnostics.sink = previous }
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()])
        let ran = Log<Bool>()
        store.dispatch(Thunk<AppState, Dependencies> { _ in ran.append(true) })
        #expect(ran.items.isEmpty)
        #if DEBUG
            let mismatch = warnings.items.first { $0.contains("was not run by") }
            #expect(mismatch?.contains("thunkMiddleware(extra:) with an extra of type () in a Store<AppState>") == true)
            #expect(mismatch?.contains("it needs thunkMiddleware(extra:) with an extra of type Dependencies") == true)
        #endif
    }

    @Test func runOfAThunkForAnotherExtraTypeSaysWhatMismatched() async {
        let previous = Diagnostics.sink
        Diagnostics.sink = { _ in }
        defer { Diagnostics.sink = previous }
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()])
        for _ in 0..<2 {  // the second run is reported too: the mismatched type is not remembered
            let error = await #expect(throws: ThunkError.self) {
                try await store.run(AsyncThunk<AppState, Dependencies, Int> { _ in 1 })
            }
            #expect(
                error
                    == .typeMismatch(
                        thunk: "AsyncThunk<AppState, Dependencies, Int>",
                        middleware: ["thunkMiddleware(extra:) with an extra of type () in a Store<AppState>"]))
        }
        #expect(store.count == 0)
    }
}
