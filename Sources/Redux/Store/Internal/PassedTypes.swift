/// The action types a middleware found it does not handle, so that rejecting them again costs a
/// table probe instead of a protocol-conformance lookup (`as? any P` walks the runtime's
/// conformance tables).
///
/// Keyed on the `ObjectIdentifier` of the action's type, obtained by opening the existential (a
/// generic function called with the `any Action`, SE-0352) — not `type(of:)`, which asks the
/// runtime for the dynamic type (`swift_getDynamicType`, ~53 instructions per action, more than
/// the rest of the stage). The opened type is exact for structs and enums; for a class action it
/// is the type the value was stored as, possibly a superclass, so class types are never
/// remembered and always take the full check. The table is open-addressed (Fibonacci hashing, at
/// most half full, growing as types are added): any of an app's action types is recognised in the
/// same few instructions, with no limit on how many.
///
/// Measured when the table was written (issue 39's harness; callgrind, plain action through the
/// thunk middleware): 537 instructions per dispatch against 497 through a pass-through middleware,
/// a stage 1.26× a pass-through one (budget 1.5×). With `type(of:)` it was 594 (1.64×).
///
/// The slots are memory the table allocates and frees itself, not an `Array`: the table is
/// `~Copyable` (one owner, the link's stored property; no copy shares the memory), and every index
/// it reads is in range by construction — a probe starts at the hash's top bits, `key × φ >>
/// shift`, which is below `1 << (UInt.bitWidth − shift)`, the capacity, and steps modulo the
/// capacity (`& mask`); `init` and `grow` keep `capacity == 1 << (UInt.bitWidth − shift)`, and
/// debug builds assert it at each read. With an `Array`, the stage paid its count load and bounds
/// check, and the compiler loaded the slots and the shift before the call that projects the
/// action's existential, so two more registers were saved and restored around it: 37 instructions
/// in the link's closure, 29 now. `thunk middleware, plain action` and `async middleware, plain
/// action` 337 / 336 → 329 / 328 (`store, 1 middleware` 296, none 217): SPEC §8's goal of a
/// filtering stage at most 1.5× a pass-through one, missed at 1.52× / 1.51×, met at 1.42× / 1.41×
/// (1.40× / 1.38× in a build where those two measured 297 and 216). `.ci/perf-guard` holds 1.5×.
struct PassedTypes: ~Copyable {
    /// The identifiers' bit patterns, `capacity` of them; zero marks an empty slot (no type's
    /// identifier is zero).
    private var slots: UnsafeMutablePointer<UInt>
    /// `UInt.bitWidth` minus log2 of `capacity`: the hash keeps the top bits.
    private var shift: Int
    /// How many slots there are: a power of two, `1 << (UInt.bitWidth − shift)`. Stored, though
    /// `shift` tells it: computed, the mask was made on every lookup (`thunk middleware, plain
    /// action` 329 → 334).
    private var capacity: Int
    /// How many types are remembered.
    private(set) var count = 0

    /// Multiplying by 2^64 / φ spreads nearby metadata addresses over the table.
    private static let multiplier: UInt = 0x9E37_79B9_7F4A_7C15

    init() {
        capacity = 16
        shift = UInt.bitWidth - 4
        slots = .allocate(capacity: 16)
        slots.initialize(repeating: 0, count: 16)
    }

    deinit {
        slots.deallocate()
    }

    /// The key of `action`'s type: its `ObjectIdentifier`, through the opened existential.
    @inline(__always)
    static func key(of action: any Action) -> UInt {
        key(ofOpened: action)
    }

    @inline(__always)
    private static func key<A: Action>(ofOpened _: A) -> UInt {
        UInt(bitPattern: ObjectIdentifier(A.self))
    }

    /// Whether actions of this one's type may be remembered: not class types (see above).
    static func isRememberable(_ action: any Action) -> Bool {
        !(type(of: action) is AnyObject.Type)
    }

    /// The slot a probe for `key` starts at.
    @inline(__always)
    private func home(of key: UInt) -> Int {
        let index = Int(bitPattern: (key &* Self.multiplier) &>> UInt(bitPattern: shift))
        assert(index >= 0 && index < capacity && capacity == 1 << (UInt.bitWidth - shift))
        return index
    }

    /// Whether the type with this key was remembered.
    @inline(__always)
    func contains(_ key: UInt) -> Bool {
        let mask = capacity &- 1
        var index = home(of: key)
        while true {
            let slot = slots[index]
            if slot == key { return true }
            if slot == 0 { return false }
            index = (index &+ 1) & mask
        }
    }

    /// Remembers the type with this key.
    mutating func insert(_ key: UInt) {
        guard !contains(key) else { return }
        if (count &+ 1) &* 2 > capacity {
            grow()
        }
        place(key)
    }

    /// Doubles the slots, placing the remembered keys again.
    private mutating func grow() {
        let old = slots
        let oldCapacity = capacity
        capacity = oldCapacity &* 2
        shift &-= 1
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        count = 0
        for index in 0..<oldCapacity where old[index] != 0 { place(old[index]) }
        old.deallocate()
    }

    private mutating func place(_ key: UInt) {
        let mask = capacity &- 1
        var index = home(of: key)
        while slots[index] != 0 {
            index = (index &+ 1) & mask
        }
        slots[index] = key
        count &+= 1
    }
}
