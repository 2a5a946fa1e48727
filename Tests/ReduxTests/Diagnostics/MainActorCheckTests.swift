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
}
