/// One link of a middleware chain that handles a few kinds of action and passes every other action
/// on at the cost of a pointer comparison.
///
/// The first action of each type takes the slow path, `handle`, which either handles it (and calls
/// `next` itself if the action should go on) or answers `false`; the link then remembers the type in
/// its ``PassedTypes`` and passes the action on. Later actions of that type go straight to `next`.
/// The link captures everything the fast path reads in one object, so the `Dispatch` closure built
/// over it captures a single reference.
///
/// The table's accesses skip the dynamic exclusivity check in release builds, as the store's state
/// does (see `StoreCore`); debug builds keep it.
///
/// Shared with the middleware modules of this package (thunks, async actions) through
/// ``dispatch(next:handle:)``; not public API.
@usableFromInline
package final class FilteringLink {
    let next: Dispatch
    #if DEBUG
        var passed = PassedTypes()
    #else
        @exclusivity(unchecked) var passed = PassedTypes()
    #endif
    let handle: @MainActor (_ action: any Action, _ next: Dispatch) -> Bool

    /// - Parameters:
    ///   - next: The rest of the chain.
    ///   - handle: Called for an action of a type not yet remembered. Returns `true` if it handled
    ///     the action (passing it on itself if it should go on), `false` if the action is not one it
    ///     handles, so that the link passes it on and remembers its type.
    init(
        next: @escaping Dispatch,
        handle: @escaping @MainActor (_ action: any Action, _ next: Dispatch) -> Bool
    ) {
        self.next = next
        self.handle = handle
    }

    /// A `Dispatch` over a new link: the closure captures the link alone, and is compiled here,
    /// outside any generic context, so the fast path reads no type metadata.
    ///
    /// - Parameters:
    ///   - next: The rest of the chain.
    ///   - handle: The slow path; see ``init(next:handle:)``.
    /// - Returns: The link's dispatch.
    @usableFromInline
    package static func dispatch(
        next: @escaping Dispatch,
        handle: @escaping @MainActor (_ action: any Action, _ next: Dispatch) -> Bool
    ) -> Dispatch {
        let link = FilteringLink(next: next, handle: handle)
        return { action in link.dispatch(action) }
    }

    /// Passes `action` on if its type is known not to be handled; otherwise takes the slow path.
    @inline(__always)
    @MainActor
    func dispatch(_ action: any Action) {
        if passed.contains(PassedTypes.key(of: action)) {
            return next(action)
        }
        handleFirstOfType(action)
    }

    /// The slow path, kept out of line so the fast path stays a few instructions.
    @inline(never)
    @MainActor
    func handleFirstOfType(_ action: any Action) {
        if handle(action, next) { return }
        if PassedTypes.isRememberable(action) {
            passed.insert(PassedTypes.key(of: action))
        }
        next(action)
    }
}
