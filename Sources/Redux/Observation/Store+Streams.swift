extension Store where State: Sendable {
    /// An asynchronous sequence of states: the current state first, then the state after every
    /// reduced action.
    ///
    /// For code that is not a view — a sync engine, an analytics pipeline — and wants to
    /// `for await` over changes. The sequence ends when the store is released; stopping the
    /// iteration (or cancelling its task) ends the subscription.
    ///
    /// ```swift
    /// for await state in store.states() { print(state.count) }
    /// ```
    ///
    /// - Parameter bufferingPolicy: What to keep when the consumer is slower than the store.
    ///   The default keeps every state.
    /// - Returns: The stream of states.
    public func states(
        bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<State> {
        stream(bufferingPolicy: bufferingPolicy) { yield in
            subscribe { state in yield(state) }
        }
    }

    /// An asynchronous sequence of the distinct values of one member: its current value first,
    /// then each new value (repeats skipped with `==`).
    ///
    /// ```swift
    /// for await count in store.values(of: \.count) { print(count) }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The member to watch.
    ///   - bufferingPolicy: What to keep when the consumer is slower than the store.
    ///     The default keeps every value.
    /// - Returns: The stream of values.
    public func values<Value: Equatable & Sendable>(
        of keyPath: KeyPath<State, Value>,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> {
        stream(bufferingPolicy: bufferingPolicy) { yield in
            subscribe(to: keyPath) { value in yield(value) }
        }
    }

    private func stream<Element: Sendable>(
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
        subscribe: (@escaping @MainActor (Element) -> Void) -> Subscription
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
        // Finishes the stream when the store releases its subscribers, that is when it goes away.
        let finisher = StreamFinisher(continuation)
        let subscription = subscribe { element in finisher.yield(element) }
        continuation.onTermination = { _ in
            MainActorCheck.runOnMainActor { subscription.cancel() }
        }
        return stream
    }
}

/// Owns a stream's continuation on the store side and finishes the stream when released.
private final class StreamFinisher<Element: Sendable>: Sendable {
    private let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    func yield(_ element: Element) {
        continuation.yield(element)
    }

    deinit {
        continuation.finish()
    }
}
