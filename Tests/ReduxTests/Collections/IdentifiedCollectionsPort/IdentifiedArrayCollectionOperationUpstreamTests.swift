// A port of swift-identified-collections' own
// Tests/IdentifiedCollectionsTests/IdentifiedArrayCollectionOperationTests.swift (commit 3abaf51):
// each operation on an IdentifiedArray gives what it gives on an Array, through the generic
// `MutableCollection`, `RandomAccessCollection` and `RangeReplaceableCollection` algorithms.
import Foundation
import Redux
import Testing

struct IdentifiedArrayCollectionOperationUpstreamTests {
    @Test func max() {
        assertElementsEqual { $0.max() }
        assertElementsEqual { $0.max(by: >) }
    }

    @Test func min() {
        assertElementsEqual { $0.min() }
        assertElementsEqual { $0.min(by: >) }
    }

    @Test func removeFirst() {
        assertElementsEqual { $0.isEmpty ? nil : $0.removeFirst() }
    }

    @Test func removeLast() {
        assertElementsEqual { $0.isEmpty ? nil : $0.removeLast() }
    }

    @Test func reverse() {
        assertElementsEqual { $0.reverse() }
    }

    @Test func shuffleUsing() {
        var seed: UInt64 = 0
        assertElementsEqual {
            var rng = LCRNG(seed: seed)
            $0.shuffle(using: &rng)
        } setUp: {
            seed = .random(in: .min ... .max)
        }
    }

    @Test func sort() {
        assertElementsEqual { $0.sort() }
        assertElementsEqual { $0.sort(by: >) }
    }

    /// Upstream runs it on Apple platforms only; Foundation has `KeyPathComparator` on Linux too.
    @Test func sortUsing() {
        assertElementsEqual { $0.sort(using: KeyPathComparator(\.count)) }
        assertElementsEqual { $0.sort(using: KeyPathComparator(\.count, order: .reverse)) }
    }
}

private struct Item: Identifiable, Comparable, Equatable {
    let id = UUID()
    var count: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.count < rhs.count
    }
}

private protocol TestCollection<Element>:
    MutableCollection, RandomAccessCollection, RangeReplaceableCollection
{}

extension Array: TestCollection {}
extension IdentifiedArray: TestCollection {}

private func assertElementsEqual<Result>(
    after operation: (inout (any TestCollection<Item>)) -> Result,
    setUp: () -> Void = {},
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for n in 0...10 {
        let size = Int(pow(Double(n), 2))
        for _ in 1...10 {
            setUp()
            var identifiedArray: IdentifiedArrayOf<Item> = []
            for _ in 0..<size {
                identifiedArray.append(Item(count: .random(in: -1_000...1_000)))
            }
            var anyIdentifiedArray = identifiedArray as any TestCollection<Item>
            var anyArray = Array(identifiedArray) as any TestCollection<Item>
            let lhs = operation(&anyIdentifiedArray)
            let rhs = operation(&anyArray)
            let equal = anyIdentifiedArray.elementsEqual(anyArray)
            // Described before the expectation: an existential with a primary associated type in
            // the expectation's comment closure crashes the 6.3.1 compiler's IR generation.
            let control =
                "(\(String(describing: anyIdentifiedArray))) does not equal control (\(String(describing: anyArray)))"
            #expect(equal, Comment(rawValue: control), sourceLocation: sourceLocation)
            guard let result = anyIdentifiedArray as? IdentifiedArrayOf<Item> else {
                Issue.record("the operation changed the collection's type", sourceLocation: sourceLocation)
                return
            }
            identifiedArray = result
            #expect(
                identifiedArray.ids.elementsEqual(identifiedArray.map(\.id)),
                "(\(identifiedArray.ids)) keys does not equal IDs (\(identifiedArray.map(\.id)))",
                sourceLocation: sourceLocation)
            for (index, id) in identifiedArray.ids.enumerated() {
                #expect(identifiedArray.index(id: id) == index, "positions agree", sourceLocation: sourceLocation)
            }
            if let lhs = lhs as? any Equatable {
                #expect(equalResults(lhs, rhs) != false, sourceLocation: sourceLocation)
            }
        }
    }
}

/// Whether `rhs` equals `lhs` (`nil` when it is of another type).
private func equalResults<LHS: Equatable>(_ lhs: LHS, _ rhs: Any) -> Bool? {
    (rhs as? LHS).map { $0 == lhs }
}

private struct LCRNG: RandomNumberGenerator {
    var seed: UInt64
    init(seed: UInt64 = 0) {
        self.seed = seed
    }
    mutating func next() -> UInt64 {
        self.seed = 2_862_933_555_777_941_757 &* self.seed &+ 3_037_000_493
        return self.seed
    }
}
