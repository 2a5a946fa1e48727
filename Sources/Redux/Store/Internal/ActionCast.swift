/// Fast conversion of an existential action to a concrete action type.
///
/// `action as? A` goes through the runtime's general `swift_dynamicCast`, which handles classes,
/// bridging and nested existentials. For a value-type action the existential holds exactly the
/// concrete value, so comparing the dynamic type's metadata with `A.self` and reading the value out
/// is enough, and a mismatch (the common case in a combined reducer) costs one comparison.
@usableFromInline
package enum ActionCast {
    /// Returns `action` as an `A` when its dynamic type is exactly `A`, otherwise `nil`.
    @inlinable
    @inline(__always)
    package static func cast<A: Action>(_ action: any Action, to type: A.Type) -> A? {
        open(action, as: type)
    }

    @inlinable
    @inline(__always)
    package static func open<Concrete: Action, A: Action>(_ action: Concrete, as type: A.Type) -> A? {
        exactly(action, as: type)
    }

    /// Whether the dynamic type of `action` is exactly `A` (the value is not copied out).
    @inlinable
    @inline(__always)
    package static func isExactly<A: Action>(_ action: any Action, _ type: A.Type) -> Bool {
        opened(action, is: type)
    }

    @inlinable
    @inline(__always)
    package static func opened<Concrete: Action, A: Action>(_: Concrete, is _: A.Type) -> Bool {
        Concrete.self == A.self
    }

    /// The type `action` was stored in its existential as, read from the opened existential (no
    /// runtime call, unlike `type(of:)`, ~50 instructions). For a class, the value may be of a
    /// subclass, which only `type(of:)` tells.
    @inlinable
    @inline(__always)
    package static func storedType(of action: any Action) -> ObjectIdentifier {
        storedType(opened: action)
    }

    @inlinable
    @inline(__always)
    package static func storedType<Concrete: Action>(opened _: Concrete) -> ObjectIdentifier {
        ObjectIdentifier(Concrete.self)
    }

    /// Whether `type` is a class, whose subclasses must also match.
    @usableFromInline
    package static func isClass(_ type: Any.Type) -> Bool {
        type is AnyObject.Type
    }
}

/// `value` as a `Wanted` when its type is exactly `Wanted` — the package's one reinterpretation of
/// a value as its own type: past the metatype comparison the types are identical, so the bit cast
/// is a plain copy. Used where the runtime's `as?` would run on every action (an action's type, a
/// case memo's enum, an identity's `String`); call it with a concrete or opened value (an
/// existential passed to an unconstrained parameter is not opened).
@inlinable
@inline(__always)
func exactly<Value, Wanted>(_ value: Value, as _: Wanted.Type) -> Wanted? {
    guard Value.self == Wanted.self else { return nil }
    return unsafeBitCast(value, to: Wanted.self)
}
