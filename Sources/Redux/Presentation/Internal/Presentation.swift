/// One presentation of an optional child — a sheet shown once — as the scope a view was handed for
/// it sees it: current from the moment the scope is made until a reduction leaves the child absent
/// or with another identity (its `id`, or its case for an enum), then over for good. A child
/// presented again, even equal to the one before, is another presentation with another scope.
///
/// A scope whose presentation is over sends nothing: its `dispatch` is a no-op with a diagnostic,
/// its `send` returns at once, and work it would start never starts — so a view that kept the scope
/// of a dismissed sheet cannot drive the next sheet.
@MainActor
final class Presentation {
    /// Whether the presentation is over (latched).
    var isOver: Bool { over.isSet }
    /// Set when the presentation ends: a flag object, which the parent's subscription holds itself
    /// (see `init`).
    private let over = ReleaseFlag()
    /// How the child is named, for the diagnostic.
    let path: String
    /// Watches the parent after every reduction while the presentation lasts.
    private var watch: Subscription?

    /// Starts watching the child whose presence `presenceOf` tells in `parent`'s state (an
    /// optional member, an enum's case), present now with `presence`. (The work started through the
    /// scope ends through the store's liveness check, held scope or not: see ``LivenessProbe`` and
    /// `StoreCore.watchLiveness(of:_:)`.)
    init<Parent>(
        parent: any ScopeSource<Parent>, presenceOf: @escaping @MainActor (Parent) -> ChildPresence,
        presence: ChildPresence, path: String
    ) {
        self.path = path
        // Runs after every reduction. It holds the flag, a constant, and loads its weak reference
        // to the presentation only when the child went: a weak capture is a variable, read under a
        // dynamic exclusivity check (~130 instructions an action of an enum destination's case,
        // whose two presentations each checked). A presentation released first cancels this
        // subscription as it goes (its `watch`).
        let over = over
        // Only after the reductions that may have changed the child's part (``ScopeSource/watchChanges(_:)``).
        watch = parent.watchChanges { [weak self] state in
            if over.isSet { return }
            if presenceOf(state) != presence {
                self?.end()
            }
        }
    }

    /// Ends the presentation: nothing sent through its scope reaches the store any more.
    func end() {
        over.set()
        watch?.cancel()
        watch = nil
    }

    /// Whether `action` may go to the store: `false` (and a diagnostic) once the presentation is over.
    func admits(_ action: any Action) -> Bool {
        guard isOver else { return true }
        Diagnostics.warnOnce(
            "presentation-over:\(path).\(type(of: action))",
            "swift-redux: warning: \(type(of: action)) was sent through the scope of \(path), whose "
                + "presentation is over (dismissed or replaced since the scope was made); it changed nothing and "
                + "started no work. A view gets the current presentation's scope from scope(ifPresent:).")
        return false
    }
}
