// source: https://github.com/idawnlight/ShichiZip/issues/17
// flags: -swift-version 6
// expect: sending-closure task-isolated
// shape: a task that captures a model the caller still uses
#if FIXED
@MainActor final class Progress { var done = 0 }
@MainActor func extract(_ progress: Progress) {
    Task { @MainActor in progress.done += 1 }
    print(progress.done)
}
#else
final class Progress { var done = 0 }
func extract(_ progress: Progress) {
    Task { progress.done += 1 }
    print(progress.done)
}
#endif
