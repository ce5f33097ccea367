// source: https://github.com/openclaw/remindctl/issues/1
// flags: -swift-version 6
// expect: executor-assumption actor-instance
// line: Incorrect actor executor assumption; expected 'main.ImageStore' executor.
// runs: loads: 2
// shape: an actor's nonisolated method promises the actor with `assumeIsolated` and is called off it (probe actor-assume-isolated traps); the fix makes it the actor's own method, or takes the actor `isolated`
#if FIXED
actor ImageStore {
    var loads = 0
    func recordLoad() { loads += 1 }
}
func record(in store: isolated ImageStore) { store.recordLoad() }
@main enum Run {
    static func main() async {
        let store = ImageStore()
        await store.recordLoad()
        await record(in: store)
        print("loads: \(await store.loads)")
    }
}
#else
actor ImageStore {
    var loads = 0
    nonisolated func recordLoad() { assumeIsolated { store in store.loads += 1 } }
}
@main enum Run {
    static func main() async {
        let store = ImageStore()
        await Task { @MainActor in store.recordLoad() }.value
        print("loads: \(await store.loads)")
    }
}
#endif
