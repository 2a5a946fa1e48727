extension Store {
    /// Calls `observer` with the current state now, then once after every reduced action.
    ///
    /// Subscribers are called in subscription order. An action dispatched from `observer` is queued
    /// and reduced after the current notification pass, so every subscriber sees every state once,
    /// in order.
    ///
    /// ```swift
    /// let subscription = store.subscribe { state in render(state) }
    /// ```
    ///
    /// - Parameter observer: Receives the state. Runs on the main actor.
    /// - Returns: A handle that keeps the subscription alive; cancel or release it to stop delivery.
    @inlinable
    public func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> Subscription {
        let subscriber = Subscriber(observer)
        let core = core
        core.machine.subscribers.append(subscriber)
        let subscription = Subscription {
            let observer = core.machine.subscribers.remove(subscriber)
            withExtendedLifetime(observer) {}
        }
        let state = core.state
        core.withBusyStore { observer(state) }
        return subscription
    }

    /// Calls `observer` with the value at `keyPath` now, then whenever a reduced action changes it.
    ///
    /// Repeats are skipped with `==`: an action that leaves the value equal delivers nothing.
    ///
    /// ```swift
    /// let subscription = store.subscribe(to: \.count) { count in label.text = "\(count)" }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The member of the state to watch.
    ///   - observer: Receives each distinct value. Runs on the main actor.
    /// - Returns: A handle that keeps the subscription alive; cancel or release it to stop delivery.
    @inlinable
    public func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        let filter = MemberFilter(keyPath, observer)
        return subscribe { state in filter.receive(state) }
    }
}
