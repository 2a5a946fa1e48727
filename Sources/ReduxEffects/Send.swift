import Redux

/// Sends actions into the store from a command's asynchronous work.
///
/// Call it like a function: `send(Loaded(items: items))`. What a cancelled run sends after its
/// cancellation is dropped — the work was told to stop, and its results are stale — and so is
/// anything sent after the store was released.
///
/// `Send` is `Sendable`; call it on the main actor, where command work runs.
public struct Send: Sendable {
    let dispatch: Dispatch

    init(_ dispatch: @escaping Dispatch) {
        self.dispatch = dispatch
    }

    /// Sends `action` into the store, unless the work sending it was cancelled.
    ///
    /// - Parameter action: The action.
    @MainActor
    public func callAsFunction(_ action: any Action) {
        guard !Task.isCancelled else { return }
        dispatch(action)
    }
}
