import ReduxTestSupport
import Testing

@testable import Redux

struct ReducerTests {
    @Test func onHandlesOnlyItsActionType() {
        let reducer = Reducer<Counter>.on(Add.self) { state, action in state.count += action.amount }
        var state = Counter()
        reducer.reduce(&state, Add(amount: 3))
        reducer.reduce(&state, Increment())
        reducer.reduce(&state, Unknown())
        #expect(state.count == 3)
    }

    @Test func combineRunsReducersInOrder() {
        let first = Reducer<Counter>.on(Increment.self) { state, _ in state.history.append(1) }
        let second = Reducer<Counter>.on(Increment.self) { state, _ in state.history.append(2) }
        var variadic = Counter()
        Reducer.combine(first, second).reduce(&variadic, Increment())
        var array = Counter()
        Reducer.combine([second, first]).reduce(&array, Increment())
        #expect(variadic.history == [1, 2])
        #expect(array.history == [2, 1])
    }

    @Test func combineOfNothingLeavesStateUntouched() {
        var state = Counter(count: 7)
        Reducer<Counter>.combine([]).reduce(&state, Increment())
        #expect(state == Counter(count: 7))
    }

    @Test func pullbackAppliesToThePartOnly() {
        struct App: Equatable { var left = Counter(); var right = Counter() }
        let reducer = Reducer<App>.combine(
            counterReducer.pullback(\App.left),
            Reducer<Counter>.on(Rename.self) { state, action in state.name = action.name }.pullback(\App.right)
        )
        var state = App()
        reducer.reduce(&state, Add(amount: 2))
        reducer.reduce(&state, Rename(name: "r"))
        #expect(state.left.count == 2)
        #expect(state.left.name == "r")
        #expect(state.right.count == 0)
        #expect(state.right.name == "r")
    }

    @Test func returningInitializerMigratesValueReducers() {
        let reducer = Reducer<Int>(returning: { state, action in
            action is Increment ? state + 1 : state
        })
        var state = 0
        reducer.reduce(&state, Increment())
        reducer.reduce(&state, Unknown())
        #expect(state == 1)
    }

    @Test func onMatchesSubclassesOfClassActions() {
        class Base: Action, @unchecked Sendable { let value: Int; init(_ value: Int) { self.value = value } }
        final class Derived: Base, @unchecked Sendable {}
        let reducer = Reducer<Int>.on(Base.self) { state, action in state += action.value }
        var state = 0
        reducer.reduce(&state, Base(1))
        reducer.reduce(&state, Derived(10))
        reducer.reduce(&state, Increment())
        #expect(state == 11)
    }

    @Test func onCastsLargeActionsThatDoNotFitInline() {
        struct Big: Action { var a = 1, b = 2, c = 3, d = 4, e = 5, text = "big" }
        let reducer = Reducer<Int>.on(Big.self) { state, action in state += action.a + action.e + action.text.count }
        var state = 0
        reducer.reduce(&state, Big())
        #expect(state == 9)
    }

    @Test func reducerMutatesLargeArrayInPlace() {
        var state = Counter(history: Array(repeating: 0, count: 100_000))
        let reducer = Reducer<Counter>.on(Add.self) { state, action in state.history[0] += action.amount }
        let before = state.history.withUnsafeBufferPointer { $0.baseAddress }
        reducer.reduce(&state, Add(amount: 1))
        let after = state.history.withUnsafeBufferPointer { $0.baseAddress }
        #expect(before == after)
        #expect(state.history[0] == 1)
    }
}
