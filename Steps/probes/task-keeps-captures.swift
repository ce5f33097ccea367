// probe: -swift-version 6
// A task keeps what its closure captures strongly until the task ends. A task that loops
// over a stream nobody finishes never ends: which captures let its owner go?

final class Owner: Sendable {
    let label: String
    let reports: AsyncStream<Int>.Continuation

    init(_ label: String, loop: (AsyncStream<Int>, Owner) -> Void) {
        self.label = label
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        reports = continuation
        loop(stream, self)
    }

    func apply(_ report: Int) {}

    deinit { reports.finish() }
}

func released(_ label: String, loop: (AsyncStream<Int>, Owner) -> Void) async -> String {
    var owner: Owner? = Owner(label, loop: loop)
    weak let watched = owner
    owner?.reports.yield(1)
    // Generous: the task has long started, applied the report and waits for the next one.
    try? await Task.sleep(for: .milliseconds(200))
    owner = nil
    try? await Task.sleep(for: .milliseconds(200))
    return "\(label): \(watched == nil ? "released" : "still alive")"
}

print(await released("strong self                ") { stream, owner in
    Task { for await report in stream { owner.apply(report) } }
})
print(await released("[weak self], guard let self") { stream, owner in
    Task { [weak owner] in
        guard let owner else { return }
        for await report in stream { owner.apply(report) }
    }
})
print(await released("[weak self], self? per loop") { stream, owner in
    Task { [weak owner] in
        for await report in stream { owner?.apply(report) }
    }
})
