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
            #expect(warnings.items.first?.contains("thunkMiddleware()") == true)
            #expect(warnings.items.first?.contains("Thunk<AppState, Dependencies>") == true)
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

    @Test func aThunkWhoseExtraIsNotTheStoresDependenciesIsNotRunAndTheErrorNamesBothTypes() {
        let errors = Log<String>()
        for given in [nil, "a string" as (any Sendable)?] {
            let store = Store(
                initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()], dependencies: given,
                onError: { error, action in errors.append("\(type(of: action)): \(error)") })
            let ran = Log<Bool>()
            store.dispatch(Thunk<AppState, Dependencies> { _ in ran.append(true) })
            #expect(ran.items.isEmpty)
        }
        #expect(
            errors.items == [
                "Thunk<AppState, Dependencies>: Thunk<AppState, Dependencies> asked for dependencies of type "
                    + "Dependencies, but the store was given none; pass them once: "
                    + "Store(initialState:reducer:middleware:dependencies:)",
                "Thunk<AppState, Dependencies>: Thunk<AppState, Dependencies> asked for dependencies of type "
                    + "Dependencies, but the store was given a String; pass them once: "
                    + "Store(initialState:reducer:middleware:dependencies:)",
            ])
    }

    @Test func runOfAThunkWhoseExtraIsNotTheStoresDependenciesThrowsTheMismatch() async {
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()])
        for _ in 0..<2 {  // the second run is reported too: the mismatched type is not remembered
            let error = await #expect(throws: DependenciesMismatch.self) {
                try await store.run(AsyncThunk<AppState, Dependencies, Int> { _ in 1 })
            }
            #expect(
                error
                    == DependenciesMismatch(
                        requester: "AsyncThunk<AppState, Dependencies, Int>", expected: "Dependencies", found: nil))
        }
        #expect(store.count == 0)
    }

    @Test func aThunkForAnotherStateTypeIsNotRunAndTheWarningNamesBothStores() {
        let warnings = Log<String>()
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { warnings.append($0) }
        defer { Diagnostics.sink = previous }
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [thunkMiddleware()])
        let ran = Log<Bool>()
        store.dispatch(Thunk<Int, Void> { _ in ran.append(true) })
        #expect(ran.items.isEmpty)
        #if DEBUG
            let mismatch = warnings.items.first { $0.contains("was not run by") }
            #expect(
                mismatch?.contains("thunkMiddleware() in a Store<AppState>; it needs thunkMiddleware() in a Store<Int>")
                    == true)
        #endif
    }
}
