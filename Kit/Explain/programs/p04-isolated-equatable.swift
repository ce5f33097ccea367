// source: https://github.com/pointfreeco/swift-composable-architecture/issues/3921
// flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature InferIsolatedConformances
// expect: isolated-conformance-use default-main-actor
// shape: a main-actor Equatable conformance used as a Sendable generic argument
#if FIXED
nonisolated struct Meeting: Equatable { var title = "" }
nonisolated func same<T: Equatable & Sendable>(_ a: T, _ b: T) -> Bool { a == b }
func check() -> Bool { same(Meeting(), Meeting()) }
#else
struct Meeting: Equatable { var title = "" }
nonisolated func same<T: Equatable & Sendable>(_ a: T, _ b: T) -> Bool { a == b }
func check() -> Bool { same(Meeting(), Meeting()) }
#endif
