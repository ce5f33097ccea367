// source: https://github.com/swiftlang/swift/issues/89694
// flags: -swift-version 6
// expect: nonsendable-function-conversion main-actor-closure
// shape: a closure written in main-actor code, typed without isolation, converted to @Sendable
#if FIXED
final class Ledger {}
@MainActor func repaint() {}
@MainActor func queueRepaint(_ ledger: Ledger) {
    let job: @Sendable @MainActor () async -> Void = { repaint(); print(ledger) }
    let stored: @Sendable () async -> Void = job
    _ = stored
}
#else
final class Ledger {}
@MainActor func repaint() {}
@MainActor func queueRepaint(_ ledger: Ledger) {
    let job: () async -> Void = { repaint(); print(ledger) }
    let stored: @Sendable () async -> Void = job
    _ = stored
}
#endif
