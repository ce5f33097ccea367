// probe: -swift-version 6 -Werror NoUseUnstructuredThrowingTask -Werror ImplicitStrongCapture
// Swift 6.4 only: the two warnings, made errors by their groups (-Werror GROUP), so that the
// probe stops on them. Swift 6.3.1 has neither warning; the notes checker runs this block
// only with a 6.4 toolchain (CI's newest-toolchain job). The answers: swift64-task-answers.
struct SaveFailed: Error {}
func save() async throws { throw SaveFailed() }

func saveInTheBackground() {
    Task {                                    // SE-0520: a throwing task whose value nobody uses
        try await save()
    }
}

final class Feed {
    private var handlers: [() -> Void] = []
    func onReconnect(_ handler: @escaping () -> Void) { handlers.append(handler) }
    func later(_ work: @escaping () -> Void) { handlers.append(work) }
}

final class Screen {
    func refresh() {}
    func bind(to feed: Feed) {
        feed.onReconnect {                    // captures self strongly, for the inner list's sake
            feed.later { [weak self] in self?.refresh() }
        }
    }
}
