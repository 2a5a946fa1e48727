import Foundation
import Redux
import Testing

@testable import ReduxPersistence

/// Restoring into a live store: once, and exact (issue 21).
@MainActor
struct RestoreSemanticsTests {
    struct Wishlist: Codable, Equatable, Sendable { var ids: Set<Int> = [] }
    struct Model: Equatable {
        var wishlist = Wishlist()
        var edits = 0  // not persisted
    }

    struct Wish: Action { var id: Int }
    struct Unwish: Action { var id: Int }

    static let appReducer = Reducer<Model>.combine(
        .on(Wish.self) { state, action in
            state.wishlist.ids.insert(action.id)
            state.edits += 1
        },
        .on(Unwish.self) { state, action in
            state.wishlist.ids.remove(action.id)
            state.edits += 1
        }
    )

    func storage(with ids: Set<Int>) throws -> InMemoryStorage {
        InMemoryStorage([
            "wishlist": try JSONPersistenceCoder().encode(PersistedEnvelope(version: 1, state: Wishlist(ids: ids)))
        ])
    }

    let sleeper = ManualSleeper()

    func makePersister(_ storage: InMemoryStorage, errors: Errors) -> Persister<Model, Wishlist> {
        let sleeper = sleeper
        return Persister(
            key: "wishlist", storage: storage, sleep: { try await sleeper.sleep($0) },
            project: \.wishlist, restore: { state, wishlist in state.wishlist = wishlist },
            onError: { errors.append($0) })
    }

    @Test func restoringTwiceIsAReportedNoOpThatLosesNothing() async throws {
        let storage = try storage(with: [1, 2])
        let errors = Errors()
        let persister = makePersister(storage, errors: errors)
        let store = Store(
            initialState: Model(), reducer: persister.reducer(replayingOnto: Self.appReducer),
            middleware: [persister.middleware])
        await persister.restore(into: store)
        #expect(store.state.wishlist.ids == [1, 2])
        persister.pause()
        store.dispatch(Unwish(id: 1))  // not written yet
        await persister.restore(into: store)
        #expect(store.state.wishlist.ids == [2])  // the removal is not undone
        #expect(errors.descriptions.contains { $0.contains("was already restored") })
        sleeper.finish()
    }

    @Test func actionsBeforeTheRestoreAreReplayedOntoTheRestoredState() async throws {
        let storage = try storage(with: [1, 2])
        let errors = Errors()
        let persister = makePersister(storage, errors: errors)
        let store = Store(
            initialState: Model(), reducer: persister.reducer(replayingOnto: Self.appReducer),
            middleware: [persister.middleware])
        // The UI is live before the data is read: the user removes 1 and adds 3.
        store.dispatch(Wish(id: 1))
        store.dispatch(Unwish(id: 1))
        store.dispatch(Wish(id: 3))
        await persister.restore(into: store)
        // Exactly as if the data had been loaded first: 1 stays removed, 3 is added, and the
        // rest of the state saw each action once.
        #expect(store.state.wishlist.ids == [2, 3])
        #expect(store.state.edits == 3)
        #expect(errors.all.isEmpty)
        sleeper.finish()
    }

    @Test func aMergeOfTwoStatesCannotSeeARemovalTheReplayCan() async throws {
        let storage = try storage(with: [1, 2])
        let errors = Errors()
        let persister = Persister<Model, Wishlist>(
            key: "wishlist", storage: storage, project: \.wishlist,
            restore: { state, restored in state.wishlist.ids.formUnion(restored.ids) }, onError: { errors.append($0) })
        let store = Store(
            initialState: Model(), reducer: .combine(persister.reducer, Self.appReducer),
            middleware: [persister.middleware])
        store.dispatch(Unwish(id: 1))
        await persister.restore(into: store)
        #expect(store.state.wishlist.ids == [1, 2])  // the union brings 1 back: use the replay
    }
}
