import Foundation
import ReduxEffects
import ReduxTesting

@testable import SyncUps

let meetingDate = Date(timeIntervalSince1970: 1_234_567_890)

/// The test doubles: a `TestClock`, identifiers 00000000-0000-0000-0000-000000000000, …01, …02
/// (`UUID(0)`, `UUID(1)`…), and a fixed date.
@MainActor
func testDependencies(clock: TestClock = TestClock()) -> (SyncUpsDependencies, TestClock) {
    (SyncUpsDependencies(clock: clock, uuid: .incrementing, now: .constant(meetingDate)), clock)
}

/// A sync-up of two attendees, one minute each.
func designSyncUp() -> SyncUp {
    SyncUp(
        id: UUID(100),
        attendees: [Attendee(id: UUID(101), name: "Blob"), Attendee(id: UUID(102), name: "Blob Jr")],
        duration: .seconds(120), theme: .orange, title: "Design")
}
