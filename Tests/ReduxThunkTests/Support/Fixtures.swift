import Redux
import ReduxThunk

actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

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
    .on(Pending<LoadUser>.self) { state, _ in state.isLoading = true },
    .on(Fulfilled<LoadUser, String>.self) { state, action in
        state.isLoading = false
        state.user = action.value
    },
    .on(Rejected<LoadUser>.self) { state, action in
        state.isLoading = false
        switch action.reason {
        case .cancelled: state.error = "cancelled"
        case .failed(let error): state.error = "\(error)"
        }
    }
)

@MainActor
final class Log<Element> {
    private(set) var items: [Element] = []
    func append(_ item: Element) { items.append(item) }
}
