import Redux
import ReduxTestSupport
import ReduxThunk

/// The dependencies handed to thunks as their extra argument.
struct Dependencies: Sendable {
    var greeting: String
    var userName: @Sendable (Int) async throws -> String
}

struct AppState: Equatable, Sendable {
    var count = 0
    var user: String?
    var isLoading = false
    var error: String?
    /// Every action that reached the reducer, by type name.
    var reduced: [String] = []
}

struct Increment: Action {}
struct SetUser: Action { var name: String }

enum LoadUser {}

struct LookupFailed: Error, Equatable {}

let appReducer = Reducer<AppState>.combine(
    Reducer { state, action in state.reduced.append(String(describing: type(of: action))) },
    .on(Increment.self) { state, _ in state.count += 1 },
    .on(SetUser.self) { state, action in state.user = action.name },
    .on(ThunkLifecycle.Pending<LoadUser>.self) { state, _ in state.isLoading = true },
    .on(ThunkLifecycle.Fulfilled<LoadUser, String>.self) { state, action in
        state.isLoading = false
        state.user = action.value
    },
    .on(ThunkLifecycle.Rejected<LoadUser>.self) { state, action in
        state.isLoading = false
        switch action.reason {
        case .cancelled: state.error = "cancelled"
        case .failed(let error): state.error = "\(error)"
        }
    }
)
