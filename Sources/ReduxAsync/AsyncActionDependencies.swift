import Redux

/// The store registry of the async action whose work is running, bound by the middleware for that
/// work only (a task-local value, not a global), so that ``AsyncAction/dependencies(_:)`` reads
/// the dependencies given to that store.
enum AsyncActionDependencies {
    @TaskLocal static var current: Effects?
}

extension AsyncAction {
    /// The app's dependencies — the value given once to the store,
    /// `Store(initialState:reducer:middleware:dependencies:onError:)` — for use inside
    /// ``run(dispatch:getState:)``, so that the work reaches its API client without a global and a
    /// test swaps it.
    ///
    /// ```swift
    /// func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> AppState) async throws {
    ///     let api = try dependencies(AppDependencies.self).api
    ///     dispatch(Loaded(items: try await api.items()))
    /// }
    /// ```
    ///
    /// - Parameter type: The type of the dependencies.
    /// - Returns: The dependencies.
    /// - Throws: `DependenciesMismatch` naming this action and both types when the store was given
    ///   none or another type — reported like any error the work throws.
    @MainActor
    public func dependencies<Dependencies>(_ type: Dependencies.Type) throws -> Dependencies {
        guard let effects = AsyncActionDependencies.current else {
            throw DependenciesMismatch(requester: "\(Self.self)", expected: "\(type)", found: nil)
        }
        return try effects.dependencies(as: type, for: "\(Self.self)")
    }
}
