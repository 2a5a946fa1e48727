import ReduxTestSupport
import Testing

@testable import Redux

@MainActor
struct StreamTests {
    @Test func statesStreamYieldsCurrentThenEveryState() async {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let stream = store.states()
        store.dispatch(Increment())
        store.dispatch(Add(amount: 2))
        var counts: [Int] = []
        for await state in stream {
            counts.append(state.count)
            if counts.count == 3 { break }
        }
        #expect(counts == [0, 1, 3])
    }

    @Test func valuesStreamSkipsRepeats() async {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let stream = store.values(of: \.name)
        store.dispatch(Increment())
        store.dispatch(Rename(name: "a"))
        store.dispatch(Rename(name: "a"))
        store.dispatch(Rename(name: "b"))
        var names: [String] = []
        for await name in stream {
            names.append(name)
            if names.count == 3 { break }
        }
        #expect(names == ["counter", "a", "b"])
    }

    @Test func streamFinishesWhenTheStoreIsReleased() async {
        var store: Store<Counter>? = Store(initialState: Counter(), reducer: counterReducer)
        let stream = store?.values(of: \.count)
        store?.dispatch(Increment())
        store = nil
        var values: [Int] = []
        if let stream {
            for await value in stream { values.append(value) }
        }
        #expect(values == [0, 1])
    }
}
