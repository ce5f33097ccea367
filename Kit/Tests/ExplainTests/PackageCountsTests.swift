import ExplainKit
import Foundation
import Testing

/// `--package`'s counts: a row split into kinds by cause adds its kinds up, and a target
/// whose errors no row knows (a build that failed) is a target that did not compile, not
/// that many unknown diagnostics.
struct PackageCountsTests {
    static let target = PackageManifest.Target(name: "Store", type: "regular", path: "Sources/Store")

    static func entries(_ log: String) -> [Entry] { LogReader.entries(in: log, matcher: Kit.matcher, single: false) }

    @Test func aRowSplitByCauseAddsItsKindsUp() {
        let log = """
            /p/Sources/Store/A.swift:3:5: error: sending 'a' risks causing data races
            note: task-isolated 'a' is passed as a 'sending' parameter; Uses in callee may race with later task-isolated uses
            /p/Sources/Store/B.swift:4:5: error: sending 'b' risks causing data races
            note: 'b' used after being passed as a 'sending' parameter; Later uses could race
            note: access can happen concurrently
            /p/Sources/Store/C.swift:5:5: error: sending 'c' risks causing data races
            """
        let build = PackageWalk.Build(mode: "swift6", command: [], targets: [.init(target: Self.target, entries: Self.entries(log), reached: true)],
                                      succeeded: false)
        #expect(Routing(entries: build.targets[0].entries, matcher: Kit.matcher).kinds.count >= 2)
        let counts = PackageCounts(build, matcher: Kit.matcher)
        #expect(counts.targets["Store"]?.rows["sending-value"] == 3)
        #expect(counts.targets["Store"]?.total == 3)
        #expect(counts.failedTargets.isEmpty)
    }

    @Test func aTargetThatDoesNotCompileIsSaidNotCounted() {
        let log = """
            /p/Sources/Store/A.swift:3:5: error: cannot find 'Ledgr' in scope
            /p/Sources/Store/B.swift:4:5: warning: var 'count' is not concurrency-safe because it is nonisolated global shared mutable state
            """
        let failed = PackageWalk.Build(mode: "complete", command: [], targets: [.init(target: Self.target, entries: Self.entries(log), reached: true)],
                                       succeeded: false)
        let counts = PackageCounts(failed, matcher: Kit.matcher)
        #expect(counts.targets["Store"]?.compileErrors == 1)
        #expect(counts.targets["Store"]?.total == 1)
        #expect(counts.targets["Store"]?.rows["unknown"] == nil)
        #expect(counts.failedTargets == ["Store"])
        let text = PackageReport(manifest: PackageManifest(name: "P", targets: [Self.target]), build: failed, counts: counts, steps: []).render()
        #expect(text.contains { $0.contains("did not compile") })
        // The same error in a build that succeeded cannot be: nothing is taken out.
        let built = PackageWalk.Build(mode: "complete", command: [], targets: failed.targets, succeeded: true)
        #expect(PackageCounts(built, matcher: Kit.matcher).targets["Store"]?.compileErrors == nil)
    }
}
