import Testing

@testable import Redux

/// The rules of SPEC §4.5 on their own: when a dispatch runs now, when it waits, and when the
/// store must drain what waited.
struct DispatchRulesTests {
    struct A: Action { var name: String }

    func names(_ rules: inout DispatchRules) -> [String] {
        var names: [String] = []
        while let entry = rules.nextQueued() {
            switch entry {
            case .dispatch(let action): names.append("dispatch \((action as? A)?.name ?? "?")")
            case .reduce(let action): names.append("reduce \((action as? A)?.name ?? "?")")
            }
        }
        return names
    }

    @Test func actionsDispatchedDuringSetupWaitAndAreDrainedWhenSetupEnds() {
        var rules = DispatchRules()
        let queued = rules.shouldQueue(A(name: "early"))
        #expect(queued)
        let hasWaiting = rules.finishSetup()
        #expect(hasWaiting)
        #expect(names(&rules) == ["dispatch early"])
        let queued2 = rules.shouldQueue(A(name: "later"))
        #expect(!queued2)
    }

    @Test func aFreeStoreRunsADispatchAtOnceAndNeedsNoDrain() {
        var rules = DispatchRules()
        _ = rules.finishSetup()
        let queued = rules.shouldQueue(A(name: "a"))
        #expect(!queued)
        rules.enterDispatch()
        let mayReduce = rules.beginReduction(A(name: "a"))
        #expect(mayReduce)
        let freedByReduction = rules.endReduction()
        #expect(!freedByReduction)  // inside a dispatch frame: the frame decides
        let mustDrain = rules.leaveDispatch()
        #expect(!mustDrain)  // nothing queued
        #expect(!rules.isBusy && rules.depth == 0)
    }

    @Test func aDispatchAfterTheActionReachedTheReducerWaitsInOrder() {
        var rules = DispatchRules()
        _ = rules.finishSetup()
        rules.enterDispatch()
        let mayReduce = rules.beginReduction(A(name: "first"))
        #expect(mayReduce)
        let queued = rules.shouldQueue(A(name: "from a subscriber"))
        #expect(queued)
        _ = rules.endReduction()
        let queued2 = rules.shouldQueue(A(name: "from middleware after next"))
        #expect(queued2)
        let mustDrain = rules.leaveDispatch()
        #expect(mustDrain)  // free, with work queued: drain
        #expect(names(&rules) == ["dispatch from a subscriber", "dispatch from middleware after next"])
    }

    @Test func aDispatchBeforeTheActionReachedTheReducerRunsNestedSynchronously() {
        var rules = DispatchRules()
        _ = rules.finishSetup()
        rules.enterDispatch()  // a middleware dispatches before calling next (a thunk)
        let queued = rules.shouldQueue(A(name: "from a thunk"))
        #expect(!queued)
        rules.enterDispatch()
        let mayReduce = rules.beginReduction(A(name: "from a thunk"))
        #expect(mayReduce)
        _ = rules.endReduction()
        let mustDrain = rules.leaveDispatch()
        #expect(!mustDrain)
        // The thunk's action is reduced and the store free again before the outer stage goes on,
        // so the outer action, passed to next, is reduced now too.
        #expect(!rules.isBusy && rules.depth == 1)
        let outerMayReduce = rules.beginReduction(A(name: "outer's own action"))
        #expect(outerMayReduce)
    }

    @Test func nextCalledWhileReducingGoesStraightToTheReducerLater() {
        var rules = DispatchRules()
        _ = rules.finishSetup()
        rules.enterDispatch()
        let mayReduce = rules.beginReduction(A(name: "current"))
        #expect(mayReduce)
        let mayReduce2 = rules.beginReduction(A(name: "next from an observer"))
        #expect(!mayReduce2)
        _ = rules.endReduction()
        let mustDrain = rules.leaveDispatch()
        #expect(mustDrain)
        #expect(names(&rules) == ["reduce next from an observer"])
    }

    @Test func aKeptNextCalledOutsideAnyDispatchFreesTheStoreAndAsksForADrain() {
        var rules = DispatchRules()
        _ = rules.finishSetup()
        let mayReduce = rules.beginReduction(A(name: "kept next"))
        #expect(mayReduce)
        let queued = rules.shouldQueue(A(name: "from a subscriber"))
        #expect(queued)
        let mustDrain = rules.endReduction()
        #expect(mustDrain)
        #expect(!rules.isBusy)
        #expect(names(&rules) == ["dispatch from a subscriber"])
    }

    @Test func aBusyPeriodQueuesWhatItDispatchesAndNestsHarmlessly() {
        var rules = DispatchRules()
        _ = rules.finishSetup()
        let began = rules.beginBusyPeriod()
        #expect(began)
        let beganAgain = rules.beginBusyPeriod()
        #expect(!beganAgain)  // already busy: the outer period ends it
        let queued = rules.shouldQueue(A(name: "from a new subscriber"))
        #expect(queued)
        rules.endBusyPeriod()
        #expect(!rules.isBusy)
        #expect(names(&rules) == ["dispatch from a new subscriber"])
    }
}
