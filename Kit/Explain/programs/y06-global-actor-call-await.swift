// source: https://docs.swift.org/compiler/documentation/diagnostics/actor-isolated-call
// flags: -swift-version 6
// expect: call-isolated-sync global-actor
// shape: a main-actor method calls a method of a custom global actor synchronously (round 5, #8); the fix makes the caller async and awaits the call
#if FIXED
@globalActor actor DatabaseActor { static let shared = DatabaseActor() }
@DatabaseActor final class Database { func count() -> Int { 0 } }
@MainActor final class ListModel {
    let db: Database
    init(db: Database) { self.db = db }
    func refresh() async -> Int { await db.count() }
}
#else
@globalActor actor DatabaseActor { static let shared = DatabaseActor() }
@DatabaseActor final class Database { func count() -> Int { 0 } }
@MainActor final class ListModel {
    let db: Database
    init(db: Database) { self.db = db }
    func refresh() -> Int { db.count() }
}
#endif
