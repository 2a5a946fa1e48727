import GameCore
import NewGameCore
import Redux
import ReduxTesting
import Testing

/// Upstream's NewGameCoreTests, one for one: `send(\.binding.oPlayerName, …)` is
/// `root.set(\.oPlayerName, to: …)`, `send(\.game.cellTapped, …)` is `root.game.dispatch(…)`.
@MainActor
struct NewGameCoreTests {
    @Test func integration() async {
        let store = TestStore(initialState: NewGameState(), reducer: newGameReducer)
        await store.root.set(\.oPlayerName, to: "Blob Sr.") {
            $0.oPlayerName = "Blob Sr."
        }
        await store.root.set(\.xPlayerName, to: "Blob Jr.") {
            $0.xPlayerName = "Blob Jr."
        }
        await store.dispatch(NewGameAction.letsPlayButtonTapped) {
            $0.game = GameState(oPlayerName: "Blob Sr.", xPlayerName: "Blob Jr.")
        }
        await store.root.game.dispatch(GameAction.cellTapped(row: 0, column: 0)) {
            $0.game!.board[0][0] = .x
            $0.game!.currentPlayer = .o
        }
        await store.root.game.dispatch(GameAction.quitButtonTapped)
        await store.root.game.receive(Dismiss()) {
            $0.game = nil
        }
        await store.dispatch(NewGameAction.letsPlayButtonTapped) {
            $0.game = GameState(oPlayerName: "Blob Sr.", xPlayerName: "Blob Jr.")
        }
        await store.root.game.dispatch(Dismiss()) {
            $0.game = nil
        }
        await store.dispatch(NewGameAction.logoutButtonTapped)
    }
}
