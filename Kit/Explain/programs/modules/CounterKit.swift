// flags: -swift-version 5
// A stand-in for a dependency not yet migrated: a public global var, built in the Swift 5 mode.
public var requestCount = 0
public func recordRequest() { requestCount += 1 }
