// The one runtime hook of the package, confined to this file and to `ReduxTesting`.
//
// Why: a test written as the Composable Architecture's users write them — `dispatch`, then
// `clock.advance(by:)`, then `receive` — needs the work a dispatch started to have *reached its
// first suspension* (a `clock.sleep`, say) before the clock moves. Swift runs nonisolated async code
// on the cooperative thread pool, in parallel with the test on the main actor: whether that work got
// there first is then a race, lost under load (several tests share the main actor; see SPEC §10).
//
// What: while a `TestStore` or a `TestClock` is alive, the runtime's global-executor hook
// (`swift_task_enqueueGlobal_hook`, the hook swift-concurrency-extras' `withMainSerialExecutor`
// uses) sends every job meant for the cooperative pool to the main actor's serial queue instead.
// All Swift-concurrency work of the process then runs on one FIFO queue, so the order of jobs no
// longer depends on timing; and a second hook, on the main executor's enqueue, counts the jobs so
// that `settle()` can tell exactly when no job is left to run (a round of yielding during which
// nothing but its own continuation was enqueued). Work that waits for something outside Swift
// concurrency (a real timer, a file read on a thread) is not "left to run" and is waited for by
// `receive`'s timeout as before.
//
// Inert outside tests: nothing here runs unless `ReduxTesting`'s `TestStore` or `TestClock` is
// created; the hooks are installed on the first and restored when the last is released. Delayed
// jobs (`Task.sleep` on a real clock) keep the runtime's own timer and come back through the main
// queue when due.

import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

enum SerialTestExecutor {
    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    private static let lock = NSLock()
    nonisolated(unsafe) private static var users = 0
    nonisolated(unsafe) private static var savedGlobal: Hook?
    nonisolated(unsafe) private static var savedMain: Hook?
    /// Jobs enqueued on the main queue since the hooks were installed (under `lock`).
    nonisolated(unsafe) private static var enqueued: UInt64 = 0

    nonisolated(unsafe) private static let globalHook: UnsafeMutablePointer<Hook?>? = symbol(
        "swift_task_enqueueGlobal_hook")
    nonisolated(unsafe) private static let mainHook: UnsafeMutablePointer<Hook?>? = symbol(
        "swift_task_enqueueMainExecutor_hook")

    private static func symbol(_ name: String) -> UnsafeMutablePointer<Hook?>? {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
        return address.assumingMemoryBound(to: Hook?.self)
    }

    /// Whether the runtime offers the hooks (it always has, on every platform Swift 6 supports).
    static var isAvailable: Bool { globalHook != nil && mainHook != nil }

    /// Routes the process's Swift-concurrency jobs to the main queue until a matching ``release()``.
    static func retain() {
        guard let globalHook, let mainHook else { return }
        lock.withLock {
            users += 1
            guard users == 1 else { return }
            savedGlobal = globalHook.pointee
            savedMain = mainHook.pointee
            globalHook.pointee = { job, _ in
                // To the main queue, through the main executor (and so through the counting hook).
                MainActor.shared.enqueue(job)
            }
            mainHook.pointee = { job, original in
                SerialTestExecutor.lock.withLock { SerialTestExecutor.enqueued &+= 1 }
                original(job)
            }
        }
    }

    /// Ends one ``retain()``; the last restores the runtime's own hooks.
    static func release() {
        guard let globalHook, let mainHook else { return }
        lock.withLock {
            users -= 1
            guard users == 0 else { return }
            globalHook.pointee = savedGlobal
            mainHook.pointee = savedMain
        }
    }

    private static var enqueuedCount: UInt64 { lock.withLock { enqueued } }

    /// Lets every job that is ready run, and the jobs those enqueue, until a round of yielding
    /// finds none left, or `maxRounds` rounds have passed. The bound is what makes this certain
    /// rather than likely: on one FIFO queue a chain of k hops between executors completes in k
    /// rounds whatever else is queued, so any chain of up to `maxRounds` hops has run when this
    /// returns. Other tests' jobs on the same queue (Swift Testing runs tests in parallel) keep a
    /// round from being quiet; the bound keeps that from costing more than 100 rounds (a larger
    /// bound made the whole suite 7× slower, 3.5 s → 23.8 s, for no chain that exists in practice).
    ///
    /// Each round puts the caller's continuation at the back of the main queue: when it runs again,
    /// every job queued before it has run. A round in which only that continuation was queued means
    /// nothing is left to run.
    @MainActor
    static func settle(maxRounds: Int = 100) async {
        guard isAvailable, lock.withLock({ users > 0 }) else {
            for _ in 0..<20 { await Task.yield() }
            return
        }
        for _ in 0..<maxRounds {
            let before = enqueuedCount
            await Task.yield()
            if enqueuedCount &- before <= 1 { return }
        }
    }
}
