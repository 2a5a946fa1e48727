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
    @Test func typeIsReadFromTheExistentialForEveryKindOfStorage() {
        #expect(ActionTypeMemo.layoutIsAsExpected)
        let actions: [any Action] = [Leaf(), Bulky(), Choice.two("x"), Wrap(inner: Bulky()), SubEvent()]
        for action in actions {
            #expect(ActionTypeMemo.typeIdentifier(action) == ActionTypeMemo.metadata(of: action))
        }
        #expect(ActionTypeMemo.typeIdentifier(Leaf()) != ActionTypeMemo.typeIdentifier(Bulky()))
        #expect(ActionTypeMemo.typeIdentifier(Choice.one) == ActionTypeMemo.typeIdentifier(Choice.two("y")))
    }

    @Test func memoRemembersHundredsOfTypesAndNothingElse() {
        let link = FilteringLink(next: { _ in }, handle: { _, _ in false })
        let memo = link.memo
        let actions = actionsOfDistinctTypes(300)
        for (index, action) in actions.enumerated() {
            #expect(!memo.isKnownUnhandled(action))
            memo.rememberUnhandled(action)
            memo.rememberUnhandled(action)  // a second time changes nothing
            #expect(memo.rememberedCount == index + 1)
        }
        for action in actions {
            #expect(memo.isKnownUnhandled(action))
        }
        #expect(!memo.isKnownUnhandled(Bulky()))
    }

    @Test func classTypesAreNeverRemembered() {
        let link = FilteringLink(next: { _ in }, handle: { _, _ in false })
        link.memo.rememberUnhandled(BaseEvent())
        link.memo.rememberUnhandled(SubEvent())
        #expect(link.memo.rememberedCount == 0)
        #expect(!link.memo.isKnownUnhandled(BaseEvent()))
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
