import Observation
import ReduxTestSupport
import Testing

@testable import Redux

/// A scope at a dictionary entry (`scope(\.movies[id])`) — entities kept by identifier, as Flux
/// apps keep them — is one scope per entry and is invalidated only when its entry changes
/// (issue 21).
@MainActor
struct DictionaryEntryScopeTests {
    struct Movie: Equatable {
        var title: String
        var isSeen = false
    }

    struct Catalog: Equatable {
        var movies: [Int: Movie] = [1: Movie(title: "Alien"), 2: Movie(title: "Heat")]
    }

    struct MarkSeen: Action { let id: Int }
    struct Forget: Action { let id: Int }

    static let reducer = Reducer<Catalog>.combine(
        .on(MarkSeen.self) { state, action in state.movies[action.id]?.isSeen = true },
        .on(Forget.self) { state, action in state.movies[action.id] = nil }
    )

    @Test func anEntryScopeIsStableAndObservesItsEntryOnly() {
        let store = Store(initialState: Catalog(), reducer: Self.reducer)
        let alien = store.scope(\.movies[1])
        #expect(store.scope(\.movies[1]) === alien)  // one scope per entry
        #expect(store.scope(\.movies[2]) !== alien)
        #expect(alien.state?.title == "Alien")

        let probe = ObservationProbe.track { _ = alien.state }
        store.dispatch(MarkSeen(id: 2))  // another entry: not invalidated
        #expect(probe.changes == 0)
        store.dispatch(MarkSeen(id: 1))
        #expect(probe.changes == 1)
        #expect(alien.state?.isSeen == true)

        let gone = ObservationProbe.track { _ = alien.state }
        store.dispatch(Forget(id: 1))  // the entry removed: the scope reads nil
        #expect(gone.changes == 1)
        #expect(alien.state == nil)
    }
}
