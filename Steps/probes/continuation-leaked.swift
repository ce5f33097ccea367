// probe: -swift-version 6
// A continuation that is never resumed: the runtime says so when it is freed, and the
// task that awaits it waits forever.

@MainActor
func answer(_ asked: AsyncStream<Void>.Continuation) async -> Int {
    await withCheckedContinuation { continuation in
        print("the callback never comes: nothing resumes the continuation")
        asked.yield()
    }
}

let (wasAsked, asked) = AsyncStream.makeStream(of: Void.self)
// On the main actor, as this top-level code is: the task's step, which frees the
// continuation, ends before the code below goes on, and the warning is printed before
// the program ends.
Task { @MainActor in
    let value = await answer(asked)
    print("never printed: \(value)")
}
for await _ in wasAsked { break }
print("the task still waits, and the program ends without it")
