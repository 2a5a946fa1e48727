import Foundation
import ReduxEffects
import ReduxTesting

@testable import SyncUps

let meetingDate = Date(timeIntervalSince1970: 1_234_567_890)

/// The test doubles upstream's tests set with `withDependencies`: a `TestClock`, identifiers
/// 00000000-0000-0000-0000-000000000000, …01… (`UUID(0)`, `UUID(1)`…), a fixed date, and a speech
/// client whose authorization is `speech` (it transcribes nothing unless a test says so).
func testDependencies(
    clock: any Clock<Duration> = TestClock(), speech: SpeechClient.AuthorizationStatus = .denied
) -> SyncUpsDependencies {
    var dependencies = SyncUpsDependencies(clock: clock, uuid: .incrementing, now: .constant(meetingDate))
    dependencies.speechClient.authorizationStatus = { speech }
    dependencies.speechClient.requestAuthorization = { speech }
    return dependencies
}

/// A speech client that transcribes `transcript`, then ends — or fails, when `failing`.
func transcribing(_ transcript: String?, failing: Bool = false)
    -> @Sendable () async -> AsyncThrowingStream<
        SpeechRecognitionResult, any Error
    >
{
    {
        AsyncThrowingStream { continuation in
            if let transcript { continuation.yield(SpeechRecognitionResult(transcript: transcript, isFinal: true)) }
            struct SpeechRecognitionFailure: Error {}
            continuation.finish(throwing: failing ? SpeechRecognitionFailure() : nil)
        }
    }
}

/// A sync-up of three attendees, two seconds each.
func threeAttendees() -> SyncUp {
    SyncUp(
        id: UUID(), attendees: [Attendee(id: UUID()), Attendee(id: UUID()), Attendee(id: UUID())],
        duration: .seconds(6))
}

/// A flag work sets from any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    var value: Bool { lock.withLock { isSet } }
    func set() { lock.withLock { isSet = true } }
}
