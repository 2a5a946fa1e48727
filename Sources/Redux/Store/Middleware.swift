/// A function that sends an action into a store.
///
/// The `dispatch` a ``Store`` hands to middleware re-enters the whole middleware chain. A `Dispatch`
/// that outlives its store does nothing.
public typealias Dispatch = @MainActor (any Action) -> Void

/// A side-effect stage between ``Store/dispatch(_:)`` and the reducer.
///
/// A middleware is a factory. The store calls it once, in its initializer, with:
/// - `dispatch`: sends a new action through the whole chain, starting at the first middleware;
/// - `getState`: returns the store's current state, always the latest.
///
/// It returns a function that, given `next` (the rest of the chain, ending at the reducer), returns
/// the dispatch function of this stage. Call `next(action)` to pass an action on; not calling it
/// swallows the action.
///
/// ```swift
/// let logger: Middleware<AppState> = { dispatch, getState in
///     { next in
///         { action in
///             print("will reduce", action)
///             next(action)
///             print("state is now", getState())
///         }
///     }
/// }
/// ```
///
/// The store builds its dispatch by reversing the middleware array and reducing it over the final
/// dispatch that runs the reducer, so the first middleware in the array is the outermost and sees
/// every action first. See `docs/architecture.md` and `docs/writing-middleware.md`.
public typealias Middleware<State> =
    @MainActor (
        _ dispatch: @escaping Dispatch,
        _ getState: @escaping @MainActor () -> State
    ) -> (_ next: @escaping Dispatch) -> Dispatch
