import Dispatch
import Foundation
import Testing

@testable import Redux

/// A reducer of an enum's cases is `Sendable` and may run on any thread (`reduce(_:_:)` outside a
/// store, a test, a replay): its case reader learns the case's name once, published with an atomic
/// flag, and its enum's memo is shared by every reader of the type behind a lock that never waits.
/// Run under the thread sanitizer in CI, this shows both hold when many threads read at once.
struct CaseReaderThreadTests {
    struct Counter: Equatable, Sendable { var taps = 0 }

    /// A type of this file only: the memo is one per type, and other suites run alongside.
    enum ThreadScreen: Equatable, Sendable {
        case counter(Counter)
        case other(Counter)
    }

    struct Tap: Action {}

    @Test func oneReducerOfCasesRunsOnManyThreadsAtOnce() {
        let reducer = Reducer<ThreadScreen> { _, _ in }
            .ifLet(case: ThreadScreen.counter, then: .on(Tap.self) { counter, _ in counter.taps += 1 })
            .ifLet(case: ThreadScreen.other, then: .on(Tap.self) { counter, _ in counter.taps += 100 })
        let threads = 8
        let rounds = 200
        let results = Results(count: threads)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Half the threads show one case, half the other: readers of both cases meet values of
            // both in the shared memo.
            var state: ThreadScreen = thread.isMultiple(of: 2) ? .counter(Counter()) : .other(Counter())
            let name = thread.isMultiple(of: 2) ? ".counter" : ".other"
            for _ in 0..<rounds {
                reducer.reduce(&state, ElementAction(path: name, id: nil, Tap()))
            }
            results.set(thread, state)
        }
        for thread in 0..<threads {
            let expected: ThreadScreen =
                thread.isMultiple(of: 2) ? .counter(Counter(taps: rounds)) : .other(Counter(taps: rounds * 100))
            #expect(results.get(thread) == expected, "thread \(thread)")
        }
    }

    /// Each thread's final state, behind a lock.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var states: [ThreadScreen?]

        init(count: Int) { states = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ state: ThreadScreen) { lock.withLock { states[index] = state } }
        func get(_ index: Int) -> ThreadScreen? { lock.withLock { states[index] } }
    }
}
