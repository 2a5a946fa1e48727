import Foundation

/// A gate that tasks wait on until a test opens it: deterministic ordering without sleeps.
///
/// Shared by the test targets of this package (not a product).
public actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a closed gate.
    public init() {}

    /// Returns once the gate is open.
    public func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Opens the gate, releasing every waiter, now and later.
    public func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

/// Collects values in order, on the main actor.
@MainActor
public final class Log<Element> {
    /// What was appended, in order.
    public private(set) var items: [Element] = []

    /// Creates an empty log.
    public init() {}

    /// Appends a value.
    public func append(_ item: Element) { items.append(item) }

    /// Forgets what was appended.
    public func removeAll() { items.removeAll() }
}

/// What a guide's code printed: a docs test declares
/// `private func print(_ items: Any..., separator: String = " ", terminator: String = "\n")`
/// that appends here, so the guide's `print` lines are compiled and checked verbatim.
public final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    /// Creates an empty record.
    public init() {}

    /// The lines printed so far.
    public var lines: [String] { lock.withLock { storage } }

    /// Records one printed line.
    public func record(_ items: [Any], separator: String) {
        let line = items.map { "\($0)" }.joined(separator: separator)
        lock.withLock { storage.append(line) }
    }

    /// Forgets what was printed.
    public func reset() {
        lock.withLock { storage = [] }
    }
}
