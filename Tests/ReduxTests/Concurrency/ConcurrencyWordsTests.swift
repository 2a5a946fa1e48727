import Foundation
import Redux
import Testing

/// The small words the Composable Architecture's users write without noticing (issue 64), as
/// swift-concurrency-extras and swift-identified-collections define them.
struct ConcurrencyWordsTests {
    struct Failure: Error, Equatable { var code: Int }

    func fetch(_ value: Int) async throws -> Int {
        await Task.yield()
        if value < 0 { throw Failure(code: value) }
        return value * 2
    }

    @Test func anAwaitedResultHoldsTheValueOrWhatWasThrown() async throws {
        let success = await Result { try await fetch(21) }
        let failure = await Result { try await fetch(-1) }
        #expect(try success.get() == 42)
        #expect(throws: Failure(code: -1)) { try failure.get() }
        // Typed throws keep their type: the failure is a `Failure`, not `any Error`.
        let typed: Result<Int, Failure> = await Result { () async throws(Failure) -> Int in throw Failure(code: 7) }
        #expect(typed == .failure(Failure(code: 7)))
        // A synchronous body still picks the standard library's initializer.
        let sync = Result { try JSONDecoder().decode(Int.self, from: Data("5".utf8)) }
        #expect(try sync.get() == 5)
    }

    @Test func aNeverEndingTaskEndsOnlyWhenCancelled() async {
        let started = AsyncStream<Void>.makeStream()
        let task = Task {
            started.continuation.yield()
            try await Task.never()
        }
        var iterator = started.stream.makeAsyncIterator()
        await iterator.next()
        for _ in 0..<100 { await Task.yield() }
        // Still waiting: cancelling is the only way out, and it ends with CancellationError.
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func aTaskAlreadyCancelledIsNotKeptWaiting() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await Task.never()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func finishedStreamsEndAtOnce() async throws {
        var count = 0
        for await _ in AsyncStream<Int>.finished { count += 1 }
        for try await _ in AsyncThrowingStream<Int, any Error>.finished() { count += 1 }
        #expect(count == 0)
        await #expect(throws: Failure(code: 3)) {
            for try await _ in AsyncThrowingStream<Int, any Error>.finished(throwing: Failure(code: 3)) {}
        }
    }

    @Test func anyHashableSendableComparesAndHashesAsAnyHashable() {
        let ids: Set<AnyHashableSendable> = [AnyHashableSendable("search"), AnyHashableSendable(42), "search", 42]
        #expect(ids.count == 2)
        #expect(AnyHashableSendable("1") != AnyHashableSendable(1), "values of different types differ")
        #expect(AnyHashableSendable(AnyHashableSendable(5)) == AnyHashableSendable(5), "not wrapped twice")
        #expect(AnyHashableSendable(AnyHashableSendable(5)).base is Int)
        #expect(AnyHashableSendable(true) == true && AnyHashableSendable(1.5) == 1.5)
        #expect("\(AnyHashableSendable("a"))" == "a")
        #expect(String(reflecting: AnyHashableSendable("a")) == #"AnyHashableSendable("a")"#)
        let sendable: any Sendable = AnyHashableSendable(UUID())
        #expect(sendable is AnyHashableSendable)
    }

    @Test func identifiedReadsAndWritesThroughToItsValue() throws {
        struct Counter: Codable, Equatable { var count = 0 }
        var selection: Identified<Int, Counter?>? = Identified(nil, id: 7)
        #expect(selection?.id == 7 && selection?.value == nil)
        selection?.value = Counter(count: 3)
        #expect(selection?.value?.count == 3)

        var named = Identified(Counter(count: 1), id: { "counter-\($0.count)" })
        named.count += 1
        #expect(named.id == "counter-1", "the id is read once, when made")
        #expect(named.count == 2 && named.value == Counter(count: 2))
        #expect(named == Identified(Counter(count: 2), id: "counter-1"))
        let data = try JSONEncoder().encode(named)
        #expect(try JSONDecoder().decode(Identified<String, Counter>.self, from: data) == named)
    }

    /// `Reducer<State> { state, action in … }` with a body that changes nothing is one reducer, not
    /// "ambiguous use of init" (`init(_:)` and `init(returning:)` both take a trailing closure).
    @Test func aTrailingClosureReducerThatChangesNothingIsNotAmbiguous() {
        var log: [String] = []
        let empty = Reducer<Int> { state, action in }
        // This one was "ambiguous use of init" (statements only, no mutation, no return).
        let statements = Reducer<Int> { state, action in
            if action is Probe { print("probe at \(state)") }
        }
        let returning = Reducer<Int>(returning: { state, _ in state + 1 })
        // A trailing closure whose statements return a state is still the returning form.
        let returningInSteps = Reducer<Int> { state, action in
            var next = state
            if action is Probe { next += 100 }
            return next
        }
        let inPlace = Reducer<Int> { state, _ in state += 10 }
        var state = 0
        for (name, reducer) in [
            ("empty", empty), ("statements", statements), ("returning", returning),
            ("returningInSteps", returningInSteps), ("inPlace", inPlace),
        ] {
            reducer.reduce(&state, Probe())
            log.append("\(name) \(state)")
        }
        #expect(log == ["empty 0", "statements 0", "returning 1", "returningInSteps 101", "inPlace 111"])
    }

    struct Probe: Action {}
}
