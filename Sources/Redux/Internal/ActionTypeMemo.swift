/// Remembers action types that a middleware found it does not handle, so that rejecting them again
/// costs a few pointer comparisons instead of a protocol-conformance lookup (`as? any P` walks the
/// runtime's conformance tables).
///
/// Shared with the middleware modules of this package; not public API.
@MainActor
package final class ActionTypeMemo {
    private var rejected: [ObjectIdentifier] = []
    private let capacity: Int

    /// - Parameter capacity: How many rejected types to remember; beyond that, the check runs
    ///   every time (still correct, only slower).
    package init(capacity: Int = 32) {
        self.capacity = capacity
    }

    /// Whether `action`'s type was remembered as not handled.
    @inline(__always)
    package func isKnownUnhandled(_ action: any Action) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: action))
        for known in rejected where known == type {
            return true
        }
        return false
    }

    /// Remembers that `action`'s type is not handled.
    package func rememberUnhandled(_ action: any Action) {
        guard rejected.count < capacity else { return }
        rejected.append(ObjectIdentifier(Swift.type(of: action)))
    }
}
