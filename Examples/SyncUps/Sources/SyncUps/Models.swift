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

extension SyncUp {
    /// Six attendees, one minute, one past meeting (upstream's `.mock`).
    static let mock = SyncUp(
        id: UUID(),
        attendees: IdentifiedArray(
            uniqueElements: ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blob III", "Blob I"].map {
                Attendee(id: UUID(), name: $0)
            }),
        duration: .seconds(60),
        meetings: [Meeting(id: UUID(), date: Date().addingTimeInterval(-60 * 60 * 24 * 7), transcript: "Lorem ipsum")],
        theme: .orange, title: "Design")
}

/// The outside world the features use, given once to the store and read by the reducers while
/// they reduce and by their work (`using: SyncUpsDependencies.self`). Tests replace what they need.
struct SyncUpsDependencies: Sendable {
    var clock: any Clock<Duration> = ContinuousClock()
    var uuid: UUIDGenerator = .live
    var now: DateGenerator = .live
    var speechClient: SpeechClient = .unavailable
    /// Opens the app's page in the system settings (`UIApplication.openSettingsURLString`).
    var openSettings: @Sendable () async -> Void = {}
}

/// Speech recognition, as the recorder needs it (the app's live client wraps `SFSpeechRecognizer`).
struct SpeechClient: Sendable {
    enum AuthorizationStatus: Equatable, Sendable { case notDetermined, denied, restricted, authorized }

    var authorizationStatus: @Sendable () -> AuthorizationStatus
    var requestAuthorization: @Sendable () async -> AuthorizationStatus
    /// Transcribes what the microphone hears until cancelled; each result is the transcript so far.
    var startTask: @Sendable () async -> AsyncThrowingStream<SpeechRecognitionResult, any Error>

    /// Where no speech recognizer exists (Linux): restricted, so meetings run without a transcript.
    static let unavailable = SpeechClient(
        authorizationStatus: { .restricted }, requestAuthorization: { .restricted },
        startTask: { AsyncThrowingStream { $0.finish() } })
}

struct SpeechRecognitionResult: Equatable, Sendable {
    var transcript: String
    var isFinal: Bool
}
