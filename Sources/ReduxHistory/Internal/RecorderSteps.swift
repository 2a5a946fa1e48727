import Redux

// What a `HistoryRecorder` keeps of each step before a recording is made of it, and the actions it
// sends itself (split from HistoryRecorder.swift, issue 66).

/// A recorded step as kept while recording: not generic (the snapshots are apart); its index is
/// its position in its chunk plus the chunk's first index.
struct RawStep {
    /// Seconds since 1970.
    let date: Double
    /// The action, or a ``NotReplayedMarker`` (redacted, or where a pause ended).
    let action: any Action
}

/// Steps recorded one after the other, from `firstIndex`.
struct StepChunk {
    let firstIndex: Int
    let steps: [RawStep]
}

/// The state after step `index`, boxed.
struct Snapshot {
    let index: Int
    /// Replaced when skipping a step before it recomputes it.
    var state: Any
    /// Recorded where recording resumed after a pause: not derived from the steps before it, so
    /// skipping one of them keeps it.
    var isPinned = false
}

/// What a ``RawStep`` keeps in place of an action that is not reduced again: exported without an
/// action, with the type and the reason given here.
protocol NotReplayedMarker: Action {
    var keptType: any Action.Type { get }
    var problem: String { get }
}

/// Stands in a ``RawStep`` for an action redaction removed: only its type is kept.
struct Redacted: NotReplayedMarker {
    let keptType: any Action.Type
    var problem: String { "redacted" }
}

/// Marks where recording was paused and resumed (``HistoryRecorder/isPaused``): not replayable;
/// the step carries the state recording resumed from.
struct RecordingPaused: Action {
    let reason: String
}

extension RecordingPaused: NotReplayedMarker {
    var keptType: any Action.Type { RecordingPaused.self }
    var problem: String { reason }
}

/// Replaces a store's state with one time travel computed (``HistoryRecorder/reducer(_:)``): the
/// library's state replacement, which a store's persisted shared keys recognise.
typealias TravelTo = StateReplacement

/// The flags of ``HistoryRecorder``'s hot path.
struct RecorderFlags: OptionSet {
    let rawValue: UInt8
    static let paused = RecorderFlags(rawValue: 1)
    static let travelling = RecorderFlags(rawValue: 2)
}
