// explain: -swift-version 6
// The fixes the table teaches for the kinds of Kit/Explain/repro/isolation-mismatch.swift,
// unneeded-markers.swift and the Sendable class rows, each written out: this file must
// compile with no diagnostic at all (ExplainTests, `theFixesTheTableTeachesCompileCleanly`).
import Observation
import Synchronization

// isolation-override: the async variant of an override may take the class's actor, and a
// main-actor subclass of a nonisolated class is accepted.
class Screen {
    func setUp() async throws {}
}

@MainActor final class ScreenTests: Screen {
    var prepared = false
    override func setUp() async throws { prepared = true }
}

// isolated-key-path: formed on the same actor, or to a nonisolated Sendable `let`.
@MainActor final class Panel {
    var width = 0
    nonisolated let id = 1
}

@MainActor func widthPath() -> ReferenceWritableKeyPath<Panel, Int> { \Panel.width }
nonisolated func idPath() -> KeyPath<Panel, Int> { \Panel.id }
nonisolated func widthReader() -> @MainActor (Panel) -> Int { { $0.width } }

// nonisolated-mutable-storage: a Mutex in a nonisolated `let`; a Sendable `var` of a
// main-actor struct may be nonisolated (SE-0434).
actor Counter {
    nonisolated let total = Mutex(0)
    nonisolated func add() { total.withLock { $0 += 1 } }
}

@MainActor struct Layout {
    nonisolated var spacing = 8
}

// nonisolated-unsafe-unneeded: @ObservationIgnored keeps the attribute on stored storage.
@Observable final class Progress: Sendable {
    @ObservationIgnored nonisolated(unsafe) var fraction: Double = 0
}

// sendable-class-mutable: a Mutex held by a `let` makes the class Sendable, no @unchecked.
final class Tally: Sendable {
    let count = Mutex(0)
}

// isolation-crossing-conversion: keep the function type's isolation, or Sendable types.
final class Draft {}
final class Entry: Sendable {}
@MainActor func saveDraft(_ draft: Draft) async {}
@MainActor func saveEntry(_ entry: Entry) async {}

func keepForLater() {
    let save: @MainActor (Draft) async -> Void = saveDraft
    let store: nonisolated(nonsending) (Entry) async -> Void = saveEntry
    _ = (save, store)
}

// sending-function-conversion: a closure written at the call, or a `-> sending` function.
func takeFresh(_ make: () -> sending Draft) {}
func makeDraft() -> sending Draft { Draft() }

func passMakers() {
    takeFresh { Draft() }
    takeFresh(makeDraft)
}

// actor-mutating-async: a synchronous mutation, or a copy mutated and stored back.
struct Upload {
    var sent = 0
    mutating func send() async { sent += 1 }
    mutating func markSent() { sent += 1 }
}

actor Uploader {
    var upload = Upload()
    func markAll() { upload.markSent() }
    func sendAll() async {
        var copy = upload
        await copy.send()
        upload = copy
    }
}

// nonsendable-function-conversion, a closure written in main-actor code: keep its isolation
// in the type; `@Sendable` alone would make it nonisolated (two new errors).
final class Ledger {}
@MainActor func redraw() {}
@MainActor func keep(ledger: Ledger) {
    let job: @Sendable @MainActor () async -> Void = { redraw(); print(ledger) }
    let stored: @Sendable () async -> Void = job
    _ = stored
}

// sending-value, a task-isolated callback parameter: send a Sendable copy of its data, or
// declare the callback's parameter `sending` when the API is yours.
final class Reading { var value = 0 }
struct ReadingValue: Sendable { var value: Int }
func fetchReading(_ done: @escaping (Reading) -> Void) { done(Reading()) }
func fetchFreshReading(_ done: @escaping (sending Reading) -> Void) { done(Reading()) }
func latestValue() async -> ReadingValue {
    await withCheckedContinuation { continuation in
        fetchReading { reading in continuation.resume(returning: ReadingValue(value: reading.value)) }
    }
}
func latestReading() async -> Reading {
    await withCheckedContinuation { continuation in
        fetchFreshReading { reading in continuation.resume(returning: reading) }
    }
}

// sending-value, closure-to-nonisolated: besides a `@Sendable` parameter (program x04), the
// function may stay on its caller's actor (`nonisolated(nonsending)`: the closure may then
// even capture a non-Sendable model), or take the closure for good (`sending`).
final class TallyModel { var count = 0 }
nonisolated(nonsending) func runWhereCalled(_ body: @escaping () async -> Void) async { await body() }
@MainActor func tallyHere(model: TallyModel) async { await runWhereCalled { model.count += 1 } }
@concurrent func runHandedOver(_ body: sending @escaping () async -> Void) async { await body() }
@MainActor func tallyElsewhere() async { let id = 3; await runHandedOver { print(id) } }

// unavailable-from-async, a blocking call: the async counterpart suspends the task instead.
func pauseBriefly() async throws {
    try await Task.sleep(nanoseconds: 1_000)
}

// actor-inout-async: from outside, an actor method makes the change; a copy awaited and stored
// back compiles too (what the actor did during the await is then the method's to check).
func addMile(_ value: inout Int) { value += 1 }
func addMileLater(_ value: inout Int) async { value += 1 }
actor Odometer {
    var miles = 0
    func advance() { addMile(&miles) }
    func advanceLater() async {
        var copy = miles
        await addMileLater(&copy)
        miles = copy
    }
}
func drive(_ odometer: Odometer) async { await odometer.advance() }
