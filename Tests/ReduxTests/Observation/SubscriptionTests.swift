import ReduxTestSupport
import Testing

@testable import Redux

@MainActor
struct SubscriptionTests {
    @Test func subscribeDeliversTheCurrentStateAtOnceThenOnePerAction() {
        let store = Store(initialState: Counter(count: 5), reducer: counterReducer)
        let seen = Log<Int>()
        let subscription = store.subscribe { seen.append($0.count) }
        #expect(seen.items == [5])
        store.dispatch(Increment())
        store.dispatch(Unknown())
        #expect(seen.items == [5, 6, 6])
        subscription.cancel()
    }

    @Test func subscribersAreCalledInSubscriptionOrder() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let order = Log<String>()
        let subscriptions = ["a", "b", "c"].map { tag in store.subscribe { _ in order.append(tag) } }
        store.dispatch(Increment())
        #expect(order.items == ["a", "b", "c", "a", "b", "c"])
        subscriptions.forEach { $0.cancel() }
    }

    @Test func keyPathSubscriptionDeliversOnlyChanges() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let names = Log<String>()
        let subscription = store.subscribe(to: \.name) { names.append($0) }
        store.dispatch(Increment())
        store.dispatch(Rename(name: "a"))
        store.dispatch(Rename(name: "a"))
        store.dispatch(Rename(name: "b"))
        #expect(names.items == ["counter", "a", "b"])
        subscription.cancel()
    }

    @Test func cancelStopsDelivery() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let seen = Log<Int>()
        let subscription = store.subscribe { seen.append($0.count) }
        subscription.cancel()
        subscription.cancel()
        store.dispatch(Increment())
        #expect(seen.items == [0])
        #expect(subscription.isCancelled)
    }

    @Test func releasingTheSubscriptionStopsDelivery() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let seen = Log<Int>()
        var subscription: Subscription? = store.subscribe { seen.append($0.count) }
        store.dispatch(Increment())
        #expect(subscription != nil)
        subscription = nil
        store.dispatch(Increment())
        #expect(seen.items == [0, 1])
    }

    @Test func cancellingDuringANotificationPassStopsDeliveryAtOnce() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let seen = Log<String>()
        var later: Subscription?
        let first = store.subscribe { state in
            seen.append("first \(state.count)")
            if state.count == 1 { later?.cancel() }
        }
        later = store.subscribe { state in seen.append("later \(state.count)") }
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(seen.items == ["first 0", "later 0", "first 1", "first 2"])
        first.cancel()
    }

    @Test func subscribingDuringANotificationPassStartsWithTheCurrentState() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let seen = Log<Int>()
        var added: Subscription?
        let first = store.subscribe { state in
            if state.count == 1, added == nil {
                added = store.subscribe { seen.append($0.count) }
            }
        }
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(seen.items == [1, 2])
        first.cancel()
        added?.cancel()
    }

    @Test func subscriptionDoesNotKeepTheStoreAlive() {
        weak var weakStore: Store<Counter>?
        var subscription: Subscription?
        do {
            let store = Store(initialState: Counter(), reducer: counterReducer)
            weakStore = store
            subscription = store.subscribe { _ in }
        }
        #expect(weakStore == nil)
        subscription?.cancel()
        #expect(subscription?.isCancelled == true)
    }
}

struct SubscriptionReleaseOffMainTests {
    /// Holds a subscription so that a detached task can release it off the main actor.
    final class Holder: @unchecked Sendable {
        var subscription: Subscription?
    }

    @Test func subscriptionReleasedOffTheMainActorIsCancelled() async {
        let store = await Store(initialState: Counter(), reducer: counterReducer)
        let seen = await Log<Int>()
        let holder = Holder()
        holder.subscription = await store.subscribe { seen.append($0.count) }
        await Task.detached { holder.subscription = nil }.value
        // The cancellation was enqueued on the main actor; wait for it to have run.
        var yields = 0
        while await store.core.hasNoSubscribers == false, yields < 10_000 {
            await Task.yield()
            yields += 1
        }
        await store.dispatch(Increment())
        #expect(await seen.items == [0])
    }
}
