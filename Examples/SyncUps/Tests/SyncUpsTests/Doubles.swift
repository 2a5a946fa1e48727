import Foundation
import ReduxTesting

@testable import SyncUps

/// Identifiers 00000000-0000-0000-0000-000000000000, …01, …02: predictable in expectations.
final class IncrementingUUID: @unchecked Sendable {  // `next` is only touched under `lock`
    private let lock = NSLock()
    private var next = 0

    func callAsFunction() -> UUID {
        lock.withLock {
            defer { next += 1 }
            return UUID(n: next)
        }
    }
}

extension UUID {
    /// The identifier ending with `n` (below 65,536).
    init(n: Int) {
        self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(n >> 8 & 0xff), UInt8(n & 0xff)))
    }
}

let meetingDate = Date(timeIntervalSince1970: 1_234_567_890)

@MainActor
func testDependencies(clock: TestClock = TestClock()) -> (SyncUpsDependencies, TestClock) {
    let uuid = IncrementingUUID()
    return (SyncUpsDependencies(clock: clock, uuid: { uuid() }, now: { meetingDate }), clock)
}

/// A sync-up of two attendees, one minute each.
func designSyncUp() -> SyncUp {
    SyncUp(
        id: UUID(n: 100),
        attendees: [Attendee(id: UUID(n: 101), name: "Blob"), Attendee(id: UUID(n: 102), name: "Blob Jr")],
        duration: .seconds(120), theme: .orange, title: "Design")
}
