import Foundation
import ReduxTestSupport
import Testing

@testable import Redux

/// SPEC §13: `IdentifiedArray` — the everyday API of swift-identified-collections, and the change
/// log its row watcher reads instead of the list.
@MainActor
struct IdentifiedArrayTests {
    struct Todo: Identifiable, Equatable, Hashable, Codable, Sendable {
        let id: Int
        var title: String
        var isDone = false
    }

    func sample() -> IdentifiedArrayOf<Todo> {
        [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs"), Todo(id: 3, title: "Bread")]
    }

    struct Track: Identifiable, Equatable, Sendable {
        let id: Int
        var samples: [Int]
    }

    @Test func anElementIsModifiedInPlaceNotCopied() {
        func storage(_ samples: [Int]) -> UnsafeRawPointer? {
            samples.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        var tracks = IdentifiedArray(uniqueElements: [Track(id: 1, samples: Array(0..<1_000))])
        let before = storage(tracks[0].samples)
        tracks[0].samples[0] = 7
        tracks[id: 1]?.samples[1] = 8
        tracks[id: 1]!.samples[2] = 9
        #expect(tracks[0].samples.prefix(3) == [7, 8, 9])
        #expect(storage(tracks[0].samples) == before, "the element's array was written where it is, not copied")
    }

    @Test func readsWritesAndRemovesByIdentifier() {
        var todos = sample()
        #expect(todos[id: 2]?.title == "Eggs")
        #expect(todos[id: 9] == nil)
        todos[id: 2]?.isDone = true
        #expect(todos[1].isDone)
        todos[id: 4] = Todo(id: 4, title: "Tea")
        #expect(todos.ids.map { $0 } == [1, 2, 3, 4])
        todos[id: 1] = nil
        #expect(todos.ids.map { $0 } == [2, 3, 4])
        #expect(todos.index(id: 3) == 1)
        #expect(todos.remove(id: 3)?.title == "Bread")
        #expect(todos.remove(id: 3) == nil)
        #expect(todos.ids.contains(4))
        #expect(!todos.ids.contains(3))
        #expect(todos.index(id: 4) == 1)
    }

    @Test func settingAnElementToNilThroughTheOptionalRemovesIt() {
        var todos = sample()
        todos[id: 2]? = Todo(id: 2, title: "Cheese")
        #expect(todos[id: 2]?.title == "Cheese")
        func clear(_ todo: inout Todo?) { todo = nil }
        clear(&todos[id: 2])
        #expect(todos.ids.map { $0 } == [1, 3])
        #expect(todos.index(id: 3) == 1)
    }

    @Test func appendAndInsertKeepIdentifiersUnique() {
        var todos = sample()
        let again = todos.append(Todo(id: 2, title: "Other"))
        #expect(again == (false, 1))
        #expect(todos[id: 2]?.title == "Eggs")
        let inserted = todos.insert(Todo(id: 0, title: "Coffee"), at: 0)
        #expect(inserted == (true, 0))
        #expect(todos.ids.map { $0 } == [0, 1, 2, 3])
        #expect(todos.index(id: 3) == 3)
        todos.append(contentsOf: [Todo(id: 3, title: "x"), Todo(id: 5, title: "Jam")])
        #expect(todos.ids.map { $0 } == [0, 1, 2, 3, 5])
        #expect(todos.updateOrAppend(Todo(id: 5, title: "Honey"))?.title == "Jam")
        #expect(todos.updateOrAppend(Todo(id: 6, title: "Salt")) == nil)
        #expect(todos.last?.title == "Salt")
    }

    @Test func movesSortsAndRemovesAtOffsetsLikeSwiftUI() {
        var todos = sample()
        todos.move(fromOffsets: IndexSet(integer: 0), toOffset: 3)
        #expect(todos.ids.map { $0 } == [2, 3, 1])
        todos.move(fromOffsets: [2], toOffset: 0)
        #expect(todos.ids.map { $0 } == [1, 2, 3])
        todos.sort { $0.title < $1.title }
        #expect(todos.map(\.title) == ["Bread", "Eggs", "Milk"])
        #expect(todos.index(id: 1) == 2)
        todos.remove(atOffsets: IndexSet([0, 2]))
        #expect(todos.ids.map { $0 } == [2])
        #expect(todos.index(id: 2) == 0)
        todos = sample()
        todos.swapAt(0, 2)
        #expect(todos.ids.map { $0 } == [3, 2, 1])
        #expect(todos.index(id: 1) == 2)
        todos.reverse()
        #expect(todos.ids.map { $0 } == [1, 2, 3])
        #expect(todos.removeFirst().id == 1)
        #expect(todos.removeLast().id == 3)
        #expect(todos.ids.map { $0 } == [2])
        #expect(todos.index(id: 2) == 0)
        todos = sample()
        todos.removeAll { $0.id == 2 }
        #expect(todos.ids.map { $0 } == [1, 3])
        #expect(todos.filter { $0.id > 1 }.ids.map { $0 } == [3])
        todos.removeAll()
        #expect(todos.isEmpty)
    }

    @Test func equalityHashingAndCodingSeeTheElementsOnly() throws {
        var changed = sample()
        changed[id: 1]?.title = "x"
        changed[id: 1]?.title = "Milk"
        #expect(changed == sample())
        #expect(changed.hashValue == sample().hashValue)
        let data = try JSONEncoder().encode(changed)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("[{"))
        #expect(try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data) == sample())
        #expect("\(IdentifiedArrayOf<Todo>(uniqueElements: [Todo(id: 1, title: "a")]))".contains("title: \"a\""))
    }

    @Test func decodingARepeatedIdentifierThrowsAndNeverTraps() {
        let data = Data(#"[{"id":1,"title":"a","isDone":false},{"id":1,"title":"b","isDone":false}]"#.utf8)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data)
        }
        let kept = IdentifiedArrayOf<Todo>([Todo(id: 1, title: "a"), Todo(id: 1, title: "b")]) { first, _ in first }
        #expect(kept.map(\.title) == ["a"])
    }

    @Test func theLogNamesWrittenElementsAndStructureChanges() throws {
        var todos = sample()
        let seen = todos.version
        todos[id: 2]?.isDone = true
        todos[0].title = "Oat milk"
        todos.append(Todo(id: 4, title: "Tea"))
        let changes = try #require(todos.changes(since: seen))
        #expect(changes.map(\.id) == [2, 1, nil])
        #expect(todos.changes(since: todos.version)?.isEmpty == true)
        // A collection with another history does not claim to know what changed since `seen`.
        #expect(sample().changes(since: seen) == nil)
        // More changes than the log keeps: the watcher is told it must compare.
        for index in 0..<100 { todos[id: 3]?.title = "\(index)" }
        #expect(todos.changes(since: seen) == nil)
    }
}

/// Row scopes over an `IdentifiedArray`: invalidated by what changed (SPEC §8, §13).
@MainActor
struct IdentifiedRowScopeTests {
    typealias Todo = IdentifiedArrayTests.Todo

