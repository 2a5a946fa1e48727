/// A small seeded generator (SplitMix64): the same seed gives the same sequence on every platform,
/// for the property tests that generate their inputs (action sequences, collection operations).
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator whose sequence `seed` determines.
    public init(seed: UInt64) { state = seed }

    /// The next value of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
