/// What a reducer must not do to its own store, and what happens when it does (docs/architecture.md,
/// "A reducer must not touch its store"): a reducer runs while the store writes its state in
/// place, so the state it could read is half-written.
@MainActor
@usableFromInline
enum ReducerRules {
    /// Reports that a reducer touched its store. Reading the state (`fatal`) is refused by stopping
    /// the program with a message naming the cause — the alternative is a torn read; subscribing is
    /// refused (the subscription is never called) and cancelling is deferred, each with a warning
    /// on standard error in every build, once per store state type.
    @usableFromInline
    @inline(never)
    static func refused(_ what: String, storeState: Any.Type, fatal: Bool = false) {
        let message =
            "swift-redux: a reducer \(what) its own Store<\(storeState)> while reducing. A reducer must "
            + "be pure: read the state it is given (its `inout` argument), and subscribe, cancel or read the "
            + "store from a middleware, a subscriber or a command instead"
        // Reached only from app code running inside its own reducer — a programming error, like
        // Redux's throw in getState — never from data, a file or an action's contents.
        if fatal {
            Diagnostics.sink("error: " + message + "; the state is half-written now, so it is not read.")
            fatalError(message)
        }
        guard warned.insert("\(what):\(storeState)").inserted else { return }
        Diagnostics.sink(
            "warning: " + message
                + (what.hasPrefix("subscribed") ? "; not subscribed." : "; cancelled once the reducer returns."))
    }

    private static var warned: Set<String> = []

    /// Stops with the message, when the store is reducing: for every read of the state.
    @usableFromInline
    @inline(never)
    static func refuseRead(storeState: Any.Type) -> Never {
        refused("read the state of", storeState: storeState, fatal: true)
        fatalError("unreachable")
    }
}
