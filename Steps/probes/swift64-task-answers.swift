// probe: -swift-version 6 -Werror NoUseUnstructuredThrowingTask -Werror ImplicitStrongCapture
// Swift 6.4 only: the answers to swift64-task-warnings build with both warnings made errors.
// What each does at run time is field-task-capture, which runs with 6.3.1 too.
struct SaveFailed: Error {}
func save() async throws { throw SaveFailed() }
func report(_ error: any Error) {}

func handledInTheTask() {
    Task {
        do { try await save() } catch { report(error) }
    }
}
func keptAndAwaited() async throws {
    let task = Task { try await save() }
    try await task.value
}
func discardedOnPurpose() {
    _ = Task { try await save() }             // only when losing the error is intended
}

final class Feed {
    private var handlers: [() -> Void] = []
    func onReconnect(_ handler: @escaping () -> Void) { handlers.append(handler) }
    func later(_ work: @escaping () -> Void) { handlers.append(work) }
}

final class Screen {
    func refresh() {}
    func bindOuterWeak(to feed: Feed) {
        feed.onReconnect { [weak self] in     // the screen can die while the feed lives
            feed.later { self?.refresh() }
        }
    }
    func bindOuterStrongSaidOutright(to feed: Feed) {
        feed.onReconnect { [self] in          // silences the warning; the feed still keeps the screen
            feed.later { [weak self] in self?.refresh() }
        }
    }
}

print("built with both warnings as errors")
