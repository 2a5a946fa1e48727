// A port of swift-identified-collections' own Tests/IdentifiedCollectionsTests/IdentifiedArrayTests.swift
// (pointfreeco/swift-identified-collections, commit 3abaf51), one test for each of upstream's, the
// import changed to `Redux` and XCTest's assertions written with Swift Testing. Where this library
// differs, the test says so and docs/navigation.md gives the reason.
import Foundation
import Redux
import Testing

extension Int: @retroactive Identifiable {
    /// The number itself, as upstream's tests make it.
    public var id: Self { self }
}

private struct User: Equatable, Identifiable {
    let id: Int
    var name: String
}

struct IdentifiedArrayUpstreamTests {
    @Test func ids() {
        let array: IdentifiedArray = [1, 2, 3]
        #expect(array.ids == [1, 2, 3])
    }

    @Test func elements() {
        let array: IdentifiedArray = [
            User(id: 1, name: "Blob"),
            User(id: 2, name: "Blob, Jr."),
            User(id: 3, name: "Blob, Sr."),
        ]
        #expect(array.elements == array.map { $0 })
    }

    @Test func subscriptId() {
        var array: IdentifiedArray = [
            User(id: 1, name: "Blob"),
            User(id: 2, name: "Blob, Jr."),
            User(id: 3, name: "Blob, Sr."),
        ]
        #expect(array[id: 1] == User(id: 1, name: "Blob"))
        #expect(array[id: 2] == User(id: 2, name: "Blob, Jr."))
        #expect(array[id: 3] == User(id: 3, name: "Blob, Sr."))
        array[id: 1]?.name += ", Esq."
        #expect(array[id: 1] == User(id: 1, name: "Blob, Esq."))
        array[id: 2]?.name.removeLast(5)
        #expect(array[id: 2] == User(id: 2, name: "Blob"))
        array[id: 3]?.name.removeLast(5)
        #expect(array[id: 3] == User(id: 3, name: "Blob"))
        array[id: 3] = nil
        #expect(array[id: 3] == nil)

        array[id: 4] = User(id: 4, name: "Blob, Sr.")
        #expect(
            array == [
                User(id: 1, name: "Blob, Esq."),
                User(id: 2, name: "Blob"),
                User(id: 4, name: "Blob, Sr."),
            ])
    }

    @Test func containsElement() {
        let array: IdentifiedArray = [1, 2, 3]
        #expect(array.contains(2))
    }

    @Test func indexId() {
        let array: IdentifiedArray = [1, 2, 3]
        #expect(array.index(id: 2) == 1)
    }

    @Test func removeElement() {
        var array: IdentifiedArray = [1, 2, 3]
        #expect(array.remove(2) == 2)
        #expect(array == [1, 3])
    }

    @Test func removeId() {
        var array: IdentifiedArray = [1, 2, 3]
        #expect(array.remove(id: 2) == 2)
        #expect(array == [1, 3])
    }

    @Test func codable() throws {
        let array: IdentifiedArray = [1, 2, 3]
        #expect(try JSONDecoder().decode(IdentifiedArray.self, from: JSONEncoder().encode(array)) == array)
        #expect(try JSONDecoder().decode(IdentifiedArray.self, from: Data("[1,2,3]".utf8)) == array)
        do {
            _ = try JSONDecoder().decode(IdentifiedArrayOf<Int>.self, from: Data("[1,1,1]".utf8))
            Issue.record("a repeated identifier decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "Duplicate element at offset 1")
        }
    }

    @Test func customDebugStringConvertible() {
        let array: IdentifiedArray = [1, 2, 3]
        #expect(array.debugDescription == "IdentifiedArray<Int>([1, 2, 3])")
    }

    @Test func customReflectable() {
        let array: IdentifiedArray = [1, 2, 3]
        let mirror = Mirror(reflecting: array)
        #expect(mirror.displayStyle == .collection)
        #expect(mirror.superclassMirror == nil)
        #expect(mirror.children.compactMap { $0.label }.isEmpty)
        #expect(mirror.children.map { $0.value as? Int } == array.map { $0 })
    }

    @Test func customStringConvertible() {
        let array: IdentifiedArray = [1, 2, 3]
        #expect(array.description == "[1, 2, 3]")
    }

    @Test func hashable() {
        let array: IdentifiedArray = [1, 2, 3]
        #expect(Set([array]) == Set([array, array]))
    }

    /// Difference: `init(uncheckedUniqueElements:)` is `init(uniqueElements:)` here (docs/navigation.md).
    @Test func initUncheckedUniqueElements() {
        let array = IdentifiedArray(uniqueElements: [1, 2, 3])
        #expect(array == [1, 2, 3])
    }

    @Test func initUniqueElementsSelf() {
        let array: IdentifiedArray = [1, 2, 3]
        #expect(IdentifiedArray(uniqueElements: array) == [1, 2, 3])
    }

    @Test func initUniqueElementsSubSequence() {
        let array: IdentifiedArray = [1, 2, 3]
        #expect(IdentifiedArray(uniqueElements: array[...]) == [1, 2, 3])
    }

    @Test func initUniqueElements() {
        let array = IdentifiedArray(uniqueElements: [1, 2, 3])
        #expect(array == [1, 2, 3])
    }

    @Test func selfInit() {
        let array: IdentifiedArray = [1, 2, 3]
        #expect(IdentifiedArray(array) == [1, 2, 3])
    }

    @Test func subsequenceInit() {
        let array: IdentifiedArray = [1, 2, 3]
        #expect(IdentifiedArray(array[...]) == [1, 2, 3])
    }

    /// Difference: elements are `Identifiable` here (no `id:` key path), so `Model` is
    /// `Identifiable` and the `id: \.id` arguments are gone (docs/navigation.md).
    @Test func initIDUniquingElements() {
        struct Model: Equatable, Identifiable {
            let id: Int
            let data: String
        }
        // Choose first element
        do {
            let array = IdentifiedArray(
                [
                    Model(id: 1, data: "A"),
                    Model(id: 2, data: "B"),
                    Model(id: 1, data: "AAAA"),
                ]
            ) { lhs, _ in lhs }
            #expect(array == IdentifiedArray(uniqueElements: [Model(id: 1, data: "A"), Model(id: 2, data: "B")]))
        }
        // Choose later element
        do {
            let array = IdentifiedArray(
                [
                    Model(id: 1, data: "A"),
                    Model(id: 2, data: "B"),
                    Model(id: 1, data: "AAAA"),
                ]
            ) { _, rhs in rhs }
            #expect(array == IdentifiedArray(uniqueElements: [Model(id: 1, data: "AAAA"), Model(id: 2, data: "B")]))
        }
    }

    @Test func initUniquingElements() {
        struct Model: Equatable, Identifiable {
            let id: Int
            let data: String
        }
        // Choose first element
        do {
            let array = IdentifiedArray(
                [
                    Model(id: 1, data: "A"),
                    Model(id: 2, data: "B"),
                    Model(id: 1, data: "AAAA"),
                ]
            ) { lhs, _ in lhs }
            #expect(array == IdentifiedArray(uniqueElements: [Model(id: 1, data: "A"), Model(id: 2, data: "B")]))
        }
        // Choose later element
        do {
            let array = IdentifiedArray(
                [
                    Model(id: 1, data: "A"),
                    Model(id: 2, data: "B"),
                    Model(id: 1, data: "AAAA"),
                ]
            ) { _, rhs in rhs }
            #expect(array == IdentifiedArray(uniqueElements: [Model(id: 1, data: "AAAA"), Model(id: 2, data: "B")]))
        }
    }

    @Test func append() {
        var array: IdentifiedArray = [1, 2, 3]
        var (inserted, index) = array.append(4)
        #expect(inserted == true)
        #expect(index == 3)
        #expect(array == [1, 2, 3, 4])
        (inserted, index) = array.append(2)
        #expect(inserted == false)
        #expect(index == 1)
        #expect(array == [1, 2, 3, 4])
    }

    @Test func appendContentsOf() {
        var array: IdentifiedArray = [1, 2, 3]
        array.append(contentsOf: [1, 4, 3, 5])
        #expect(array == [1, 2, 3, 4, 5])
    }

    @Test func insert() {
        var array: IdentifiedArray = [1, 2, 3]
        var (inserted, index) = array.insert(0, at: 0)
        #expect(inserted == true)
        #expect(index == 0)
        #expect(array == [0, 1, 2, 3])
        (inserted, index) = array.insert(2, at: 0)
        #expect(inserted == false)
        #expect(index == 2)
        #expect(array == [0, 1, 2, 3])
    }

    @Test func updateAt() {
        var array: IdentifiedArray = [1, 2, 3]
        #expect(array.update(2, at: 1) == 2)
    }

    @Test func updateOrAppend() {
        var array: IdentifiedArray = [1, 2, 3]
        #expect(array.updateOrAppend(4) == nil)
        #expect(array == [1, 2, 3, 4])
        #expect(array.updateOrAppend(2) == 2)
    }

    @Test func updateOrInsert() {
        var array: IdentifiedArray = [1, 2, 3]
        var (originalMember, index) = array.updateOrInsert(0, at: 0)
        #expect(originalMember == nil)
        #expect(index == 0)
        #expect(array == [0, 1, 2, 3])
        (originalMember, index) = array.updateOrInsert(2, at: 0)
        #expect(originalMember == 2)
        #expect(index == 2)
        #expect(array == [0, 1, 2, 3])
    }

    @Test func partition() {
        var array: IdentifiedArray = [1, 2]

        let index = array.partition { $0.id == 1 }

        #expect(index == 1)
        #expect(array == [2, 1])

        for id in array.ids {
            #expect(id == array[id: id]?.id)
        }
    }

    @Test func moveFromOffsetsToOffset() {
        var array: IdentifiedArray = [1, 2, 3]
        array.move(fromOffsets: [0, 2], toOffset: 0)
        #expect(array == [1, 3, 2])

        array = [1, 2, 3]
        array.move(fromOffsets: [0, 2], toOffset: 1)
        #expect(array == [1, 3, 2])

        array = [1, 2, 3]
        array.move(fromOffsets: [0, 2], toOffset: 2)
        #expect(array == [2, 1, 3])
    }

    @Test func removeAtOffsets() {
        var array: IdentifiedArray = [1, 2, 3]
        array.remove(atOffsets: [0, 2])
        #expect(array == [2])
    }

    /// Difference: no `id:` key-path initializers (elements are `Identifiable`), so the arrays are
    /// made with the initializers this library has (docs/navigation.md).
    @Test func equatable() {
        struct Foo: Identifiable, Equatable {
            var id: String = "id"
            var value: String = "value"
        }
        // Create arrays using all of the initializers
        var arrays: [IdentifiedArray<String, Foo>] = [
            IdentifiedArray<String, Foo>(),
            IdentifiedArray<String, Foo>(uniqueElements: []),
            IdentifiedArray<String, Foo>([], uniquingIDsWith: { lhs, _ in lhs }),
            [],
            IdentifiedArray<String, Foo>([Foo]()),
        ]
        for lhs in arrays {
            for rhs in arrays { #expect(lhs == rhs) }
        }
        // add an element to each array
        for index in arrays.indices { arrays[index].append(Foo()) }
        for lhs in arrays {
            for rhs in arrays { #expect(lhs == rhs) }
        }
        // modify all arrays
        for index in arrays.indices { arrays[index].append(Foo(id: "id2", value: "\(index)")) }
        for (lhsIndex, lhs) in arrays.enumerated() {
            for (rhsIndex, rhs) in arrays.enumerated() where rhsIndex != lhsIndex {
                #expect(lhs != rhs)
            }
        }
    }

    @Test func identifiedArraySubscript() {
        struct Item: Identifiable {
            let id: Int
        }
        var items: IdentifiedArrayOf<Item> = [Item(id: 1), Item(id: 2), Item(id: 3)]
        items[1] = Item(id: 4)
        #expect(3 == items.count)
        #expect([1, 4, 3] == items.map(\.id))
    }

    /// Upstream runs it on Apple platforms only; Foundation has `KeyPathComparator` on Linux too.
    @Test func identifiedArrayComparatorSort() {
        struct Item: Identifiable {
            let id: Int
        }
        var items: IdentifiedArrayOf<Item> = [Item(id: 3), Item(id: 2), Item(id: 1)]
        items.sort(using: KeyPathComparator(\.id))
        #expect([1, 2, 3] == items.map(\.id))
    }
}
