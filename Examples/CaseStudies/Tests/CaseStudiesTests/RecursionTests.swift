import CaseStudies
import Foundation
import Redux
import ReduxEffects
import ReduxTesting
import Testing

/// Upstream's `RecursionTests`, one for one.
@MainActor
struct RecursionTests {
    @Test
    func addRow() async {
        let store = TestStore(initialState: Nested.State(id: UUID()), reducer: Nested.reducer) {
            (dependencies: inout Nested.Dependencies) in dependencies.uuid = .incrementing
        }

        await store.dispatch(Nested.Action.addRowButtonTapped) {
            $0.rows.append(Nested.State(id: UUID(0)))
        }

        await store.root.rows[id: UUID(0)].dispatch(Nested.Action.addRowButtonTapped) {
            $0.rows[id: UUID(0)]?.rows.append(Nested.State(id: UUID(1)))
        }
    }

    @Test
    func changeName() async {
        let store = TestStore(initialState: Nested.State(id: UUID()), reducer: Nested.reducer)

        await store.dispatch(Nested.Action.nameTextFieldChanged("Blob")) {
            $0.name = "Blob"
        }
    }

    @Test
    func deleteRow() async {
        let store = TestStore(
            initialState: Nested.State(
                id: UUID(),
                rows: [
                    Nested.State(id: UUID(0)),
                    Nested.State(id: UUID(1)),
                    Nested.State(id: UUID(2)),
                ]
            ),
            reducer: Nested.reducer
        )

        await store.dispatch(Nested.Action.onDelete(IndexSet(integer: 1))) {
            $0.rows.remove(id: UUID(1))
        }
    }
}
