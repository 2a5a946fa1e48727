import Foundation
import ReduxTestSupport
import Testing

@testable import Redux

/// A store given its middleware as a `MiddlewareBuilder` list. The pipeline's rules — order,
/// factories run once, re-entrant dispatch, setup dispatches — run on both kinds of store in
/// `MiddlewareTests`; these tests cover what only a list has.
@MainActor
struct MiddlewareBuilderTests {
    @Test func conditionsLoopsAndNestedListsKeepTheirOrder() {
        let log = Log<String>()
        let flags = ["audit": true, "debug": false]
        let withAudit = flags["audit"] == true
        let withDebug = flags["debug"] == true
        @MiddlewareBuilder<Counter> func extras(_ names: [String]) -> MiddlewareList<Counter> {
            for name in names { tracing(name, into: log) }
        }
        #expect(extras(["e1", "e2", "e3"]).count == 3)
        let store = Store(initialState: Counter(), reducer: counterReducer) {
            tracing("a", into: log)
            if withAudit { tracing("audit", into: log) }
            if withDebug { tracing("debug", into: log) }
            if withDebug {
                tracing("never", into: log)
            } else {
                tracing("else", into: log)
            }
            extras(["e1", "e2"])
            [tracing("array", into: log)]
        }
        store.dispatch(Increment())
        #expect(log.items.filter { $0.hasSuffix(">") } == ["a>", "audit>", "else>", "e1>", "e2>", "array>"])
        #expect(log.items.filter { $0.hasPrefix("<") } == ["<array", "<e2", "<e1", "<else", "<audit", "<a"])
        #expect(store.count == 1)
    }

    @Test func anEmptyListIsAStoreWithoutMiddleware() {
        let store = Store(initialState: Counter(), reducer: counterReducer) {}
        store.dispatch(Add(amount: 3))
        #expect(store.count == 3)
    }

    @Test func aListTakesDependenciesAndAnErrorHandler() async {
        struct Clients: Sendable { var greeting: String }
        let seen = Log<String>()
        let store = Store(
            initialState: Counter(), reducer: counterReducer, dependencies: Clients(greeting: "hi"),
            onError: { error, _ in seen.append("\(error)") }
        ) {
            tracing("only", into: seen)
        }
        store.dispatch(Increment())
        #expect(seen.items == ["only>", "<only"])
        #expect(store.effects.dependencies as? Clients != nil)
    }

    /// A released store's list does nothing, as an array's does: a `next` kept past the store's
    /// life reduces nothing and does not crash.
    @Test func aNextKeptPastTheStoresLifeDoesNothing() {
        var kept: Dispatch?
        var store: Store<Counter>? = Store(initialState: Counter(), reducer: counterReducer) {
            { _, _ in
                { next in
                    kept = next
                    return { action in next(action) }
                }
            }
        }
        store?.dispatch(Increment())
        #expect(store?.count == 1)
        store = nil
        kept?(Increment())
        #expect(store == nil)
    }

    /// What the list is for: each stage calls the next directly. Measured as the call stack's
    /// growth from one pass-through stage to the next — in any build, a list's stage adds fewer
    /// frames than an array's, whose stages sit between reabstraction thunks.
    @Test func aListedStageAddsFewerFramesThanAnArraysStage() {
        func depths(_ listing: Listing) -> [Int] {
            let depths = Log<Int>()
            let probe: Middleware<Counter> = { _, _ in
                { next in
                    { action in
                        depths.append(Thread.callStackSymbols.count)
                        next(action)
                    }
                }
            }
            let store: Store<Counter>
            switch listing {
            case .array:
                store = Store(initialState: Counter(), reducer: counterReducer, middleware: [probe, probe, probe])
            case .list:
                store = Store(initialState: Counter(), reducer: counterReducer) {
                    probe
                    probe
                    probe
                }
            }
            store.dispatch(Increment())
            return depths.items
        }
        let array = depths(.array)
        let list = depths(.list)
        #expect(array.count == 3 && list.count == 3)
        let arrayStep = array[2] - array[1]
        let listStep = list[2] - list[1]
        #expect(list[1] - list[0] == listStep && array[1] - array[0] == arrayStep)
        #expect(listStep < arrayStep, "a listed stage adds \(listStep) frames, an array's \(arrayStep)")
    }
}
