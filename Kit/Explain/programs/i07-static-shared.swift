// source: https://github.com/santi-g-s/CoreDataExample/issues/2
// flags: -swift-version 6
// expect: isolated-default-value stored-property
// shape: a main-actor singleton read in a nonisolated struct's property
#if FIXED
@MainActor final class Persistence { static let shared = Persistence() }
@MainActor struct Preview { let store = Persistence.shared }
#else
@MainActor final class Persistence { static let shared = Persistence() }
struct Preview { let store = Persistence.shared }
#endif
