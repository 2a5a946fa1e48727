/// One subscriber. Its observer is dropped when it is cancelled or the store shuts down, which
/// also releases whatever the observer captured (a stream's continuation finishes then).
@MainActor
@usableFromInline
final class Subscriber<State> {
    @usableFromInline var observer: (@MainActor (State) -> Void)?

    @usableFromInline
    init(_ observer: @escaping @MainActor (State) -> Void) {
        self.observer = observer
    }
}

/// Subscribers in subscription order.
///
/// A notification pass iterates over a snapshot of the array, so subscribing or cancelling from
/// inside an observer is safe; a cancelled subscriber is skipped even later in the same pass.
@MainActor
@usableFromInline
struct SubscriberList<State> {
    @usableFromInline private(set) var entries: [Subscriber<State>] = []

    @usableFromInline nonisolated init() {}

    @inlinable
    var isEmpty: Bool { entries.isEmpty }

    /// Detaches every observer and empties the list. Returns the observers so that the caller
    /// releases them — which may run arbitrary code, such as a stream's termination handler that
    /// cancels its subscription — only after the list is consistent again.
    mutating func removeAll() -> [Any] {
        var detached: [Any] = []
        for subscriber in entries {
            if let observer = subscriber.observer {
                detached.append(observer)
                subscriber.observer = nil
            }
        }
        entries = []
        return detached
    }

    @usableFromInline
    mutating func append(_ subscriber: Subscriber<State>) {
        entries.append(subscriber)
    }

    @usableFromInline
    /// Detaches one subscriber. Returns its observer for the caller to release afterwards (see
    /// ``removeAll()``).
    mutating func remove(_ subscriber: Subscriber<State>) -> Any? {
        let observer = subscriber.observer
        subscriber.observer = nil
        if let index = entries.firstIndex(where: { $0 === subscriber }) {
            entries.remove(at: index)
        }
        return observer
    }
}

/// Filters a whole-state subscription down to one `Equatable` member, skipping repeats.
@MainActor
@usableFromInline
final class MemberFilter<State, Value: Equatable> {
    @usableFromInline let keyPath: KeyPath<State, Value>
    @usableFromInline let observer: @MainActor (Value) -> Void
    @usableFromInline var last: Value?

    @usableFromInline
    init(_ keyPath: KeyPath<State, Value>, _ observer: @escaping @MainActor (Value) -> Void) {
        self.keyPath = keyPath
        self.observer = observer
    }

    @inlinable
    func receive(_ state: State) {
        let value = state[keyPath: keyPath]
        if let last, last == value { return }
        last = value
        observer(value)
    }
}
