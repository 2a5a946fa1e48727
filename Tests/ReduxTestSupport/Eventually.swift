/// Yields until `condition` holds, at most 10,000 times: for work that resumes on the main actor
/// after the test let it go (a clock advanced, a gate opened, a task cancelled), which no registry
/// tracks. The assertion after it says whether the condition came true.
@MainActor
public func eventually(_ condition: @MainActor () -> Bool) async {
    for _ in 0..<10_000 where !condition() { await Task.yield() }
}
