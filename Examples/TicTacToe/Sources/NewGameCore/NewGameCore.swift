import GameCore
import Redux

/// The screen that starts a game: the two players' names, and the game once it is on.
public struct NewGameState: Equatable, Sendable {
    /// The game being played, presented over this screen.
    public var game: GameState?
    /// The name typed for ⭕️.
    public var oPlayerName = ""
    /// The name typed for ❌.
    public var xPlayerName = ""

    /// The screen, empty.
    public init() {}
}

/// What the new-game screen sends (its text fields send bindings: `set(\.oPlayerName, to:)`).
public enum NewGameAction: Action, Equatable {
    case letsPlayButtonTapped
    case logoutButtonTapped
}

/// Starts a game with the names typed; the game dismisses itself when its players quit. Logging out
/// is the app's to handle. Reads no dependencies.
public let newGameReducer = Reducer<NewGameState>.combine(
    .binding(only: [\.oPlayerName, \.xPlayerName]),
    .on(NewGameAction.self) { state, action in
        guard action == .letsPlayButtonTapped else { return }
        state.game = GameState(oPlayerName: state.oPlayerName, xPlayerName: state.xPlayerName)
    }
)
.ifLet(\.game, then: gameReducer)
