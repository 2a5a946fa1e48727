/// An action that only means something to a middleware: a thunk, an async action, a command for
/// your own middleware.
///
/// When such an action reaches the reducer without its middleware having handled it — the store
/// lacks that middleware, or has one built for other types — debug builds print a warning, once
/// per action type, naming ``requiredMiddleware``. Release builds print nothing and never crash.
///
/// ```swift
/// struct Track: HandledByMiddleware {
///     static var requiredMiddleware: String { "analyticsMiddleware()" }
///     var event: String
/// }
/// ```
///
/// A middleware that handles such an action swallows it (does not call `next`); a middleware
/// that handles it and still passes it on — as `asyncActionMiddleware()` does, so that reducers
/// can mark loading state — is recognised by this package's own middleware only.
public protocol HandledByMiddleware: Action {
    /// The middleware to add, as the user would write it: `"thunkMiddleware() in a Store<AppState>"`.
    static var requiredMiddleware: String { get }

    /// The store `State` the action is written for, when it is written for one (async actions and
    /// thunks are): reaching the reducer of a store of another state — dispatched through a
    /// feature's scope, say — gets a warning that says so, rather than "add the middleware".
    static var storeStateType: Any.Type? { get }
}

extension HandledByMiddleware {
    /// `nil`: the action is not written for one store state.
    public static var storeStateType: Any.Type? { nil }
}
