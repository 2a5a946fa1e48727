/// Remembers action types that a middleware found it does not handle, so that rejecting them again
/// costs a hash-table probe instead of a protocol-conformance lookup (`as? any P` walks the
/// runtime's conformance tables).
///
/// The table is open-addressed on the type's metadata pointer, at most half full, and grows as
/// types are added, so recognising any of an app's action types costs the same few instructions. It
/// lives behind a pointer so that the check pays no dynamic exclusivity check; the owner
/// (``FilteringLink``) deallocates it. Used on the main actor only.
struct ActionTypeMemo {
    /// The table's storage: slots holding metadata pointers as integers, zero for an empty slot.
    struct Table {
        var slots: UnsafeMutablePointer<UInt>
        /// The number of slots minus one; the number of slots is a power of two.
        var mask: Int
        /// `UInt.bitWidth` minus log2 of the number of slots: the hash keeps the top bits.
        var shift: Int
        var count: Int
    }

    let table: UnsafeMutablePointer<Table>

    /// The most types remembered; beyond that the full check runs every time (still correct, only
    /// slower). No real program has this many action types reaching one middleware.
    static let maximumCount = 4096

    /// Fibonacci hashing: multiplying by 2^64 / φ spreads nearby metadata addresses over the table.
    static let multiplier: UInt = 0x9E37_79B9_7F4A_7C15

    init() {
        table = .allocate(capacity: 1)
        table.initialize(to: Self.makeTable(slotCount: 16))
    }

    static func makeTable(slotCount: Int) -> Table {
        let slots = UnsafeMutablePointer<UInt>.allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
        return Table(
            slots: slots, mask: slotCount &- 1, shift: UInt.bitWidth &- slotCount.trailingZeroBitCount, count: 0)
    }

    /// Frees the memory; the memo must not be used afterwards.
    func deallocate() {
        table.pointee.slots.deallocate()
        table.deinitialize(count: 1)
        table.deallocate()
    }

    /// The type stored in the existential container: its type-metadata word, read in place.
    ///
    /// An `any Action` is an opaque existential container: a three-word value buffer, then the
    /// type's metadata pointer, then the `Action` witness table (the layout is part of the Swift
    /// ABI). Reading the word costs one load; opening the existential costs a call to project the
    /// buffer, and `type(of:)` a runtime call. ``layoutIsAsExpected`` checks the layout once; if it
    /// ever differed, nothing would be remembered and every action would take the full check.
    @inline(__always)
    static func typeIdentifier(_ action: borrowing any Action) -> UInt {
        withUnsafePointer(to: action) {
            UnsafeRawPointer($0).load(fromByteOffset: 3 &* MemoryLayout<Int>.size, as: UInt.self)
        }
    }

    /// The metadata pointer of `A`, the value ``typeIdentifier(_:)`` must read for an `A`.
    static func metadata<A: Action>(of _: A) -> UInt {
        UInt(bitPattern: unsafeBitCast(A.self as any Any.Type, to: Int.self))
    }

    /// Whether an `any Action` has the layout ``typeIdentifier(_:)`` reads, checked with a value
    /// stored inline, one stored out of line, and a class instance.
    static let layoutIsAsExpected: Bool = {
        func check(_ action: any Action) -> Bool { typeIdentifier(action) == metadata(of: action) }
        return MemoryLayout<any Action>.size == 5 &* MemoryLayout<Int>.size
            && check(LayoutProbe.Small()) && check(LayoutProbe.Large()) && check(LayoutProbe.Object())
    }()

    /// Whether `action`'s type was remembered as not handled.
    @inline(__always)
    func isKnownUnhandled(_ action: any Action) -> Bool {
        let type = Self.typeIdentifier(action)
        let slots = table.pointee.slots
        let mask = table.pointee.mask
        var index = Int(bitPattern: (type &* Self.multiplier) &>> UInt(bitPattern: table.pointee.shift))
        while true {
            let slot = slots[index]
            if slot == type { return true }
            if slot == 0 { return false }
            index = (index &+ 1) & mask
        }
    }

    /// Remembers that `action`'s type is not handled. Class types are not remembered: a subclass
    /// stored under its superclass's type may answer differently.
    func rememberUnhandled(_ action: any Action) {
        guard Self.layoutIsAsExpected, !(Swift.type(of: action) is AnyObject.Type),
            table.pointee.count < Self.maximumCount, !isKnownUnhandled(action)
        else { return }
        if (table.pointee.count &+ 1) &* 2 > table.pointee.mask &+ 1 {
            grow()
        }
        insert(Self.typeIdentifier(action))
    }

    private func insert(_ type: UInt) {
        let mask = table.pointee.mask
        var index = Int(bitPattern: (type &* Self.multiplier) &>> UInt(bitPattern: table.pointee.shift))
        while table.pointee.slots[index] != 0 {
            index = (index &+ 1) & mask
        }
        table.pointee.slots[index] = type
        table.pointee.count &+= 1
    }

    private func grow() {
        let old = table.pointee
        table.pointee = Self.makeTable(slotCount: (old.mask &+ 1) &* 2)
        for index in 0...old.mask where old.slots[index] != 0 {
            insert(old.slots[index])
        }
        old.slots.deallocate()
    }

    /// How many types are remembered. For tests.
    var rememberedCount: Int { table.pointee.count }
}

/// Actions of each storage kind, for ``ActionTypeMemo/layoutIsAsExpected``.
enum LayoutProbe {
    struct Small: Action {}
    struct Large: Action { var words: (Int, Int, Int, Int, Int) = (1, 2, 3, 4, 5) }
    final class Object: Action {}
}
