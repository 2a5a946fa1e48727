import Foundation
import Redux
import ReduxPersistence

/// What is persisted in the benchmarks: the count and the array.
struct PersistedBench: Codable, Sendable {
    var count: Int
    var items: [Int]
}

@MainActor
func makeBenchPersister(directory: URL, interval: Duration) -> Persister<BenchState, PersistedBench> {
    Persister(
        key: "bench-state", storage: FileStorage(directory: directory), interval: interval,
        project: { PersistedBench(count: $0.count, items: $0.items) },
        restore: { state, persisted in
            state.count = persisted.count
            state.items = persisted.items
        })
}

func benchDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("redux-bench-\(UUID().uuidString)", isDirectory: true)
}

@MainActor
func persistenceScenarios() -> [Scenario] {
    [
        Scenario(name: "persistence enabled", note: "1,000 elements, FileStorage, 1 s interval") {
            let persister = makeBenchPersister(directory: benchDirectory(), interval: .seconds(1))
            let store = Store(
                initialState: persister.load(into: BenchState(elements: smallState)), reducer: makeReducer(),
                middleware: [persister.middleware])
            let action: any Action = Increment()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        }
    ]
}

/// Dispatches 100,000 actions, yielding every 100 as an app's run loop would, and reports how many
/// writes the persister actually performed.
@MainActor
func persistenceBurstReport(interval: Duration, dispatches: Int = 100_000) async -> String {
    let directory = benchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let persister = makeBenchPersister(directory: directory, interval: interval)
    let store = Store(
        initialState: persister.load(into: BenchState(elements: smallState)), reducer: makeReducer(),
        middleware: [persister.middleware])
    let action: any Action = Increment()
    let start = ContinuousClock.now
    for index in 0..<dispatches {
        store.dispatch(action)
        if index % 100 == 99 { await Task.yield() }
    }
    let elapsed = ContinuousClock.now - start
    try? await persister.flush()
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let writes = persister.writeCount - 1  // the last one is the flush
    return "persistence burst: \(dispatches) dispatches in \(Int(seconds * 1_000)) ms with a \(interval) interval: "
        + "\(writes) write(s) during the burst (\(String(format: "%.1f", Double(writes) / Swift.max(seconds, 0.001))) per second), "
        + "plus 1 flush"
}

/// A row of a list whose `total` is a persisted shared value (`SharedState`, a file key).
struct PersistedSharedRow: Identifiable, Equatable, Sendable, SharedState {
    var id: Int
    var total = 0
    static let shared: [SharedMember<Self>] = [.fileStorage(persistedSharedFile, \.total)]
}
struct PersistedSharedBench: Equatable, Sendable {
    var count = 0
    var rows: IdentifiedArrayOf<PersistedSharedRow>
}
let persistedSharedFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("redux-bench-shared-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    .appendingPathComponent("total.json")

/// Issue 63's persisted keys: after each reduction the store saves the keys that changed — what an
/// action that touches no copy pays for it, with 10 and 1,000 rows each holding one.
@MainActor
func persistedSharingScenarios() -> [Scenario] {
    let reducer = {
        Reducer<PersistedSharedBench>.on(Increment.self) { state, _ in state.count &+= 1 }
            .forEach(\.rows, element: .on(AddToTotal.self) { row, _ in row.total &+= 1 })
    }
    let initial = { (rows: Int) in
        PersistedSharedBench(rows: IdentifiedArrayOf(uniqueElements: (0..<rows).map { PersistedSharedRow(id: $0) }))
    }
    let edit = Scenario(
        name: "feature sharing, 1000 rows, a persisted key, an edit of one row's value",
        note: "the first row's file-stored total changed through its scope: every row follows, the file is saved",
        scale: 1_000
    ) {
        let store = Store(initialState: initial(1_000), reducer: reducer())
        let action: any Action = ElementAction(path: "rows", id: 0, AddToTotal())
        return { n in
            for _ in 0..<n { store.dispatch(action) }
        }
    }
    let comeAndGo = Scenario(
        name: "feature sharing, 1000 rows, a persisted key, a row added or removed",
        note: "a row comes (showing its own total, made the others') or goes on each action; nothing is saved"
    ) {
        let store = Store(
            initialState: initial(1_000),
            reducer: Reducer<PersistedSharedBench>.on(AddOrRemoveRow.self) { state, action in
                if state.rows.count == action.rows {
                    state.rows.append(PersistedSharedRow(id: action.rows, total: -1))
                } else {
                    _ = state.rows.removeLast()
                }
            }
            .forEach(\.rows, element: .on(AddToTotal.self) { row, _ in row.total &+= 1 }))
        let action: any Action = AddOrRemoveRow(rows: 1_000)
        store.dispatch(action)
        precondition(store.rows[id: 1_000]?.total == store.rows[id: 0]?.total, "the new row follows")
        return { n in
            for _ in 0..<n { store.dispatch(action) }
        }
    }
    return [edit, comeAndGo]
        + [10, 1_000].map { rows in
            Scenario(
                name: "feature sharing, \(rows) rows, a persisted key, an action touching none",
                note: "SharedState: every row's total is one file-stored value; the action changes a counter"
            ) {
                let store = Store(initialState: initial(rows), reducer: reducer())
                let action: any Action = Increment()
                return { n in
                    for _ in 0..<n { store.dispatch(action) }
                }
            }
        }
}
