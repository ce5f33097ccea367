// probe: -swift-version 6
// A continuation that is never resumed: the runtime says so when it is freed, and the
// task that awaits it waits forever.

func answer() async -> Int {
    await withCheckedContinuation { continuation in
        print("the callback never comes: nothing resumes the continuation")
    }
}

Task {
    let value = await answer()
    print("never printed: \(value)")
}
try await Task.sleep(for: .milliseconds(200))
print("200 ms later the task still waits; the program ends without it")
