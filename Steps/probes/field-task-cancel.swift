// probe: -swift-version 6
// Cancelling a download through its Task handle. Task.sleep stands in for URLSession's
// data(from:): both stop and throw when their task is cancelled.

func download(_ name: String, takes duration: Duration) async throws -> String {
    try await Task.sleep(for: duration)
    return name
}
func describe(_ result: Result<String, Error>) -> String {
    switch result {
    case .success(let body): "finished: \(body)"
    case .failure(let error): "threw \(error)"
    }
}

// 1. Keep the handle, cancel the handle.
let menu = Task { try await download("menu", takes: .seconds(3600)) }
menu.cancel()
print("menu, handle cancelled: \(describe(await menu.result))")

// 2. Cancelling a task cancels its child tasks (async let, task groups) too.
let pair = Task {
    async let beans = download("beans", takes: .seconds(3600))
    async let milk = download("milk", takes: .seconds(3600))
    return try await beans + milk
}
pair.cancel()
print("two async let downloads, parent cancelled: \(describe(await pair.result))")

// 3. Dropping the handle does not cancel: the task runs to its end.
let (ends, end) = AsyncStream.makeStream(of: String.self)
_ = Task {
    let body = try await download("prices", takes: .milliseconds(10))
    end.yield("finished: \(body)")
}
for await line in ends {
    print("prices, handle dropped: \(line)")
    break
}

// 4. The wrong fix: a Task { } inside the work is not a child, so cancelling the
//    outer task does not reach it.
let outer = Task {
    describe(await Task { try await download("inner", takes: .milliseconds(10)) }.result)
}
outer.cancel()
print("outer cancelled, its inner Task { }: \(await outer.value)")
