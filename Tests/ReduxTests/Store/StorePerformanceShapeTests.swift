import ReduxTestSupport
import Testing

@testable import Redux

/// SPEC §4.4: a dispatch costs the same whatever the size of the state. Timing lives in
/// redux-bench; this checks the property that makes it true: nothing copies the state.
@MainActor
struct StorePerformanceShapeTests {
    struct Big: Sendable { var items = Array(repeating: 0, count: 100_000); var count = 0 }
    struct Touch: Action { var index: Int }

    func firstElementAddress(_ store: Store<Big>) -> UnsafePointer<Int>? {
        store.core.state.items.withUnsafeBufferPointer { $0.baseAddress }
    }

    @Test func reducingOneElementDoesNotCopyTheArray() {
        let store = Store(
            initialState: Big(), reducer: .on(Touch.self) { state, action in state.items[action.index] += 1 })
        let before = firstElementAddress(store)
        store.dispatch(Touch(index: 7))
        store.dispatch(Touch(index: 99_999))
        let after = firstElementAddress(store)
        #expect(before == after)
        #expect(store.state.items[7] == 1)
        #expect(store.state.items[99_999] == 1)
    }

    @Test func reducingDoesNotCopyTheArrayWithMiddlewareAndCountObservers() {
        let passThrough: Middleware<Big> = { _, _ in { next in { action in next(action) } } }
        let store = Store(
            initialState: Big(), reducer: .on(Touch.self) { state, action in state.items[action.index] += 1 },
            middleware: [passThrough])
        let subscription = store.subscribe(to: \.count) { _ in }
        _ = store.count
        let before = firstElementAddress(store)
        store.dispatch(Touch(index: 1))
        #expect(firstElementAddress(store) == before)
        subscription.cancel()
    }
}
