#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Type names for logs and diffs, made once per type.
///
/// `String(describing: SomeType.self)` asks the runtime for the name and for the metatype's
/// conformances every time — measured at thousands to hundreds of thousands of instructions on
/// Linux, the largest single cost of a log entry's title. Names never change, so they are kept, by
/// the type's identity, behind a lock (descriptions are built on any thread).
package enum TypeNames {
    private final class Cache: @unchecked Sendable {
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
        private var names: [ObjectIdentifier: String] = [:]

        init() {
            mutex = .allocate(capacity: 1)
            pthread_mutex_init(mutex, nil)
        }

        func name(of type: Any.Type) -> String {
            let key = ObjectIdentifier(type)
            pthread_mutex_lock(mutex)
            let known = names[key]
            pthread_mutex_unlock(mutex)
            if let known { return known }
            let name = String(describing: type)
            pthread_mutex_lock(mutex)
            names[key] = name
            pthread_mutex_unlock(mutex)
            return name
        }
    }

    private static let cache = Cache()

    /// The unqualified name of `type`, as `String(describing:)` gives it.
    package static func name(of type: Any.Type) -> String {
        cache.name(of: type)
    }
}
