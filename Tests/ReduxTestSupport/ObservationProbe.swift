import Observation

/// Counts how often what a closure read under observation tracking was invalidated: a stand-in for
/// a SwiftUI view in tests.
public final class ObservationProbe: @unchecked Sendable {
    /// How many times the tracked read was invalidated (one-shot: at most once per `track`).
    public var changes = 0

    /// Creates a probe that has seen no change.
    public init() {}

    /// Runs `read` under observation tracking and returns the probe that counts its invalidation.
    ///
    /// - Parameter read: What a view's body would read.
    /// - Returns: The probe.
    @MainActor
    public static func track(_ read: @escaping @MainActor () -> Void) -> ObservationProbe {
        let probe = ObservationProbe()
        withObservationTracking {
            read()
        } onChange: {
            probe.changes += 1
        }
        return probe
    }
}
