/// The counter of a store that numbers its screens from zero (a `TestStore`): current while that
/// store reduces, and while a test's expected change runs (a copy, so pushes there get the numbers
/// the reducer gave).
@MainActor
package final class StackIDCounter {
    /// The counter of the store reducing now; `nil` outside a reduction or in a store that does not count.
    package static var current: StackIDCounter?

    /// The number the next screen gets.
    package private(set) var next: UInt64

    package init(startingAt next: UInt64 = 0) {
        self.next = next
    }

    /// The next number, counted.
    func take() -> UInt64 {
        defer { next += 1 }
        return next
    }

    /// Runs `body` with this counter current.
    package func run<R>(_ body: () throws -> R) rethrows -> R {
        let previous = enter()
        defer { Self.current = previous }
        return try body()
    }

    /// Makes this counter current; returns the one it replaces.
    nonisolated func enter() -> StackIDCounter? {
        MainActor.assumeIsolated {
            let previous = Self.current
            Self.current = self
            return previous
        }
    }

    /// Makes `previous` current again.
    nonisolated static func leave(_ previous: StackIDCounter?) {
        MainActor.assumeIsolated { current = previous }
    }
}

extension Reducer {
    /// This reducer, with `counter` current while it runs: the screens it pushes are numbered by
    /// `counter` (what a `TestStore` runs).
    package func numberingScreens(with counter: StackIDCounter) -> Reducer {
        let body = body
        guard let workBody else {
            return Reducer { state, action in
                // A store runs its reducer on the main actor; the runtime checks it again here.
                let previous = counter.enter()
                body(&state, action)
                StackIDCounter.leave(previous)
            }
        }
        return Reducer(work: { state, action, work in
            let previous = counter.enter()
            workBody(&state, action, &work)
            StackIDCounter.leave(previous)
        })
    }
}
