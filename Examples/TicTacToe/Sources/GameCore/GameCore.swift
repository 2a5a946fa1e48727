import Redux
import ReduxEffects

/// A game between two named players: the board, and whose turn it is.
public struct GameState: Equatable, Sendable {
    /// The board: three rows of three cells, each empty or a player's.
    public var board: Three<Three<Player?>> = .empty
    /// Whose turn it is.
    public var currentPlayer: Player = .x
    /// The name of the player playing ⭕️.
    public let oPlayerName: String
    /// The name of the player playing ❌.
    public let xPlayerName: String

    /// A new game.
    public init(oPlayerName: String, xPlayerName: String) {
        self.oPlayerName = oPlayerName
        self.xPlayerName = xPlayerName
    }

    /// The name of the player whose turn it is.
    public var currentPlayerName: String { currentPlayer == .o ? oPlayerName : xPlayerName }
}

/// What the game's screen sends.
public enum GameAction: Action, Equatable {
    case cellTapped(row: Int, column: Int)
    case playAgainButtonTapped
    case quitButtonTapped
}

/// The game: a tap fills an empty cell while nobody has won and passes the turn; quitting dismisses
/// the game (whoever presented it closes it). The game reads no dependencies.
public let gameReducer = Reducer<GameState>.commands(on: GameAction.self) { state, action in
    switch action {
    case .cellTapped(let row, let column):
        guard state.board[row][column] == nil, !state.board.hasWinner else { return .none }
        state.board[row][column] = state.currentPlayer
        if !state.board.hasWinner { state.currentPlayer.toggle() }
        return .none
    case .playAgainButtonTapped:
        state = GameState(oPlayerName: state.oPlayerName, xPlayerName: state.xPlayerName)
        return .none
    case .quitButtonTapped:
        return .send(Dismiss())
    }
}

/// A player: ⭕️ or ❌.
public enum Player: Equatable, Sendable {
    case o
    case x

    /// The other player.
    public mutating func toggle() { self = self == .o ? .x : .o }

    /// The player's mark.
    public var label: String { self == .o ? "⭕️" : "❌" }
}

extension Three<Three<Player?>> {
    /// A board with no marks.
    public static let empty = Self(
        Three<Player?>(nil, nil, nil), Three<Player?>(nil, nil, nil), Three<Player?>(nil, nil, nil))

    /// Whether every cell has a mark.
    public var isFilled: Bool { allSatisfy { $0.allSatisfy { $0 != nil } } }

    /// Whether a player has three in a line: a row, a column or a diagonal.
    public var hasWinner: Bool { hasWin(.x) || hasWin(.o) }

    func hasWin(_ player: Player) -> Bool {
        let lines: [[(Int, Int)]] =
            (0..<3).map { row in (0..<3).map { (row, $0) } }
            + (0..<3).map { column in (0..<3).map { ($0, column) } }
            + [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
        return lines.contains { line in line.allSatisfy { self[$0.0][$0.1] == player } }
    }
}
