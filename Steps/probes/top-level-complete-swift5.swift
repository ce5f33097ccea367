// probe: -swift-version 5 -default-isolation MainActor -strict-concurrency=complete
// The settings of probe xcode-template-mode (the Swift 5 mode, main actor by default)
// with complete checking added: top-level code with no `await` is the main actor's too,
// as in the Swift 6 mode (SE-0343's rule for complete checking, there called
// -warn-concurrency). With minimal checking it is nonisolated (probe
// xcode-template-mode's first line).
print("top-level code, no await, complete checking: isolation \(String(describing: #isolation))")
