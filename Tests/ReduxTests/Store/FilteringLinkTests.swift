import ReduxTestSupport
import Testing

@testable import Redux

/// A distinct action type per nesting depth: `Wrap<Wrap<Leaf>>` and so on.
private struct Leaf: Action {}
private struct Wrap<Inner: Action>: Action { var inner: Inner }
private struct Bulky: Action { var words: (Int, Int, Int, Int, Int, Int) = (1, 2, 3, 4, 5, 6) }
private enum Choice: Action { case one, two(String) }
private class BaseEvent: Action, @unchecked Sendable {}
private final class SubEvent: BaseEvent, @unchecked Sendable {}
private struct Handled: Action {}

/// `count` actions of `count` different types.
private func actionsOfDistinctTypes(_ count: Int) -> [any Action] {
    var actions: [any Action] = []
    func add<A: Action>(_ action: A, remaining: Int) {
        actions.append(action)
        if remaining > 1 { add(Wrap(inner: action), remaining: remaining - 1) }
    }
    add(Leaf(), remaining: count)
    return actions
}

@MainActor
struct FilteringLinkTests {
    @Test func everyKindOfActionHasTheKeyOfItsOwnType() {
        func key<A: Action>(of _: A.Type) -> UInt { UInt(bitPattern: ObjectIdentifier(A.self)) }
        #expect(PassedTypes.key(of: Leaf()) == key(of: Leaf.self))
        #expect(PassedTypes.key(of: Bulky()) == key(of: Bulky.self))  // stored out of line
        #expect(PassedTypes.key(of: Choice.two("x")) == key(of: Choice.self))
        #expect(PassedTypes.key(of: Wrap(inner: Bulky())) == key(of: Wrap<Bulky>.self))
        #expect(PassedTypes.key(of: Wrap(inner: Bulky())) != key(of: Wrap<Leaf>.self))
        #expect(PassedTypes.key(of: Choice.one) == PassedTypes.key(of: Choice.two("y")))
    }

    @Test func tableRemembersHundredsOfTypesAndNothingElse() {
        var passed = PassedTypes()
        let actions = actionsOfDistinctTypes(300)
        for (index, action) in actions.enumerated() {
            let key = PassedTypes.key(of: action)
            let rememberedBefore = passed.contains(key)  // the table is ~Copyable: read, then expect
            #expect(!rememberedBefore)
            passed.insert(key)
            passed.insert(key)  // a second time changes nothing
            #expect(passed.count == index + 1)
        }
        for action in actions {
            let remembered = passed.contains(PassedTypes.key(of: action))
            #expect(remembered)
        }
        let bulkyRemembered = passed.contains(PassedTypes.key(of: Bulky()))
        #expect(!bulkyRemembered)
    }

    @Test func classTypesAreNeverRemembered() {
        // Stored as its superclass, a subclass instance opens as the superclass: remembering that
        // type could pass on a subclass the middleware handles.
        #expect(!PassedTypes.isRememberable(BaseEvent()))
        #expect(!PassedTypes.isRememberable(SubEvent()))
        #expect(PassedTypes.isRememberable(Leaf()))
        let link = FilteringLink(next: { _ in }, handle: { _, _ in false })
        link.dispatch(BaseEvent())
        link.dispatch(SubEvent())
        #expect(link.passed.count == 0)
        link.dispatch(Leaf())
        #expect(link.passed.count == 1)
    }

    @Test func slowPathRunsOncePerUnhandledTypeAndForEveryHandledAction() {
        let passedOn = Log<String>()
        let handled = Log<String>()
        let dispatch = FilteringLink.dispatch(next: { action in passedOn.append("\(type(of: action))") }) {
            action, next in
            handled.append("\(type(of: action))")
            if action is Handled {
                next(action)  // handles it and passes it on itself
                return true
            }
            return false
        }
        for _ in 0..<3 {
            dispatch(Leaf())
            dispatch(Handled())
            dispatch(Choice.one)
            dispatch(BaseEvent())
        }
        #expect(
            handled.items == [
                "Leaf", "Handled", "Choice", "BaseEvent",
                "Handled", "BaseEvent",
                "Handled", "BaseEvent",
            ])
        #expect(
            passedOn.items == Array(repeating: ["Leaf", "Handled", "Choice", "BaseEvent"], count: 3).flatMap { $0 })
    }
}
