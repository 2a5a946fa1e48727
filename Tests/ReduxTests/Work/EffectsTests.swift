import ReduxTestSupport
import Testing

@testable import Redux

@MainActor
struct EffectsTests {
    @Test func waitForAllReturnsWhenEveryTaskHasEnded() async {
        let effects = Effects()
        let gate = Gate()
        let done = Log<Int>()
        for index in 0..<3 {
            effects.run {
                await gate.wait()
                done.append(index)
            }
        }
        #expect(effects.count == 3)
        await gate.open()
        await effects.waitForAll()
        #expect(effects.isEmpty)
        #expect(done.items.sorted() == [0, 1, 2])
    }

    @Test func waitForAllIncludesWorkStartedWhileWaiting() async {
        let effects = Effects()
        let done = Log<String>()
        effects.run {
            done.append("first")
            effects.run { done.append("second") }
        }
        await effects.waitForAll()
        #expect(done.items == ["first", "second"])
    }

    @Test func cancelByIdCancelsOnlyThatWork() async {
        let effects = Effects()
        let gate = Gate()
        let outcomes = Log<String>()
        effects.run(id: "a") {
            await gate.wait()
            outcomes.append(Task.isCancelled ? "a cancelled" : "a done")
        }
        effects.run(id: "b") {
            await gate.wait()
            outcomes.append(Task.isCancelled ? "b cancelled" : "b done")
        }
        #expect(effects.isRunning(id: "a"))
        effects.cancel(id: "a")
        await gate.open()
        await effects.waitForAll()
        #expect(outcomes.items.sorted() == ["a cancelled", "b done"])
        #expect(!effects.isRunning(id: "a"))
    }

    @Test func cancelInFlightReplacesWorkWithTheSameId() async {
        let effects = Effects()
        let gate = Gate()
        let outcomes = Log<String>()
        for query in ["s", "sw", "swi"] {
            effects.run(id: "search", cancelInFlight: true) {
                await gate.wait()
                outcomes.append(Task.isCancelled ? "\(query) cancelled" : "\(query) done")
            }
        }
        await gate.open()
        await effects.waitForAll()
        #expect(outcomes.items.sorted() == ["s cancelled", "sw cancelled", "swi done"])
    }

    @Test func releasingTheStoreCancelsItsWorkAndRefusesNewWork() async {
        let gate = Gate()
        let outcome = Log<String>()
        var effects: Effects?
        do {
            let store = Store(initialState: Counter(), reducer: counterReducer)
            effects = store.effects
            store.effects.run {
                await gate.wait()
                outcome.append(Task.isCancelled ? "cancelled" : "finished")
            }
        }
        #expect(effects?.isClosed == true)
        let late = effects?.run { outcome.append(Task.isCancelled ? "late cancelled" : "late ran") }
        await gate.open()
        await effects?.waitForAll()
        await late?.value
        #expect(outcome.items.sorted() == ["cancelled", "late cancelled"])
    }

    @Test func factoriesSeeTheirStoresRegistryAsCurrent() {
        var seen: Effects?
        let probe: Middleware<Counter> = { _, _ in
            seen = Effects.current
            return { next in next }
        }
        #expect(Effects.current == nil)
        let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [probe])
        #expect(seen === store.effects)
        #expect(Effects.current == nil)
    }
}
