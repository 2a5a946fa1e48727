#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An action that only means something to one middleware (a thunk, say). When one reaches the
/// reducer, that middleware is missing from the store; debug builds say so.
///
/// Shared with the middleware modules of this package; not public API.
package protocol RequiresMiddleware: Action {
    /// The middleware to add, as the user would write it, for the warning.
    static var requiredMiddleware: String { get }
}

/// Debug-build warnings about programmer errors that must not crash a release build.
@MainActor
@usableFromInline
package enum Diagnostics {
    /// Where warnings go: standard error by default. Tests replace it to capture warnings.
    package static var sink: @MainActor (String) -> Void = { message in
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    private static var warnedTypes: Set<ObjectIdentifier> = []

    /// Warns, once per action type, that an action reached the reducer without the middleware it
    /// needs. Only in debug builds.
    @usableFromInline
    package static func checkReachedReducer(_ action: any Action) {
        #if DEBUG
            guard let marked = action as? any RequiresMiddleware else { return }
            let type = Swift.type(of: marked)
            guard warnedTypes.insert(ObjectIdentifier(type)).inserted else { return }
            sink(
                "swift-redux: warning: \(type) reached the reducer and was ignored; "
                    + "add \(type.requiredMiddleware) to the store's middleware.")
        #endif
    }

    /// Forgets which types were warned about (tests).
    package static func reset() {
        warnedTypes = []
    }
}
