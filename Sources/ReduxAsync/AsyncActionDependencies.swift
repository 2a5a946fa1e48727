/// The dependencies of the async action whose work is running, bound by the middleware for that
/// work only (a task-local value, not a global): tests give the middleware test doubles.
enum AsyncActionDependencies {
    @TaskLocal static var current: (any Sendable)?
}

/// A dependency an async action asked for is not what ``asyncActionMiddleware(dependencies:onError:)``
/// was given.
public struct AsyncActionDependenciesMismatch: Error, Equatable, CustomStringConvertible {
    /// The type the action asked for.
    public let expected: String
    /// The type of what the middleware was given; `nil` when it was given none.
    public let found: String?

    /// What went wrong, naming the types.
    public var description: String {
        "an async action asked for dependencies of type \(expected), but asyncActionMiddleware(dependencies:) "
            + (found.map { "was given a \($0)" } ?? "was given none")
    }
}

extension AsyncAction {
    /// The app's dependencies — the value given to
    /// ``asyncActionMiddleware(dependencies:onError:)`` — for use inside
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
    /// - Throws: ``AsyncActionDependenciesMismatch`` naming both types when the middleware was given
    ///   none or another type — reported like any error the work throws.
    public func dependencies<Dependencies>(_ type: Dependencies.Type) throws -> Dependencies {
        let current = AsyncActionDependencies.current
        guard let value = current as? Dependencies else {
            throw AsyncActionDependenciesMismatch(
                expected: String(describing: type), found: current.map { String(describing: Swift.type(of: $0)) })
        }
        return value
    }
}
