/// An app's dependencies made of the dependencies of its feature modules: each module reads its own
/// type — in its reducers (`Reducer(using:)`, `.commands(on:using:)`), its commands
/// (`Command.run(using:)`), async actions and thunks — and the app says once which of its members
/// give them. A module then compiles and tests alone, with its own type (a `TestStore` given the
/// module's dependencies), and the app's store gives each module its part.
///
/// ```swift
/// // In the game module: it knows its own type only.
/// struct GameDependencies: Sendable { var random: RandomGenerator }
///
/// // In the app:
/// struct AppDependencies: DependencyParts {
///     var game: GameDependencies
///     var login: LoginDependencies
///     static let parts: [PartialKeyPath<AppDependencies> & Sendable] = [\.game, \.login]
/// }
/// ```
///
/// A read asks for the whole value first; when it is not of the type asked for, the first part
/// that is — and a part that is itself `DependencyParts` is searched the same way, so a feature
/// that holds sub-features gives them their parts as the app gives it its own. A part may be a
/// computed property: a projection of the app's clients into the module's type
/// (`var login: LoginDependencies { LoginDependencies(authentication: authentication) }`). A type
/// no part has is the mismatch it always was, named.
public protocol DependencyParts: Sendable {
    /// The members that feature modules read as their own dependencies, in the order they are
    /// asked.
    static var parts: [PartialKeyPath<Self> & Sendable] { get }
}

extension DependencyParts {
    /// The first part of type `T`, if any, depth first through parts that have parts.
    func part<T>(_: T.Type) -> T? {
        for keyPath in Self.parts {
            let part = self[keyPath: keyPath]
            if let part = part as? T { return part }
            if let parts = part as? any DependencyParts, let found = parts.part(T.self) { return found }
        }
        return nil
    }
}

/// `dependencies` as a `T`: the value itself, or the part of it that is a `T` (``DependencyParts``);
/// else, for a ``FeatureDependencies`` type, its test value in a `TestStore` (``TestDependencies``)
/// and its live value anywhere else.
package func resolvedDependencies<T>(_ dependencies: (any Sendable)?, as _: T.Type) -> T? {
    if let value = dependencies as? T { return value }
    if let override = dependencies as? DependencyOverride {
        return resolvedGivenDependencies(override.value, as: T.self) ?? resolvedDependencies(override.outer, as: T.self)
    }
    if let test = dependencies as? TestDependencies { return test.value(T.self) }
    if let parts = dependencies as? any DependencyParts, let part = parts.part(T.self) { return part }
    return LiveDependencies.value(T.self)
}

/// `dependencies` as a `T`, from what was given only: the value itself or a part of it.
package func resolvedGivenDependencies<T>(_ dependencies: (any Sendable)?, as _: T.Type) -> T? {
    if let value = dependencies as? T { return value }
    if let parts = dependencies as? any DependencyParts { return parts.part(T.self) }
    return nil
}

/// The type of the dependencies a store was given, for messages: what a test gave, not the box
/// that holds it with its test values; `nil` for none.
package func describeGivenDependencies(_ dependencies: (any Sendable)?) -> String? {
    if let override = dependencies as? DependencyOverride { return "\(type(of: override.value))" }
    if let test = dependencies as? TestDependencies { return test.givenDescription }
    return dependencies.map { "\(type(of: $0))" }
}

extension Reducer {
    /// This reducer with one dependency replaced while it runs — the Composable Architecture's
    /// `.dependency(\.x, value)` on one reducer of a composition: what it reads, and the work it
    /// starts reads, is `value`; the rest of the app reads the store's.
    ///
    /// ```swift
    /// let appReducer = Reducer<AppState>.combine(
    ///     listReducer,
    ///     previewReducer.dependency(\AppDependencies.api, .preview)
    /// )
    /// ```
    ///
    /// When the store's dependencies are not a `Dependencies` (nor have a part of that type), the
    /// reducer runs with the store's as they are, and a debug build says so once.
    ///
    /// - Parameters:
    ///   - keyPath: The dependency, in the dependencies type the reducer reads.
    ///   - value: Its value while this reducer runs.
    /// - Returns: The reducer.
    public func dependency<Dependencies: Sendable, Value: Sendable>(
        _ keyPath: WritableKeyPath<Dependencies, Value> & Sendable, _ value: Value
    ) -> Reducer {
        withDependencies { (dependencies: inout Dependencies) in dependencies[keyPath: keyPath] = value }
    }

    /// This reducer with its dependencies changed by `change` while it runs (see
    /// ``dependency(_:_:)``): several at once.
    ///
    /// - Parameter change: Changes the dependencies this reducer and its work read.
    /// - Returns: The reducer.
    public func withDependencies<Dependencies: Sendable>(
        _ change: @escaping @Sendable (inout Dependencies) -> Void
    ) -> Reducer {
        let run = bodyCollectingWork
        return Reducer(work: { state, action, work in
            // A store runs its reducer on the main actor; the runtime checks it again here.
            let previous = MainActor.assumeIsolated { ReducerDependencies.current }
            guard var changed = resolvedDependencies(previous, as: Dependencies.self) else {
                MainActor.assumeIsolated {
                    Diagnostics.warnOnce(
                        "dependency-override:\(Dependencies.self)",
                        "swift-redux: warning: a reducer of \(State.self) overrides \(Dependencies.self), but the "
                            + "store's dependencies are "
                            + (describeGivenDependencies(previous).map { "a \($0)" } ?? "none")
                            + "; it ran with them unchanged.")
                }
                return run(&state, action, &work)
            }
            change(&changed)
            // Over the store's, not in their place: what this reducer reads of other types is
            // still theirs (a test's values among them).
            let overridden = DependencyOverride(value: changed, outer: previous)
            MainActor.assumeIsolated { ReducerDependencies.current = overridden }
            run(&state, action, &work)
            MainActor.assumeIsolated { ReducerDependencies.current = previous }
        })
    }
}

/// Dependencies one reducer of a composition runs with (``Reducer/withDependencies(_:)``): its
/// changed value over those of the store, which it still reads for every other type.
package struct DependencyOverride: Sendable {
    let value: any Sendable
    let outer: (any Sendable)?
}
