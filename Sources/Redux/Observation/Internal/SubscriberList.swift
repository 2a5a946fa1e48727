/// One subscriber. Cancelling it (or shutting the store down) marks it inactive at once — a pass
/// in progress skips it from then on — and drops it from the list, which releases its observer and
/// whatever that captured (a stream's continuation finishes then).
///
/// A whole-state observer (and a selector) receives the state; the other observers (key-path
/// subscribers, through their ``MemberChannel``; scopes) receive a pointer to it instead, so that
/// the state is not copied for each of them (a reabstraction thunk copies every stored property of
/// a state passed by value into a stored closure). The observers are immutable and the flag skips the dynamic exclusivity check in
/// release builds (debug builds keep it): with a `var` optional observer, each call paid an
/// exclusivity check (~75 instructions) and a retain.
@MainActor
@usableFromInline
final class Subscriber<State> {
    @usableFromInline let observer: @MainActor (State) -> Void
    @usableFromInline let pointerObserver: (@MainActor (UnsafePointer<State>) -> Void)?
    /// The member a key-path subscriber watches: compared once per reduction for all its
    /// subscribers; this subscriber is called only when it changed.
    @usableFromInline let channel: MemberChannel<State>?
    #if DEBUG
        @usableFromInline var isActive = true
    #else
        @exclusivity(unchecked) @usableFromInline var isActive = true
    #endif

    @usableFromInline
    init(_ observer: @escaping @MainActor (State) -> Void) {
        self.observer = observer
        self.pointerObserver = nil
        self.channel = nil
    }

    @usableFromInline
    init(
        reading observer: @escaping @MainActor (UnsafePointer<State>) -> Void, channel: MemberChannel<State>? = nil
    ) {
        self.observer = { _ in }
        self.pointerObserver = observer
        self.channel = channel
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
    /// The members watched by key-path subscribers, each compared once per reduction.
    @usableFromInline private(set) var channels: [MemberChannel<State>] = []
    /// How many subscribers are not key-path subscribers (they are called after every reduction).
    @usableFromInline private(set) var unchanneled = 0

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
        let detached: [Any] = entries + channels
        entries = []
        channels = []
        unchanneled = 0
        return detached
    }

    @usableFromInline
    mutating func append(_ subscriber: Subscriber<State>) {
        entries.append(subscriber)
        if let channel = subscriber.channel {
            channel.subscribers += 1
        } else {
            unchanneled += 1
        }
    }

    /// The channel of the member at `keyPath`, if a key-path subscriber already watches it: by the
    /// key path's identity, then by `==`.
    @inlinable
    func channel(for keyPath: AnyKeyPath) -> MemberChannel<State>? {
        KeyPathLookup.first(in: channels, at: keyPath, \.keyPath)
    }

    @usableFromInline
    mutating func add(_ channel: MemberChannel<State>) {
        channels.append(channel)
    }

    @usableFromInline
    /// Detaches one subscriber. Returns its observer for the caller to release afterwards (see
    /// ``removeAll()``).
    mutating func remove(_ subscriber: Subscriber<State>) -> Any? {
        subscriber.isActive = false
        guard let index = entries.firstIndex(where: { $0 === subscriber }) else { return nil }
        if let channel = subscriber.channel {
            channel.subscribers -= 1
            if channel.subscribers == 0 {
                channels.removeAll { $0 === channel }
            }
        } else {
            unchanneled -= 1
        }
        return entries.remove(at: index)
    }
}

/// One member watched by key-path subscribers (`subscribe(to:)`): its value is read and compared
/// with `==` once per reduction, however many subscribers watch it, and only its subscribers are
/// called, only when it changed. Made where the member's type is known, so the comparison runs
/// specialised; the member is read at its offset (``MemberReader``).
@MainActor
@usableFromInline
final class MemberChannel<State> {
    @usableFromInline let keyPath: AnyKeyPath
    /// The member's last value (a ``LastValue`` of the member's type), which its subscribers read.
    @usableFromInline let box: AnyObject
    /// Reads the member in the new state; stores it and returns `true` when it changed.
    @usableFromInline let update: @MainActor (UnsafePointer<State>) -> Bool
    #if DEBUG
        @usableFromInline var changed = false
    #else
        @exclusivity(unchecked) @usableFromInline var changed = false
    #endif
    @usableFromInline var subscribers = 0

    // `changed` here and `LastValue.value` skip the dynamic exclusivity check in release builds
    // (debug builds keep it): with the checks, 100 key-path subscribers cost 3,202 instructions per
    // dispatch instead of 1,584 when nothing changed, 27,832 instead of 10,638 when all changed.
    // `.ci/perf-guard` holds both figures.

    @usableFromInline
    init(keyPath: AnyKeyPath, box: AnyObject, update: @escaping @MainActor (UnsafePointer<State>) -> Bool) {
        self.keyPath = keyPath
        self.box = box
        self.update = update
    }
}

/// The last value of a watched member, or (optional) the last value a selector derived.
@MainActor
@usableFromInline
final class LastValue<Value> {
    #if DEBUG
        @usableFromInline var value: Value
    #else
        @exclusivity(unchecked) @usableFromInline var value: Value
    #endif

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }
}

// The "last value, compare, replace" step of every subscriber that delivers changes only, in one
// place: key-path channels hold a value from the start; selectors start with none (`nil`).

extension LastValue where Value: Equatable {
    /// Keeps `value` when it differs from the last one (`==`); returns whether it did. A key-path
    /// channel tells its subscribers only then.
    @inlinable
    func replace(with value: Value) -> Bool {
        if self.value == value { return false }
        self.value = value
        return true
    }
}

extension LastValue {
    /// Keeps `value` when it differs from the last one, or when there was none; returns whether it
    /// did. A selector subscriber calls its observer only then. (Not the `Equatable` form above:
    /// comparing through `Optional`'s `==` costs ~27 instructions more per subscriber.)
    @inlinable
    func replace<Wrapped: Equatable>(with value: Wrapped) -> Bool where Value == Wrapped? {
        if let last = self.value, last == value { return false }
        self.value = value
        return true
    }
}
