import Foundation
import Redux
import ReduxEffects
import ReduxTesting

/// The Composable Architecture's "Higher-order reducers: recursion" study: a list of rows, each
/// row a list of rows — a reducer that contains itself (``Reducer/recursive(_:)``), and a state
/// whose initializer draws its identifier from the generator in force (upstream's
/// `@Dependency(\.uuid)` in `State.init`).
public enum Nested {
    /// What the feature reads: an identifier generator.
    public struct Dependencies: FeatureDependencies {
        /// Makes each new row's identifier.
        public var uuid: UUIDGenerator

        /// Random identifiers.
        public static var liveValue: Self { Self(uuid: .live) }
        /// An identifier drawn without the test saying how fails the test.
        public static var testValue: Self {
            Self(uuid: UUIDGenerator(unimplemented("Nested.Dependencies.uuid", placeholder: UUID())))
        }
    }

    /// One row and the rows under it.
    public struct State: Equatable, Identifiable, Sendable {
        /// The row's identifier.
        public let id: UUID
        /// The row's name.
        public var name: String = ""
        /// The rows under this one.
        public var rows: IdentifiedArray<UUID, State> = []

        /// A row; without an identifier, one drawn from the generator in force.
        public init(id: UUID? = nil, name: String = "", rows: IdentifiedArray<UUID, State> = []) {
            self.id = id ?? Dependencies.current.uuid()
            self.name = name
            self.rows = rows
        }
    }

    /// What a row's view sends.
    public enum Action: Redux.Action, Equatable {
        /// "Add row".
        case addRowButtonTapped
        /// The name field.
        case nameTextFieldChanged(String)
        /// A swipe to delete.
        case onDelete(IndexSet)
    }

    /// A row's logic, and every row's under it: the same reducer, one level down.
    public static let reducer = Reducer<State>.recursive { nested in
        Reducer<State>.on(Action.self, using: Dependencies.self) { state, action, dependencies in
            switch action {
            case .addRowButtonTapped:
                state.rows.append(State(id: dependencies.uuid()))
            case .nameTextFieldChanged(let name):
                state.name = name
            case .onDelete(let indexSet):
                state.rows.remove(atOffsets: indexSet)
            }
        }
        .forEach(\.rows, element: nested)
    }
}
