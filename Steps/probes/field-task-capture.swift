// probe: -swift-version 6
// The two shapes Swift 6.4 warns about, and what each answer does at run time here (6.3.1
// compiles every line below without a warning).
// 1. SE-0520: a throwing `Task { }` whose value nobody uses. Who sees the save's error?
// 2. [#ImplicitStrongCapture]: `[weak self]` on an inner closure makes the escaping outer
//    closure capture `self` strongly. When does the screen die under each answer?
import Synchronization

struct SaveFailed: Error {}
func save() async throws { throw SaveFailed() }

/// Who saw the error, from any task; `wait()` returns once the task's work has ended.
final class Outcome: Sendable {
    private let state = Mutex<(seen: Bool, ended: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, false, nil))
    func saw() { state.withLock { $0.seen = true } }
    func end() { state.withLock { $0.ended = true; $0.waiter?.resume(); $0.waiter = nil } }
    func wait() async {
        await withCheckedContinuation { continuation in
            state.withLock { if $0.ended { continuation.resume() } else { $0.waiter = continuation } }
        }
    }
    var seen: Bool { state.withLock { $0.seen } }
}

func unused(_ outcome: Outcome) {
    Task {                                    // 6.4 warns: [#NoUseUnstructuredThrowingTask]
        defer { outcome.end() }
        try await save()
    }
}
func handledInTheTask(_ outcome: Outcome) {
    Task {                                    // does not throw: no warning
        defer { outcome.end() }
        do { try await save() } catch { outcome.saw() }
    }
}
func keptAndAwaited(_ outcome: Outcome) async {
    let task = Task { try await save() }
    do { try await task.value } catch { outcome.saw() }
    outcome.end()
}
func discardedOnPurpose(_ outcome: Outcome) {
    _ = Task {                                // silences the warning; the error is still lost
        defer { outcome.end() }
        try await save()
    }
}

for (name, run) in [("unused Task", { (o: Outcome) async in unused(o) }),
                    ("error handled in the task", { (o: Outcome) async in handledInTheTask(o) }),
                    ("handle kept, value awaited", { (o: Outcome) async in await keptAndAwaited(o) }),
                    ("_ = Task", { (o: Outcome) async in discardedOnPurpose(o) })] {
    let outcome = Outcome()
    await run(outcome)
    await outcome.wait()
    print("\(name): the error reached someone: \(outcome.seen)")
}

/// A service that outlives screens: it keeps the handlers it is given until told to forget.
final class Feed {
    private var handlers: [() -> Void] = []
    func onReconnect(_ handler: @escaping () -> Void) { handlers.append(handler) }
    func later(_ work: @escaping () -> Void) { handlers.append(work) }
    func forgetHandlers() { handlers = [] }
}

final class Screen {
    var refreshes = 0
    func refresh() { refreshes += 1 }

    func bindInnerWeakOnly(to feed: Feed) {
        feed.onReconnect {                    // 6.4 warns: [#ImplicitStrongCapture]
            feed.later { [weak self] in self?.refresh() }
        }
    }
    func bindOuterStrongSaidOutright(to feed: Feed) {
        feed.onReconnect { [self] in          // what the warning's note offers: silence only
            feed.later { [weak self] in self?.refresh() }
        }
    }
    func bindOuterWeak(to feed: Feed) {
        feed.onReconnect { [weak self] in
            feed.later { self?.refresh() }
        }
    }
}

let feed = Feed()
for (name, bind) in [("[weak self] inside only", Screen.bindInnerWeakOnly),
                     ("[self] outside, [weak self] inside", Screen.bindOuterStrongSaidOutright),
                     ("[weak self] outside", Screen.bindOuterWeak)] {
    var screen: Screen? = Screen()
    weak let watched = screen
    bind(screen!)(feed)
    screen = nil
    let freedWhenDropped = watched == nil
    feed.forgetHandlers()
    print("\(name): freed when the screen was dropped: \(freedWhenDropped), when the feed forgot its handlers: \(watched == nil)")
}
