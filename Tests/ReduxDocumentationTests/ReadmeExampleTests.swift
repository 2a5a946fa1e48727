import Redux
// The example in README.md, kept compiling and checked. Declarations are copied with `private`
// added; statements run inside the test.
import ReduxTestSupport
import Testing

private struct AppState: Equatable { var count = 0; var notes: [String] = [] }
private struct Increment: Action {}
private struct Note: Action { var text: String }

private let reducer = Reducer<AppState>.combine(
    .on(Increment.self) { state, _ in state.count += 1 },
    .on(Note.self) { state, action in state.notes.append(action.text) }
)

private let audit: Middleware<AppState> = { dispatch, getState in
    { next in
        { action in
            next(action)
            if action is Increment { dispatch(Note(text: "now \(getState().count)")) }
        }
    }
}

@MainActor
struct ReadmeExampleTests {
    @Test func readmeExample() {
        let printed = Log<String>()
        let store = Store(initialState: AppState(), reducer: reducer, middleware: [audit])
        let subscription = store.subscribe(to: \.count) { printed.append("count: \($0)") }
        store.dispatch(Increment())
        #expect(store.notes == ["now 1"])
        #expect(printed.items == ["count: 0", "count: 1"])
        subscription.cancel()
    }
}
