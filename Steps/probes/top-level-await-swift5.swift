// probe: -swift-version 5 -default-isolation MainActor
// The settings of probe xcode-template-mode (the Swift 5 mode, main actor by default),
// whose top-level code has no `await` and so is nonisolated (its first line). One `await`
// anywhere in the top-level code makes all of it an async context, and the main actor's
// (SE-0343), from its first line on.
func pause() async {}

print("top-level code with an await, Swift 5 mode: isolation \(String(describing: #isolation))")
await pause()
