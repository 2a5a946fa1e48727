import Testing

@testable import Redux

/// A reducer that touches its own store (issue 27): a read of the half-written state is refused
/// with a message naming the cause; subscribing is refused and cancelling deferred, each with a
/// warning — in debug and release builds alike.
@MainActor
struct ReducerTouchesStoreTests {
    struct Items: Equatable { var items: [Int] = []; var count = 0 }

    /// An action whose reduction runs `body` between two writes, as a ReSwift port's did.
    struct Call: Action {
        let body: @MainActor @Sendable () -> Void
    }

    nonisolated static let reducer = Reducer<Items> { state, action in
        guard let call = action as? Call else { return }
        state.items.append(state.count)
        MainActor.assumeIsolated { call.body() }
        state.count += 1
    }

    /// A holder the action's closure can reach the store through.
    final class Holder: @unchecked Sendable {
        var store: Store<Items>?
    }

    static func readWhileReducing(member: Bool) {
        let holder = Holder()
        holder.store = Store(initialState: Items(), reducer: reducer)
        if member {
            holder.store?.dispatch(Call { _ = holder.store?.count })
        } else {
            holder.store?.dispatch(Call { _ = holder.store?.state })
        }
    }

    func captureWarnings(_ body: () -> Void) -> [String] {
        var warnings: [String] = []
        let previous = Diagnostics.sink
        Diagnostics.sink = { warnings.append($0) }
        defer { Diagnostics.sink = previous }
        body()
        return warnings
    }

    @Test func readingTheStateWhileReducingStopsWithAMessageNamingTheCause() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await ReducerTouchesStoreTests.readWhileReducing(member: false)
            })
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(text.contains("a reducer read the state of its own Store<Items> while reducing"))
        #expect(text.contains("A reducer must be pure"))
    }

    @Test func readingAMemberWhileReducingStopsToo() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await ReducerTouchesStoreTests.readWhileReducing(member: true)
            })
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(text.contains("a reducer read the state of its own Store<Items>"))
    }

    @Test func subscribingWhileReducingIsRefusedWithAWarning() {
        let holder = Holder()
        let store = Store(initialState: Items(), reducer: Self.reducer)
        holder.store = store
        var calls = 0
        var subscription: Subscription?
        let warnings = captureWarnings {
            store.dispatch(Call { subscription = holder.store?.subscribe { _ in calls += 1 } })
        }
        #expect(warnings.contains { $0.contains("a reducer subscribed to its own Store<Items> while reducing") })
        #expect(subscription != nil)
        store.dispatch(Call {})
        #expect(calls == 0)  // never called: not even with a half-written first value
        #expect(store.state == Items(items: [0, 1], count: 2))
    }

    @Test func cancellingWhileReducingStopsTheSubscriberWithAWarning() async {
        let holder = Holder()
        let store = Store(initialState: Items(), reducer: Self.reducer)
        holder.store = store
        var seen: [Int] = []
        let subscription = store.subscribe { seen.append($0.count) }
        let warnings = captureWarnings {
            store.dispatch(Call { subscription.cancel() })
        }
        #expect(warnings.contains { $0.contains("a reducer cancelled a subscription of its own Store<Items>") })
        store.dispatch(Call {})
        #expect(seen == [0])  // the initial value only: stopped within the reduction that cancelled it
        for _ in 0..<10 { await Task.yield() }
        #expect(store.core.hasNoSubscribers)
    }
}
