import ReduxTestSupport
import Testing

@testable import Redux

/// `IdentifiedArray` keeps its elements in leaves, branches and groups (issues 47, 65): every
/// operation behaves as on an array across their boundaries, and a copy shares every leaf it has
/// not written.
struct ChunkedStorageTests {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
    }

    static let chunk = ChunkedStorage<Int>.chunkSize

    @Test(arguments: [1 as UInt64, 2, 3])
    func everyOperationMatchesAnArrayAcrossChunks(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var list = IdentifiedArrayOf<Row>(
            uniqueElements: (0..<(ChunkedStorage<Int>.groupSize - 20)).map { Row(id: $0, title: "\($0)") })
        var model = Array(list)
        var nextID = model.count
        func fresh() -> Row {
            defer { nextID += 1 }
            return Row(id: nextID, title: "n\(nextID)")
        }
        for step in 0..<400 {
            let count = model.count
            let operation = Int.random(in: 0..<13, using: &rng)
            switch operation {
            case 0:
                let row = fresh()
                list.append(row)
                model.append(row)
            case 1:
                let index = Int.random(in: 0...count, using: &rng)
                let row = fresh()
                list.insert(row, at: index)
                model.insert(row, at: index)
            case 2 where count > 0:
                let index = Int.random(in: 0..<count, using: &rng)
                #expect(list.remove(at: index) == model.remove(at: index))
            case 3 where count > 0:
                let offsets = Set(
                    (0..<Int.random(in: 1...40, using: &rng)).map { _ in
                        Int.random(in: 0..<count, using: &rng)
                    })
                list.remove(atOffsets: offsets)
                model = model.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
            case 4:
                let modulus = Int.random(in: 5...50, using: &rng)
                list.removeAll { $0.id % modulus == 0 }
                model.removeAll { $0.id % modulus == 0 }
            case 5 where count > 0:
                let source = Set(
                    (0..<Int.random(in: 1...20, using: &rng)).map { _ in
                        Int.random(in: 0..<count, using: &rng)
                    })
                let destination = Int.random(in: 0...count, using: &rng)
                list.move(fromOffsets: source, toOffset: destination)
                let moved = source.sorted().map { model[$0] }
                let before = model.enumerated().filter { !source.contains($0.offset) && $0.offset < destination }
                let after = model.enumerated().filter { !source.contains($0.offset) && $0.offset >= destination }
                model = before.map(\.element) + moved + after.map(\.element)
            case 6:
                list.sort { $0.title < $1.title }
                model.sort { $0.title < $1.title }
            case 7:
                list.reverse()
                model.reverse()
            case 8 where count > 1:
                let i = Int.random(in: 0..<count, using: &rng)
                let j = Int.random(in: 0..<count, using: &rng)
                list.swapAt(i, j)
                model.swapAt(i, j)
            case 9 where count > 0:
                let index = Int.random(in: 0..<count, using: &rng)
                list[id: model[index].id]?.title += "!"
                model[index].title += "!"
                list[index].title += "?"
                model[index].title += "?"
            case 10 where count > 0:
                let lower = Int.random(in: 0..<count, using: &rng)
                let upper = Int.random(in: lower...min(count, lower + 600), using: &rng)
                let inserted = (0..<Int.random(in: 0...3, using: &rng)).map { _ in fresh() }
                list.replaceSubrange(lower..<upper, with: inserted)
                model.replaceSubrange(lower..<upper, with: inserted)
            case 11 where count > 0:
                #expect(list.removeLast() == model.removeLast())
            case 12 where count > 0:
                // Elements whose identifiers are present (before, inside and after the range) replace
                // those where they stand, the range's own being gone; the others are inserted.
                let lower = Int.random(in: 0..<count, using: &rng)
                let upper = Int.random(in: lower...min(count, lower + 40), using: &rng)
                var given = (0..<Int.random(in: 0...3, using: &rng)).map { _ in fresh() }
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let present = model[Int.random(in: 0..<count, using: &rng)]
                    given.insert(
                        Row(id: present.id, title: present.title + "*"),
                        at: Int.random(in: 0...given.count, using: &rng))
                }
                list.replaceSubrange(lower..<upper, with: given)
                model.removeSubrange(lower..<upper)
                var inserted: [Row] = []
                for row in given {
                    if let at = model.firstIndex(where: { $0.id == row.id }) {
                        model[at] = row
                    } else if let at = inserted.firstIndex(where: { $0.id == row.id }) {
                        inserted[at] = row
                    } else {
                        inserted.append(row)
                    }
                }
                model.insert(contentsOf: inserted, at: lower)
            default:
                for _ in 0..<Self.chunk / 2 {
                    let row = fresh()
                    list.append(row)
                    model.append(row)
                }
            }
            guard Array(list) == model else {
                Issue.record(
                    "seed \(seed), step \(step), operation \(operation): the collection differs from the array")
                return
            }
            #expect(list.count == model.count)
            #expect(list.ids.elementsEqual(model.map(\.id)))
            // Every position after a range replaced (renumbered from the range on), a sample after the others.
            let every = operation == 10 || operation == 12
            for (index, row) in model.enumerated() where every || index % 97 == 0 || index == model.count - 1 {
                #expect(list.index(id: row.id) == index)
                #expect(list[id: row.id] == row)
            }
        }
    }

    @Test func aCopySharesEveryLeafItHasNotWritten() {
        let list = IdentifiedArrayOf<Row>(uniqueElements: (0..<100_000).map { Row(id: $0, title: "\($0)") })
        var copy = list
        func addresses(_ storage: ChunkedStorage<IdentifiedArrayOf<Row>.Slot>) -> [UnsafeRawPointer?] {
            storage.leaves.map { leaf in leaf.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        }
        let before = addresses(list.slots)
        #expect(before.count == (100_000 + Self.chunk - 1) / Self.chunk)
        // Edits spread over the list: each copies its own leaf (and the branch and group above it), no other.
        let edited = [0, 5, 54_321, 99_999, 54_322]
        for id in edited { copy[id: id]?.title = "edited" }
        let after = addresses(copy.slots)
        let copiedLeaves = Set(edited.map { $0 / Self.chunk })
        for index in before.indices {
            #expect((before[index] != after[index]) == copiedLeaves.contains(index), "leaf \(index)")
        }
        #expect(addresses(list.slots) == before)
        for id in edited {
            #expect(list[id: id]?.title == "\(id)")
            #expect(copy[id: id]?.title == "edited")
        }
        #expect(Array(copy.dropFirst(6).prefix(54_000)) == Array(list.dropFirst(6).prefix(54_000)))
    }

    @Test func pushesAndPopsCrossEveryBoundary() {
        var storage = ChunkedStorage<Int>()
        let leaf = Self.chunk
        let group = ChunkedStorage<Int>.groupSize
        let branch = ChunkedStorage<Int>.branchSize
        // Past a group, a branch and a leaf, then back across each.
        for count in [1, leaf, leaf + 1, branch, branch + 1, group, group + 1, 2 * group + branch + leaf + 3] {
            while storage.count < count { storage.append(storage.count) }
            #expect(Array(storage) == Array(0..<count), "count \(count)")
            #expect(storage.leaves.count == (count + leaf - 1) / leaf)
            #expect(storage.groups.count == (count + group - 1) / group)
        }
        for count in [2 * group + branch + 1, 2 * group, group + branch, group - 1, branch - 1, leaf, 3, 0] {
            storage.removeSubrange(count...)
            #expect(Array(storage) == Array(0..<count), "count \(count)")
            #expect(storage.leaves.allSatisfy { !$0.isEmpty } && storage.groups.allSatisfy { !$0.isEmpty })
            #expect(storage.leaves.count == (count + leaf - 1) / leaf)
        }
        storage.append(-1)
        #expect(Array(storage) == [-1])
        storage.removeAll(keepingCapacity: false)
        #expect(storage.isEmpty && storage.leaves.isEmpty && storage.groups.isEmpty)
        storage.insert(contentsOf: 0..<3, at: 0)
        storage.insert(contentsOf: 10..<(10 + branch), at: 1)
        #expect(Array(storage) == [0] + Array(10..<(10 + branch)) + [1, 2])
        storage.remove(at: 0)
        #expect(Array(storage) == Array(10..<(10 + branch)) + [1, 2])
    }
}
