import Foundation
import Redux
import ReduxTesting
import Testing

@testable import SyncUps

/// Upstream's SyncUpFormTests, one for one.
@MainActor
struct SyncUpFormTests {
    @Test func addAttendee() async {
        // Upstream's form state pads an empty list of attendees from the `uuid` dependency in its
        // initializer; here the screens that open the form give it its first row (a state's
        // initializer reads no dependencies), so the form starts as the list would open it.
        let store = TestStore(
            initialState: SyncUpFormState(
                syncUp: SyncUp(id: UUID(), attendees: [Attendee(id: UUID(100))], title: "Engineering")),
            reducer: syncUpFormReducer, dependencies: testDependencies())
        await store.dispatch(SyncUpFormAction.addAttendeeButtonTapped) {
            $0.focus = .attendee(UUID(0))
            $0.syncUp.attendees = [Attendee(id: UUID(100)), Attendee(id: UUID(0))]
        }
    }

    @Test func focusAfterRemovingAttendee() async {
        let attendees = (0..<4).map { _ in Attendee(id: UUID()) }
        let store = TestStore(
            initialState: SyncUpFormState(
                syncUp: SyncUp(id: UUID(), attendees: IdentifiedArray(uniqueElements: attendees), title: "Engineering")),
            reducer: syncUpFormReducer, dependencies: testDependencies())
        await store.dispatch(SyncUpFormAction.deleteAttendees(atOffsets: [0])) {
            $0.focus = .attendee(attendees[1].id)
            $0.syncUp.attendees = [attendees[1], attendees[2], attendees[3]]
        }
        await store.dispatch(SyncUpFormAction.deleteAttendees(atOffsets: [1])) {
            $0.focus = .attendee(attendees[3].id)
            $0.syncUp.attendees = [attendees[1], attendees[3]]
        }
        await store.dispatch(SyncUpFormAction.deleteAttendees(atOffsets: [1])) {
            $0.focus = .attendee(attendees[1].id)
            $0.syncUp.attendees = [attendees[1]]
        }
        await store.dispatch(SyncUpFormAction.deleteAttendees(atOffsets: [0])) {
            $0.focus = .attendee(UUID(0))
            $0.syncUp.attendees = [Attendee(id: UUID(0))]
        }
    }
}
