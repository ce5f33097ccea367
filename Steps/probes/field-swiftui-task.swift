// probe: -swift-version 6
// SwiftUI is not on Linux, so this models what its documentation says of .task and
// .refreshable: the view starts the task, owns its handle and cancels it when the view
// disappears; the refresh control awaits the action and hides its spinner when it returns.

@MainActor final class ModelView {                    // stands in for SwiftUI's view
    private var task: Task<Void, Never>?
    private(set) var log: [String] = []
    func say(_ line: String) { log.append(line) }
    func appear(task action: @escaping @MainActor () async -> Void) {
        task = Task { await action() }                  // .task { }: a task owned by the view
    }
    func disappear() async {
        task?.cancel()                                  // gone from screen: cancelled
        await task?.value
    }
    func pullToRefresh(_ action: @MainActor () async -> Void) async {
        say("spinner on")
        await action()                                  // .refreshable { }: awaited
        say("spinner off")
    }
}

@MainActor func load(_ view: ModelView, _ what: String, takes duration: Duration) async {
    do {
        try await Task.sleep(for: duration)
        view.say("\(what) loaded")
    } catch {
        view.say("\(what) cancelled")
    }
}

@MainActor func run() async {
    let view = ModelView()
    view.appear { await load(view, "menu", takes: .seconds(3600)) }
    await view.disappear()
    print(".task, view gone:          \(view.log)")

    let leaky = ModelView()
    var inner: Task<Void, Never>?
    leaky.appear { inner = Task { await load(leaky, "menu", takes: .milliseconds(10)) } }
    await Task.yield()
    await leaky.disappear()
    await inner?.value
    print(".task with Task { } inside: \(leaky.log)")

    let list = ModelView()
    await list.pullToRefresh { await load(list, "prices", takes: .milliseconds(10)) }
    print(".refreshable, awaited:      \(list.log)")

    let early = ModelView()
    var refresh: Task<Void, Never>?
    await early.pullToRefresh { refresh = Task { await load(early, "prices", takes: .milliseconds(10)) } }
    await refresh?.value
    print(".refreshable, Task { }:     \(early.log)")
}
await run()
