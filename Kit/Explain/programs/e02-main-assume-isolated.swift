// source: https://github.com/twostraws/CodeScanner/pull/154
// flags: -swift-version 6
// expect: executor-assumption main-actor
// line: 0  libdispatch.dylib              0x64d8 _dispatch_assert_queue_fail + 120
// runs: shown: 3
// shape: a callback promises the main actor with `MainActor.assumeIsolated` and is called from a detached task (probe assume-isolated traps); the fix hops to main, or (the callback being yours) declares it `@MainActor` and its caller awaits it
#if FIXED
@MainActor var shown = 0
@MainActor func show() { shown += 1 }
func callback() async { await MainActor.run { show() } }
@MainActor func mainActorCallback() { show() }
@main enum Run {
    static func main() async {
        await Task.detached { await callback() }.value
        await Task.detached { await Task { @MainActor in show() }.value }.value
        await Task.detached { await mainActorCallback() }.value
        print("shown: \(shown)")
    }
}
#else
@MainActor var shown = 0
@MainActor func show() { shown += 1 }
func callback() { MainActor.assumeIsolated { show() } }
@main enum Run {
    static func main() async {
        await Task.detached { callback() }.value
        print("shown: \(shown)")
    }
}
#endif
