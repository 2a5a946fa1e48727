import Redux
import ReduxEffects
import ReduxTestSupport

struct AppState: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var log: [String] = []
    var isLoading = false
    var error: String?
    var child = Child()

    struct Child: Equatable, Sendable { var count = 0 }
}

struct Search: Action { var query: String }
struct Results: Action { var results: [String] }
struct Failed: Action { var message: String }
struct Note: Action { var text: String }
struct Ping: Action {}
struct Tick: Action {}

struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }

/// Dependencies handed to commands by the middleware.
struct SearchClient: Sendable {
    var search: @Sendable (String) async throws -> [String]
}

/// Appends every action's type name to `log`, so tests see the order of reductions.
let logEveryAction = Reducer<AppState> { state, action in
    state.log.append(String(describing: type(of: action)))
}

let noteReducer = Reducer<AppState>.on(Note.self) { state, action in
    state.log.append("note: \(action.text)")
}

let resultsReducer = Reducer<AppState>.combine(
    .on(Results.self) { state, action in
        state.isLoading = false
        state.results = action.results
    },
    .on(Failed.self) { state, action in
        state.isLoading = false
        state.error = action.message
    }
)
