import ReduxTestSupport
import Testing

@testable import Redux

/// `IdentifiedArray` keeps its elements in chunks (issue 47): every operation behaves as on an
/// array across chunk boundaries, and a copy shares the chunks it has not written.
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
            uniqueElements: (0..<(Self.chunk * 2 + 7)).map { Row(id: $0, title: "\($0)") })
        var model = Array(list)
        var nextID = model.count
        func fresh() -> Row {
            defer { nextID += 1 }
            return Row(id: nextID, title: "n\(nextID)")
        }
        for step in 0..<400 {
            let count = model.count
            let operation = Int.random(in: 0..<12, using: &rng)
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
            for (index, row) in model.enumerated() where index % 97 == 0 || index == model.count - 1 {
                #expect(list.index(id: row.id) == index)
                #expect(list[id: row.id] == row)
            }
        }
    }

    @Test func aCopySharesEveryChunkItHasNotWritten() {
        let list = IdentifiedArrayOf<Row>(
            uniqueElements: (0..<(Self.chunk * 3 + 1)).map { Row(id: $0, title: "\($0)") })
        var copy = list
        copy[id: Self.chunk + 5]?.title = "edited"
        func address(_ chunk: [IdentifiedArrayOf<Row>.Slot]) -> UnsafeRawPointer? {
            chunk.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(list.slots.chunks.count == 4)
        for index in list.slots.chunks.indices {
            let shared = address(list.slots.chunks[index]) == address(copy.slots.chunks[index])
            #expect(shared == (index != 1), "chunk \(index)")
        }
        #expect(list[id: Self.chunk + 5]?.title == "\(Self.chunk + 5)")
        #expect(copy[id: Self.chunk + 5]?.title == "edited")
        #expect(Array(copy.dropFirst(Self.chunk + 6)) == Array(list.dropFirst(Self.chunk + 6)))
    }

    @Test func popsAndPushesAtTheEndKeepTheChunksFull() {
        var storage = ChunkedStorage<Int>()
        for value in 0..<(Self.chunk * 2) { storage.append(value) }
        #expect(storage.chunks.count == 2)
        storage.removeLast()
        #expect(storage.chunks.count == 2 && storage.chunks[1].count == Self.chunk - 1)
        storage.removeSubrange(Self.chunk...)
        #expect(storage.chunks.count == 1 && storage.count == Self.chunk)
        storage.append(-1)
        #expect(storage.chunks.count == 2 && storage.last == -1)
        storage.removeAll(keepingCapacity: false)
        #expect(storage.isEmpty && storage.chunks.isEmpty)
        storage.insert(contentsOf: 0..<3, at: 0)
        #expect(Array(storage) == [0, 1, 2])
    }
}
