import Dispatch
import Testing

@testable import Redux

/// The main-queue check that `deinit`s rely on agrees with the runtime's own idea of the main actor
/// — on Linux too — so `MainActor.assumeIsolated` after it never traps.
struct MainActorCheckTests {
    @Test @MainActor func onTheMainActorTheCheckSaysMainQueueAndWorkRunsAtOnce() {
        MainActorCheck.install()
        #expect(MainActorCheck.isOnMainQueue)
        var ran = false
        MainActorCheck.runIfOnMainQueue { ran = true }
        #expect(ran)
    }

    @Test func aBlockOnTheMainQueueIsOnTheMainActor() async {
        await MainActor.run { MainActorCheck.install() }
        let ranIsolated: Bool = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                // Not statically isolated: only the runtime check vouches for it.
                guard MainActorCheck.isOnMainQueue else { return continuation.resume(returning: false) }
                var ran = false
                MainActorCheck.runIfOnMainQueue { ran = true }
                continuation.resume(returning: ran)
            }
        }
        #expect(ranIsolated)
    }

    @Test func anotherQueueIsNotTheMainQueueAndWorkGoesToTheMainActorLater() async {
        await MainActor.run { MainActorCheck.install() }
        let (onMain, ranAtOnce): (Bool, Bool) = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var ran = false
                MainActorCheck.runIfOnMainQueue { ran = true }
                continuation.resume(returning: (MainActorCheck.isOnMainQueue, ran))
            }
        }
        #expect(!onMain)
        #expect(!ranAtOnce)
        let later: Bool = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                MainActorCheck.runOnMainActor {
                    continuation.resume(returning: MainActorCheck.isOnMainQueue)
                }
            }
        }
        #expect(later)
    }

    /// The key behind the check (an `@unchecked Sendable` wrapper) is read from many threads at
    /// once while the main actor reads it too: the thread sanitizer in CI finds no race, and the
    /// main actor's answer stays right.
    @Test func theKeyIsReadFromManyThreadsAtOnce() async {
        await MainActor.run { MainActorCheck.install() }
        let answers = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask { MainActorCheck.isOnMainQueue }
            }
            group.addTask { await MainActor.run { MainActorCheck.isOnMainQueue } }
            var answers: [Bool] = []
            for await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.count == 17)
        #expect(answers.contains(true), "the main actor's read says main")
    }
}
