#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The work reducers returned during one reduction — the commands of `ReduxEffects`, opaque here.
///
/// A ``Reducer`` built by `ReduxEffects` has a second body that also fills this list; `combine`,
/// `pullback` and `on` compose it. The store runs that body when the reducer has one and hands the
/// list to the handler the `ReduxEffects` middleware registered in the store's ``Effects`` (see
/// ``Effects/reducerWorkHandler``). Plain reducers never touch it.
///
/// Shared with `ReduxEffects`; not public API.
@usableFromInline
package struct ReducerWork: Sendable {
    /// The work, in the order the reducers returned it.
    @usableFromInline package var items: [any Sendable] = []

    @usableFromInline
    package init() {}

    /// Whether no reducer returned work.
    @inlinable
    package var isEmpty: Bool { items.isEmpty }

    /// Appends work a reducer returned.
    @inlinable
    package mutating func append(_ item: any Sendable) {
        items.append(item)
    }

    /// Drops work returned by a reducer called directly, outside a store (`reducer.reduce(_:_:)`):
    /// nothing can run it. Debug builds say so, once.
    @usableFromInline
    @inline(never)
    static func dropOutsideStore(_ work: ReducerWork) {
        #if DEBUG
            guard !work.isEmpty else { return }
            _ = warnDroppedOutsideStore
        #endif
    }
}

#if DEBUG
    /// Prints the warning the first time it is read: a global's initializer runs once, whichever
    /// thread reads it first.
    private let warnDroppedOutsideStore: Void = {
        let line =
            "swift-redux: warning: a reducer called with reduce(_:_:) outside a store returned work, which "
            + "was dropped; to test it, call reduceWithCommands(_:_:) from ReduxEffects, which returns it.\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }()
#endif
