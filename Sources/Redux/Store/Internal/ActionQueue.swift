/// The FIFO of actions dispatched while the store was busy.
///
/// Re-entrant dispatch is rare, so the queue costs nothing until it is used: an empty array, no
/// allocation. Popping advances an index instead of shifting the array.
@usableFromInline
struct ActionQueue {
    /// What to do with a queued action once the store is free again.
    @usableFromInline
    enum Entry {
        /// Send the action through the whole middleware chain.
        case dispatch(any Action)
        /// Hand the action straight to the reducer: it was passed to `next` while the store was
        /// reducing, so it already went through the middleware in front of that `next`.
        case reduce(any Action)
    }

    @usableFromInline var entries: [Entry] = []
    @usableFromInline var head = 0

    @usableFromInline init() {}

    @inlinable
    var isEmpty: Bool { head == entries.count }

    @inlinable
    mutating func append(_ entry: Entry) {
        entries.append(entry)
    }

    mutating func popFirst() -> Entry? {
        guard head < entries.count else { return nil }
        let entry = entries[head]
        head += 1
        if head == entries.count {
            entries.removeAll(keepingCapacity: entries.capacity <= 64)
            head = 0
        }
        return entry
    }
}
