import Foundation
import Redux
import ReduxHistory

#if canImport(Glibc)
    import Glibc
#endif

/// The counter app of the Redux DevTools files in Tests/ReduxHistoryTests/DevToolsFiles.
struct DevToolsCount: Codable, Sendable { var count = 0 }
struct DevToolsIncrement: Action, Codable {}
struct DevToolsAdd: Action, Codable { let amount: Int }

/// A lifted-state file of `steps` steps, as the real tool writes it (compact JSON, each action's
/// fields beside its `type`, a computed state per step).
func devToolsFile(steps: Int) -> Data {
    var text = #"{"monitorState":{},"nextActionId":\#(steps + 1),"stagedActionIds":[0"#
    for id in 1...steps { text += ",\(id)" }
    text += #"],"skippedActionIds":[],"currentStateIndex":\#(steps),"isLocked":false,"isPaused":false,"#
    text += #""actionsById":{"0":{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":1735689601000}"#
    for id in 1...steps {
        let action = id % 3 == 0 ? #"{"type":"ADD","amount":\#(id % 7)}"# : #"{"type":"INCREMENT"}"#
        text += #","\#(id)":{"type":"PERFORM_ACTION","action":\#(action),"timestamp":\#(1_735_689_601_000 + id)}"#
    }
    text += #"},"computedStates":[{"state":{"count":0}}"#
    var count = 0
    for id in 1...steps {
        count += id % 3 == 0 ? id % 7 : 1
        text += #",{"state":{"count":\#(count)}}"#
    }
    text += "]}"
    return Data(text.utf8)
}

/// The resident set's peak and current size, in bytes, from /proc (Linux); `nil` elsewhere.
func residentMemory() -> (peak: Int, current: Int)? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    func field(_ name: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1_024 }
    }
    guard let peak = field("VmHWM"), let current = field("VmRSS") else { return nil }
    return (peak, current)
}

/// Resets the resident set's peak to its current size (Linux: `/proc/self/clear_refs`, value 5).
func resetPeakMemory() -> Bool {
    FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs")
        && (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
}

/// Imports a generated lifted-state file of `steps` steps and reports throughput and the memory the
/// import took at its peak, over what the process held with the file read (issue 34's goal: at
/// most 3× the file). Returns the report and whether the goal held (`true` when not measurable).
func devToolsImportReport(steps: Int) -> (text: String, holds: Bool) {
    let registry = ActionRegistry().registering(DevToolsIncrement.self, as: "INCREMENT")
        .registering(DevToolsAdd.self, as: "ADD")
    var file: Data? = devToolsFile(steps: steps)
    let bytes = file?.count ?? 0
    let canMeasure = resetPeakMemory()
    let before = residentMemory()
    let start = ContinuousClock.now
    let recording: Recording<DevToolsCount>
    do {
        recording = try ReduxDevTools.importRecording(file ?? Data(), actions: registry)
    } catch {
        return ("DevTools import: failed: \(error)", false)
    }
    let elapsed = ContinuousClock.now - start
    let after = residentMemory()
    file = nil
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let megabytes = Double(bytes) / 1_000_000
    var text = String(
        format: "DevTools import: %d steps, %.1f MB lifted state in %.2f s (%.1f MB/s)", recording.steps.count,
        megabytes, seconds, megabytes / Swift.max(seconds, 0.000_001))
    guard canMeasure, let before, let after else { return (text + "; peak memory not measurable here", true) }
    let ratio = Double(after.peak - before.current) / Double(bytes)
    text += String(
        format: "; peak %.0f MB over the %.0f MB held with the file read: %.2fx the file (goal <= 3x)",
        Double(after.peak - before.current) / 1_000_000, Double(before.current) / 1_000_000, ratio)
    return (text, ratio <= 3)
}