    struct ListState: Equatable {
        var todos: IdentifiedArrayOf<Todo> = IdentifiedArrayOf(
            uniqueElements: (0..<100).map { Todo(id: $0, title: "t\($0)") })
        var count = 0
    }

    struct Rename: Action {
        let id: Int
        let title: String
    }
    struct Append: Action { let todo: Todo }
    struct Remove: Action { let id: Int }
    struct Reload: Action { let todos: IdentifiedArrayOf<Todo> }
    struct Touch: Action { let times: Int }
    struct Increment: Action {}

    static let reducer = Reducer<ListState>.combine(
        .on(Rename.self) { state, action in state.todos[id: action.id]?.title = action.title },
        .on(Append.self) { state, action in state.todos.append(action.todo) },
        .on(Remove.self) { state, action in state.todos.remove(id: action.id) },
        .on(Reload.self) { state, action in state.todos = action.todos },
        .on(Touch.self) { state, action in
            for index in 0..<action.times { state.todos[id: 7]?.title = "\(index)" }
        },
        .on(Increment.self) { state, _ in state.count += 1 }
    )

    func rows(_ store: Store<ListState>, _ ids: [Int]) -> [ObservationProbe] {
        ids.compactMap { id in
            store.scope(\.todos, id: id).map { row in ObservationProbe.track { _ = row.title } }
        }
    }

    @Test func oneRowChangesOneInvalidation() {
        let store = Store(initialState: ListState(), reducer: Self.reducer)
        let probes = rows(store, Array(0..<10))
        store.dispatch(Increment())
        #expect(probes.map(\.changes) == Array(repeating: 0, count: 10))
        store.dispatch(Rename(id: 5, title: "five"))
        #expect(probes.map(\.changes) == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(store.scope(\.todos, id: 5)?.title == "five")
    }

    @Test func writingTheSameValueInvalidatesNothing() {
        let store = Store(initialState: ListState(), reducer: Self.reducer)
        let probes = rows(store, [5])
        store.dispatch(Rename(id: 5, title: "t5"))
        #expect(probes[0].changes == 0)
    }

    @Test func appendingOrRemovingARowInvalidatesTheListNotOtherRows() {
        let store = Store(initialState: ListState(), reducer: Self.reducer)
        let probes = rows(store, [1, 2, 3])
        let list = ObservationProbe.track { _ = store.scopes(\.todos).count }
        store.dispatch(Append(todo: Todo(id: 500, title: "new")))
        #expect(probes.map(\.changes) == [0, 0, 0])
        #expect(list.changes == 1)
        let list2 = ObservationProbe.track { _ = store.scopes(\.todos).count }
        store.dispatch(Remove(id: 2))
        #expect(probes.map(\.changes) == [0, 1, 0], "the removed row is told, no other")
        #expect(list2.changes == 1)
        #expect(store.scopes(\.todos).count == 100)
    }

    @Test func aListAssignedAnewIsComparedRowByRow() {
        let store = Store(initialState: ListState(), reducer: Self.reducer)
        let probes = rows(store, [1, 2])
        store.dispatch(Reload(todos: ListState().todos))
        #expect(probes.map(\.changes) == [0, 0])
        let again = rows(store, [1, 2])
        var reloaded = ListState().todos
        reloaded[id: 2]?.title = "changed"
        store.dispatch(Reload(todos: reloaded))
        #expect(again.map(\.changes) == [0, 1])
    }

    @Test func moreChangesThanTheLogKeepsAreStillExact() {
        let store = Store(initialState: ListState(), reducer: Self.reducer)
        let probes = rows(store, [6, 7, 8])
        store.dispatch(Touch(times: 100))
        #expect(probes.map(\.changes) == [0, 1, 0])
    }

    @Test func aRowObservedInsideAScopeAndAsALiveListFollowsItsElement() {
        let store = Store(initialState: ListState(), reducer: Self.reducer)
        let all = store.scopes(\.todos)
        #expect(all.count == 100)
        #expect(all[3].state.title == "t3")
        #expect(all[3] === store.scope(\.todos, id: 3))
        store.dispatch(Remove(id: 0))
        #expect(store.scopes(\.todos)[2] === all[3])
    }
}
