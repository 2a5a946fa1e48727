/// Remembers action types that a middleware found it does not handle, so that rejecting them again
/// costs a few pointer comparisons instead of a protocol-conformance lookup (`as? any P` walks the
/// runtime's conformance tables).
///
/// The types live behind pointers so that the check pays no dynamic exclusivity check. Shared with
/// the middleware modules of this package; not public API. Not `Sendable`: each middleware instance
/// owns one and uses it on the main actor only.
@usableFromInline
package final class ActionTypeMemo {
    @usableFromInline let types: UnsafeMutablePointer<ObjectIdentifier>
    @usableFromInline let count: UnsafeMutablePointer<Int>
    @usableFromInline let capacity: Int

    /// - Parameter capacity: How many rejected types to remember; beyond that, the full check runs
    ///   every time (still correct, only slower).
    @usableFromInline
    package init(capacity: Int = 32) {
        self.capacity = capacity
        types = .allocate(capacity: capacity)
        count = .allocate(capacity: 1)
        count.initialize(to: 0)
    }

    deinit {
        types.deallocate()
        count.deallocate()
    }

    /// The type stored in the existential container. Opening the existential reads it directly;
    /// `type(of:)` would call into the runtime to look for a dynamic class type.
    @inlinable
    @inline(__always)
    static func typeIdentifier<A: Action>(_ action: A) -> ObjectIdentifier {
        ObjectIdentifier(A.self)
    }

    /// Whether `action`'s type was remembered as not handled.
    @inlinable
    @inline(__always)
    package func isKnownUnhandled(_ action: any Action) -> Bool {
        let type = Self.typeIdentifier(action)
        var index = 0
        let known = count.pointee
        while index < known {
            if types[index] == type { return true }
            index &+= 1
        }
        return false
    }

    /// Remembers that `action`'s type is not handled. Class types are not remembered: a subclass
    /// stored under its superclass's type may answer differently.
    @inlinable
    package func rememberUnhandled(_ action: any Action) {
        let known = count.pointee
        guard known < capacity, !(Swift.type(of: action) is AnyObject.Type) else { return }
        (types + known).initialize(to: Self.typeIdentifier(action))
        count.pointee = known + 1
    }
}
