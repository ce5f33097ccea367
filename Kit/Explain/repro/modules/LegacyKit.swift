// explain-module: -swift-version 5
// A stand-in for a framework built before Swift concurrency: a class it never marked
// Sendable, and a type that is Sendable by being a plain value.
public final class Session {
    public init() {}
    public var token = ""
}
public struct Version { public init() {} }

// A global var: unmigrated, so nothing isolates it (row unmigrated-module-global).
public var legacyRequestCount = 0
