import ReduxTestSupport
import Testing

@testable import Redux

/// Key-path subscribers read their member at its stored offset when the key path allows, and
/// through the runtime otherwise; both give the value `state[keyPath:]` gives.
@MainActor
struct MemberReaderTests {
    final class Session: Sendable {
        let token: String
        init(token: String) { self.token = token }
    }
    struct Inner: Equatable { var flag = false; var title = "inner"; var numbers = [1, 2] }
    struct Root {
        var count = 3
        var name = "root"
        var inner = Inner()
        var maybe: Inner? = Inner(title: "maybe")
        var session = Session(token: "abc")
        var doubled: Int { count * 2 }
        var tuple = (1, "two")
    }

    func checkReads<Value: Equatable>(_ keyPath: KeyPath<Root, Value>, storedOffset: Bool) {
        let reader = MemberReader(keyPath)
        #expect((reader.offset != nil) == storedOffset)
        var state = Root()
        #expect(reader.read(state) == state[keyPath: keyPath])
        state.count = 10
        state.name = "changed, and longer than fifteen bytes"
        state.inner.title = "changed"
        state.inner.numbers.append(3)
        state.maybe = nil
        #expect(reader.read(state) == state[keyPath: keyPath])
    }

    @Test func storedMembersAreReadAtTheirOffset() {
        checkReads(\.count, storedOffset: true)
        checkReads(\.name, storedOffset: true)
        checkReads(\.inner, storedOffset: true)
        checkReads(\.inner.title, storedOffset: true)
        checkReads(\.inner.numbers, storedOffset: true)
        checkReads(\.maybe, storedOffset: true)
        checkReads(\.tuple.1, storedOffset: true)
    }

    @Test func otherKeyPathsAreReadThroughTheRuntime() {
        checkReads(\.doubled, storedOffset: false)  // computed
        checkReads(\.maybe?.title, storedOffset: false)  // optional chain
        checkReads(\.session.token, storedOffset: false)  // through a class
        checkReads(\.inner.numbers.count, storedOffset: false)
    }

    @Test func keyPathSubscribersOfEveryKindDeliverDistinctValues() {
        struct Rename: Action { var name: String }
        struct Bump: Action {}
        let store = Store(
            initialState: Root(),
            reducer: .combine(
                .on(Rename.self) { state, action in state.inner.title = action.name },
                .on(Bump.self) { state, _ in state.count += 1 }
            ))
        let titles = Log<String>()
        let doubled = Log<Int>()
        let maybeTitles = Log<String?>()
        let subscriptions = [
            store.subscribe(to: \.inner.title) { titles.append($0) },
            store.subscribe(to: \.doubled) { doubled.append($0) },
            store.subscribe(to: \.maybe?.title) { maybeTitles.append($0) },
        ]
        store.dispatch(Rename(name: "a"))
        store.dispatch(Bump())
        store.dispatch(Rename(name: "a"))
        store.dispatch(Rename(name: "a long title that is stored out of line"))
        #expect(titles.items == ["inner", "a", "a long title that is stored out of line"])
        #expect(doubled.items == [6, 8])
        #expect(maybeTitles.items == ["maybe"])
        subscriptions.forEach { $0.cancel() }
    }

    @Test func aSelectorSubscriberGetsEachDistinctDerivedValue() {
        struct SetName: Action { var name: String? }
        struct State { var user: User? = nil; var count = 0 }
        struct User { var name: String }
        struct Bump: Action {}
        let store = Store(
            initialState: State(),
            reducer: .combine(
                .on(SetName.self) { state, action in state.user = action.name.map(User.init(name:)) },
                .on(Bump.self) { state, _ in state.count += 1 }
            ))
        let names = Log<String?>()
        let subscription = store.subscribe(select: { $0.user?.name }) { names.append($0) }
        store.dispatch(SetName(name: "Ada"))
        store.dispatch(Bump())  // the derived value is unchanged: nothing delivered
        store.dispatch(SetName(name: "Ada"))
        store.dispatch(SetName(name: nil))
        subscription.cancel()
        store.dispatch(SetName(name: "Grace"))
        #expect(names.items == [nil, "Ada", nil])
    }
}
