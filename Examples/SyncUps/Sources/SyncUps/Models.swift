import Foundation
import Redux
import ReduxEffects

/// A recurring meeting: who attends, how long it lasts, and the meetings held so far.
struct SyncUp: Codable, Equatable, Identifiable, Sendable {
    let id: UUID
    var attendees: IdentifiedArrayOf<Attendee> = []
    var duration: Duration = .seconds(60 * 5)
    var meetings: IdentifiedArrayOf<Meeting> = []
    var theme: Theme = .bubblegum
    var title = ""

    /// Each speaker's share of the meeting.
    var durationPerAttendee: Duration {
        duration / max(attendees.count, 1)
    }
}

struct Attendee: Codable, Equatable, Identifiable, Sendable {
    let id: UUID
    var name = ""
}

struct Meeting: Codable, Equatable, Identifiable, Sendable {
    let id: UUID
    let date: Date
    var transcript: String
}

enum Theme: String, Codable, CaseIterable, Equatable, Sendable {
    case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood, periwinkle, poppy
    case purple, seafoam, sky, tan, teal, yellow
}

/// The outside world the features use: a clock for the meeting timer, identifiers and the date —
/// read by the reducers while they reduce and by their work (`using: SyncUpsDependencies.self`).
/// The app passes the live ones; tests pass a `TestClock` and predictable values.
struct SyncUpsDependencies: Sendable {
    var clock: any Clock<Duration> = ContinuousClock()
    var uuid: UUIDGenerator = .live
    var now: DateGenerator = .live

    static let live = SyncUpsDependencies()
}
