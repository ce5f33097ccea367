// source: https://github.com/forXifLess/LinkNavigator/issues/52
// flags: -swift-version 6
// expect: call-isolated-sync own-code
// shape: a main-actor initializer called from a nonisolated struct
#if FIXED
@MainActor final class Route { let path: String; nonisolated init(path: String) { self.path = path } }
struct Router { func route(for path: String) -> Route { Route(path: path) } }
#else
@MainActor final class Route { let path: String; init(path: String) { self.path = path } }
struct Router { func route(for path: String) -> Route { Route(path: path) } }
#endif
