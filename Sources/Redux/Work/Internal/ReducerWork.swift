#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Work a reducer returns that the store runs itself after the reduction — `ReduxEffects`' `Command`.
/// The seam between the core and the effect styles built on it: the store calls ``start(_:)`` for each
/// item, in order, owned by the element it belongs to. Not public API.
package protocol StoreRunnableWork: Sendable {
    /// Starts the work.
    ///
    /// - Parameter run: The store's registry, the action that returned the work, the element it
    ///   belongs to and the dispatch that reaches that element.
    @MainActor
    func start(_ run: WorkRun)
}

/// What work a reducer returned gets from the store when it starts (see ``StoreRunnableWork``).
package struct WorkRun: Sendable {
    /// The store's registry: run tasks here, read the dependencies, report errors.
    package let effects: Effects
    /// The action whose reduction returned the work.
    package let action: any Action
    /// The element the work belongs to.
    package let context: WorkContext
    /// Dispatches into the store, wrapped so that what the work sends reaches its element.
    package let send: Dispatch
}

/// The work reducers returned during one reduction — the commands of `ReduxEffects`, opaque here.
///
/// A ``Reducer`` built by `ReduxEffects` has a second body that also fills this list; `combine`,
/// `pullback` and `on` compose it. The store runs that body when the reducer has one and, after
/// the observers and subscribers saw the new state, starts each item itself (``StoreRunnableWork``)
/// in its ``Effects``. Plain reducers never touch it.
///
/// Shared with `ReduxEffects`; not public API.
@usableFromInline
package struct ReducerWork: Sendable {
    /// The work, in the order the reducers returned it.
    @usableFromInline package var items: [any Sendable] = []
    /// The claims of enum cases on actions addressed to them (``CaseClaim``), kept apart from the
    /// work so that settling them reads no item's type: the `forEach` or `ifLet` that ran the
    /// enum's reducer, or the store, settles them.
    @usableFromInline var claims = CaseClaims()

    @usableFromInline
    package init() {}

    /// Whether no reducer returned work (or a case claim still to settle).
    @inlinable
    package var isEmpty: Bool { items.isEmpty && claims.isEmpty }

    /// Appends work a reducer returned.
    @inlinable
    package mutating func append(_ item: any Sendable) {
        items.append(item)
    }

    /// Appends the work an element's reducer returned (`childWork`), run on the element's behalf
    /// (owned by `step`; what it sends wrapped by `wrap`), and the probe that keeps it alive while
    /// `isLive` finds the element — what `forEach` and `ifLet` append after an element's action.
    @inlinable
    package mutating func appendElementWork<State>(
        _ childWork: ReducerWork, step: OwnerStep, wrap: @escaping @Sendable (any Action) -> any Action,
        isLive: @escaping @Sendable (inout State) -> Bool
    ) {
        append(ScopedWork(step: step, wrap: wrap, items: childWork.items))
        append(LivenessProbe<State>(chain: [step], isLive: isLive))
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
