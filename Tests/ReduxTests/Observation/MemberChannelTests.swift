import ReduxTestSupport
import Testing

@testable import Redux

/// Key-path subscribers share one comparison per watched member (`MemberChannel`), with SPEC §4.6
/// semantics unchanged: current value at once, one value per change, subscription order across all
/// kinds of subscribers, cancelling stops delivery at once.
@MainActor
struct MemberChannelTests {
    @Test func subscribersOfOneMemberShareAChannelUntilTheLastOneLeaves() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let first = Log<Int>()
        let second = Log<Int>()
        let a = store.subscribe(to: \.count) { first.append($0) }
        let b = store.subscribe(to: \Counter.count) { second.append($0) }  // another call site, equal path
        #expect(store.core.machine.subscribers.channels.count == 1)
        store.dispatch(Increment())
        a.cancel()
        store.dispatch(Increment())
        #expect(first.items == [0, 1])
        #expect(second.items == [0, 1, 2])
        b.cancel()
        #expect(store.core.machine.subscribers.channels.isEmpty)
        // A new subscriber starts from the current value, through a new channel.
        let third = Log<Int>()
        let c = store.subscribe(to: \.count) { third.append($0) }
        store.dispatch(Rename(name: "x"))
        store.dispatch(Increment())
        #expect(third.items == [2, 3])
        c.cancel()
    }

    @Test func orderIsSubscriptionOrderAcrossKeyPathWholeStateAndSelectorSubscribers() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let order = Log<String>()
        let subscriptions = [
            store.subscribe(to: \.count) { _ in order.append("count") },
            store.subscribe { _ in order.append("state") },
            store.subscribe(to: \.name) { _ in order.append("name") },
            store.subscribe(select: { $0.count * 2 }) { _ in order.append("double") },
            store.subscribe(to: \.count) { _ in order.append("count again") },
        ]
        order.removeAll()
        store.dispatch(Increment())
        #expect(order.items == ["count", "state", "double", "count again"])
        order.removeAll()
        store.dispatch(Rename(name: "renamed"))
        #expect(order.items == ["state", "name"])
        subscriptions.forEach { $0.cancel() }
    }

    @Test func aKeyPathSubscriberAddedDuringAPassStartsWithTheNewValueAndIsNotCalledAgainInThatPass() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let late = Log<Int>()
        var added: Subscription?
        let trigger = store.subscribe(to: \.count) { count in
            guard count == 1, added == nil else { return }
            added = store.subscribe(to: \.count) { late.append($0) }
        }
        store.dispatch(Increment())
        #expect(late.items == [1])
        store.dispatch(Increment())
        #expect(late.items == [1, 2])
        trigger.cancel()
        added?.cancel()
    }

    @Test func cancellingAChannelSubscriberDuringAPassStopsItAtOnce() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let seen = Log<String>()
        var second: Subscription?
        let first = store.subscribe(to: \.count) { count in
            seen.append("first \(count)")
            if count == 1 { second?.cancel() }
        }
        second = store.subscribe(to: \.count) { count in seen.append("second \(count)") }
        store.dispatch(Increment())
        #expect(seen.items == ["first 0", "second 0", "first 1"])
        first.cancel()
    }

    @Test func nothingIsCalledWhenNoWatchedMemberChanged() {
        let store = Store(initialState: Counter(), reducer: counterReducer)
        let seen = Log<Int>()
        let subscriptions = (0..<10).map { _ in store.subscribe(to: \.count) { seen.append($0) } }
        seen.removeAll()
        store.dispatch(Rename(name: "other"))
        #expect(seen.items.isEmpty)
        subscriptions.forEach { $0.cancel() }
    }
}
