/// A handle that keeps a store subscription alive.
///
/// Delivery stops when you call ``cancel()`` or when the subscription is released, whichever comes
/// first; cancelling during a notification pass stops delivery at once, even to the rest of that
/// pass. Keep the subscription for as long as you want values:
///
/// ```swift
/// let subscription = store.subscribe(to: \.count) { count in print("count:", count) }
/// // …
/// subscription.cancel()
/// ```
///
/// `Subscription` is main-actor isolated and therefore `Sendable`. A subscription does not keep its
/// store alive.
@MainActor
public final class Subscription {
    private let cancellation: Cancellation

    /// Creates a subscription that runs `onCancel` once, on the first ``cancel()`` or on release.
    ///
    /// Middleware and extensions can use this to hand out their own cancellable handles.
    ///
    /// - Parameter onCancel: Undoes the subscription. Runs on the main actor, at most once.
    public init(onCancel: @escaping @MainActor () -> Void) {
        cancellation = Cancellation(onCancel)
    }

    /// Whether the subscription has been cancelled.
    public var isCancelled: Bool {
        cancellation.isCancelled
    }

    /// Stops delivery. Calling it again does nothing.
    public func cancel() {
        cancellation.run()
    }

    deinit {
        let cancellation = cancellation
        MainActorCheck.runOnMainActor { cancellation.run() }
    }
}

/// The one-shot cancel action of a ``Subscription``; separate so the nonisolated `deinit` can hand it
/// to the main actor.
@MainActor
final class Cancellation {
    private var onCancel: (@MainActor () -> Void)?

    init(_ onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    var isCancelled: Bool { onCancel == nil }

    func run() {
        guard let onCancel else { return }
        self.onCancel = nil
        onCancel()
    }
}
