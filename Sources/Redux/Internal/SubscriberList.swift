/// One subscriber. Cancelling it (or shutting the store down) marks it inactive at once — a pass
/// in progress skips it from then on — and drops it from the list, which releases its observer and
/// whatever that captured (a stream's continuation finishes then).
///
/// A whole-state observer (and a selector) receives the state; the store's key-path filters receive
/// a pointer to it instead, so that the state is not copied for each of them
/// (a reabstraction thunk copies every stored property of a state passed by value into a stored
/// closure). The observers are immutable and the flag skips the dynamic exclusivity check in
/// release builds (debug builds keep it): with a `var` optional observer, each call paid an
/// exclusivity check (~75 instructions) and a retain.
@MainActor
@usableFromInline
final class Subscriber<State> {
    @usableFromInline let observer: @MainActor (State) -> Void
    @usableFromInline let pointerObserver: (@MainActor (UnsafePointer<State>) -> Void)?
    #if DEBUG
        @usableFromInline var isActive = true
    #else
        @exclusivity(unchecked) @usableFromInline var isActive = true
    #endif

    @usableFromInline
    init(_ observer: @escaping @MainActor (State) -> Void) {
        self.observer = observer
        self.pointerObserver = nil
    }

    @usableFromInline
    init(reading observer: @escaping @MainActor (UnsafePointer<State>) -> Void) {
        self.observer = { _ in }
        self.pointerObserver = observer
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
        for subscriber in entries {
            subscriber.isActive = false
        }
        let detached: [Any] = entries
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
        subscriber.isActive = false
        guard let index = entries.firstIndex(where: { $0 === subscriber }) else { return nil }
        return entries.remove(at: index)
    }
}

/// Filters a whole-state subscription down to one `Equatable` member read through a key path,
/// skipping repeats. The read is inline (``MemberReader``), so a pass costs one closure call per
/// subscriber, not two.
@MainActor
@usableFromInline
final class MemberFilter<State, Value: Equatable> {
    @usableFromInline let reader: MemberReader<State, Value>
    @usableFromInline let observer: @MainActor (Value) -> Void
    #if DEBUG
        @usableFromInline var last: Value?
    #else
        @exclusivity(unchecked) @usableFromInline var last: Value?
    #endif

    @usableFromInline
    init(_ keyPath: KeyPath<State, Value>, _ observer: @escaping @MainActor (Value) -> Void) {
        self.reader = MemberReader(keyPath)
        self.observer = observer
    }

    @inlinable
    func receive(_ state: UnsafePointer<State>) {
        let value = reader.read(state)
        if let last, last == value { return }
        last = value
        observer(value)
    }
}

/// Filters a whole-state subscription down to the `Equatable` value a selector derives, skipping
/// repeats.
@MainActor
@usableFromInline
final class SelectorFilter<State, Value: Equatable> {
    @usableFromInline let select: @MainActor (State) -> Value
    @usableFromInline let observer: @MainActor (Value) -> Void
    #if DEBUG
        @usableFromInline var last: Value?
    #else
        @exclusivity(unchecked) @usableFromInline var last: Value?
    #endif

    @usableFromInline
    init(_ select: @escaping @MainActor (State) -> Value, _ observer: @escaping @MainActor (Value) -> Void) {
        self.select = select
        self.observer = observer
    }

    @inlinable
    func receive(_ state: State) {
        let value = select(state)
        if let last, last == value { return }
        last = value
        observer(value)
    }
}
