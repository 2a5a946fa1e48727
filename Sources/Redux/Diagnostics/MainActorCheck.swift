import Dispatch

/// Runs main-actor work from a context that is not statically isolated, such as a `deinit`.
///
/// A `deinit` is nonisolated even in a `@MainActor` class. Releasing a ``Subscription`` should stop
/// delivery at once, so when the release happens on the main queue — where the main actor runs, on
/// Apple platforms and on Linux — the work runs synchronously; anywhere else it is enqueued on the
/// main actor.
@usableFromInline
package enum MainActorCheck {
    /// Wraps the key, which is not declared `Sendable` on every platform.
    ///
    /// `@unchecked Sendable`, safe because the wrapped `DispatchSpecificKey` is created once, in
    /// this static's initializer, and never mutated: Dispatch uses it only for its identity, and
    /// `setSpecific`/`getSpecific` synchronise inside Dispatch. Shown by
    /// `MainActorCheckTests.anotherQueueIsNotTheMainQueueAndWorkGoesToTheMainActorLater` and
    /// `theKeyIsReadFromManyThreadsAtOnce`, which read it off the main queue under the thread
    /// sanitizer in CI.
    private struct Key: @unchecked Sendable {
        let key = DispatchSpecificKey<UInt8>()
    }

    private static let key = Key()

    private static let installed: Bool = {
        DispatchQueue.main.setSpecific(key: key.key, value: 1)
        return true
    }()

    /// Marks the main queue so that ``isOnMainQueue`` can recognise it. Idempotent.
    @usableFromInline
    package static func install() {
        _ = installed
    }

    /// Whether the caller is running on the main queue.
    package static var isOnMainQueue: Bool {
        installed && DispatchQueue.getSpecific(key: key.key) != nil
    }

    /// Runs `work` now, on the main actor, when the caller is on the main queue; does nothing
    /// otherwise. For `deinit`s that can only do their work synchronously.
    package static func runIfOnMainQueue(_ work: @MainActor () -> Void) {
        guard isOnMainQueue else { return }
        // The main queue is the main actor's executor, on Apple platforms and on Linux; the
        // runtime checks that again here (and traps if it ever disagreed, rather than race).
        MainActor.assumeIsolated(work)
    }

    /// Runs `work` now when already on the main queue, otherwise on the main actor later.
    package static func runOnMainActor(_ work: @escaping @MainActor @Sendable () -> Void) {
        if isOnMainQueue {
            runIfOnMainQueue(work)
        } else {
            Task { @MainActor in work() }
        }
    }
}
