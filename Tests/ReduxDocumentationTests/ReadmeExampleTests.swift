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

private let printed = Printed()
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.record(items, separator: separator)
}

@MainActor
struct ReadmeExampleTests {
    @Test func readmeExample() {
        let store = Store(initialState: AppState(), reducer: reducer, middleware: [audit])
        let subscription = store.subscribe(to: \.count) { print("count:", $0) }  // prints "count: 0"
        store.dispatch(Increment())  // prints "count: 1"
        print(store.notes)  // ["now 1"]
        #expect(printed.lines == ["count: 0", "count: 1", #"["now 1"]"#])
        subscription.cancel()
    }
}
