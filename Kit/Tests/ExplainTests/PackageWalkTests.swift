import ExplainKit
import Foundation
import Testing

// `Scripts/explain --package`: the order, the baseline, the manifest, and the fixture
// package Kit/Explain/packages/shop built for real.

typealias Node = MigrationOrder.Node

@Test func aDependencyWhoseTypesTheOthersNameComesFirstThenTheOuterMost() {
    let nodes = [
        Node(name: "Model", dependencies: [], declares: ["Order", "registry"], messages: ["var 'registry' is not concurrency-safe"]),
        Node(name: "Feature", dependencies: ["Model"], declares: ["FeatureView"],
             messages: ["type 'Order' does not conform to the 'Sendable' protocol"]),
        Node(name: "App", dependencies: ["Feature"], declares: [],
             messages: ["reference to var 'registry' is not concurrency-safe because it involves shared mutable state"]),
    ]
    let steps = MigrationOrder.steps(nodes)
    #expect(steps.map(\.target) == ["Model", "App", "Feature"])
    #expect(steps[0].reason == .sharedCause(causedIn: ["Feature": 1, "App": 1], names: ["Order", "registry"]))
    #expect(steps[1].reason == .outermost)
    #expect(steps[2].reason == .afterDependents(["App"]))
}

@Test func withoutASharedCauseTheOrderRunsFromTheOuterMostInward() {
    let nodes = [
        Node(name: "Core", dependencies: [], declares: ["Thing"], messages: []),
        Node(name: "Extension", dependencies: ["Kit"], declares: ["Mine"], messages: ["capture of 'x' with non-Sendable type 'Mine'"]),
        Node(name: "Kit", dependencies: ["Core"], declares: ["Local"], messages: []),
    ]
    #expect(MigrationOrder.steps(nodes).map(\.target) == ["Extension", "Kit", "Core"])
}

@Test func aNameTheUserDeclaresItselfIsNotBlamedOnItsDependency() {
    let nodes = [
        Node(name: "Lib", dependencies: [], declares: ["shared"], messages: []),
        Node(name: "App", dependencies: ["Lib"], declares: ["shared"], messages: ["static property 'shared' is not concurrency-safe"]),
    ]
    #expect(MigrationOrder.steps(nodes).map(\.target) == ["App", "Lib"])
}

@Test func theBaselinePrintsWhatChangedPerTarget() {
    let before = PackageCounts(mode: "complete", targets: [
        "A": .init(total: 5, rows: ["sending-closure": 3, "unknown": 2], reached: true),
        "B": .init(total: 1, rows: ["global-mutable-state": 1], reached: true),
    ])
    let after = PackageCounts(mode: "complete", targets: [
        "A": .init(total: 2, rows: ["sending-closure": 2], reached: true),
        "B": .init(total: 1, rows: ["global-mutable-state": 1], reached: true),
        "C": .init(total: 0, rows: [:], reached: true),
    ])
    #expect(after.changes(since: before) == [
        "A: 5 → 2 (-3): sending-closure 3→2, unknown 2→0", "B: 1, unchanged", "C: new, 0",
    ])
}

@Test func theManifestGivesEachTargetItsSettingsAndItsOwnDependencies() throws {
    let json = """
        {"name": "P", "toolsVersion": {"_version": "6.2.0"}, "targets": [
          {"name": "A", "type": "regular", "dependencies": [{"product": ["Lib", "lib", null, null]}],
           "settings": [{"kind": {"swiftLanguageMode": {"_0": "5"}}, "tool": "swift"}]},
          {"name": "B", "type": "executable", "path": "App", "dependencies": [{"byName": ["A", null]}],
           "settings": [{"kind": {"defaultIsolation": {"_0": "MainActor"}}, "tool": "swift"},
                        {"kind": {"enableUpcomingFeature": {"_0": "InferIsolatedConformances"}}, "tool": "swift"}]}]}
        """
    let manifest = try PackageManifest.decode(Data(json.utf8))
    let a = try #require(manifest.target(named: "A")), b = try #require(manifest.target(named: "B"))
    #expect(a.dependencies.isEmpty && a.path == "Sources/A" && manifest.languageMode(of: a) == "5")
    #expect(b.dependencies == ["A"] && b.path == "App" && manifest.languageMode(of: b) == "6")
    #expect(b.settings.flatMap(\.swiftcFlags)
        == ["-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances"])
}

/// The fixture, built for real (about 10 s): a library in the Swift 5 mode whose global and
/// public struct the other targets trip over, a target with default main-actor isolation.
@Test func theShopFixtureMigratesItsLedgerFirst() throws {
    let package = Kit.root.appendingPathComponent("Kit/Explain/packages/shop")
    let manifest = try PackageManifest.load(packageAt: package)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("explain-package-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let walk = PackageWalk(package: package, scratch: scratch, matcher: Kit.matcher)
    let build = walk.build(manifest, swift6: false)
    let counts = PackageCounts(build, matcher: Kit.matcher)
    #expect(Set(counts.targets.keys) == ["Ledger", "Checkout", "Reports", "ShopApp"])
    #expect(counts.targets.values.allSatisfy { $0.reached && $0.total > 0 })
    #expect(counts.targets["Ledger"]?.rows["global-mutable-state"] == 1)
    // The note "struct 'LineItem' does not conform" is in Ledger's file but Checkout's warning.
    #expect(counts.targets["Ledger"]?.total == 1)
    let steps = MigrationOrder.steps(walk.nodes(manifest, build: build))
    #expect(steps.map(\.target) == ["Ledger", "ShopApp", "Checkout", "Reports"])
    guard case .sharedCause(let causedIn, let names) = steps[0].reason else { Issue.record("\(steps[0])"); return }
    #expect(Set(causedIn.keys) == ["Checkout", "Reports"])
    #expect(names.contains("LineItem") && names.contains("defaultCurrency"))
    let text = PackageReport(manifest: manifest, build: build, counts: counts, steps: steps).render()
    #expect(text.allSatisfy { $0.count <= Report.width })
}

/// The journal fixture (about 25 s, two builds): nothing is a shared cause, so the order
/// runs outer-most first, tests included; in the Swift 6 mode the app's errors stop the
/// build, and the tests not compiled keep their complete-checking counts.
@Test func theJournalFixtureRunsOuterMostFirstAndTheSwift6BuildStopsAtTheApp() throws {
    let package = Kit.root.appendingPathComponent("Kit/Explain/packages/journal")
    let manifest = try PackageManifest.load(packageAt: package)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("explain-journal-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let walk = PackageWalk(package: package, scratch: scratch, matcher: Kit.matcher)
    let complete = walk.build(manifest, swift6: false)
    let counts = PackageCounts(complete, matcher: Kit.matcher)
    #expect(counts.targets.mapValues(\.reached) == ["JournalKit": true, "JournalApp": true, "JournalKitTests": true])
    #expect(counts.targets["JournalKit"]?.total == 0 && counts.targets["JournalKitTests"]?.total == 0)
    #expect((counts.targets["JournalApp"]?.total ?? 0) > 0)
    let nodes = PackageWalk.ownTargets(of: manifest).map {
        MigrationOrder.Node(name: $0.name, dependencies: $0.dependencies, declares: [], messages: [])
    }
    #expect(MigrationOrder.steps(nodes).map(\.target) == ["JournalApp", "JournalKitTests", "JournalKit"])
    let swift6 = PackageCounts(walk.build(manifest, swift6: true), matcher: Kit.matcher)
    #expect(swift6.mode == "swift6")
    #expect(swift6.targets["JournalApp"]?.reached == true && (swift6.targets["JournalApp"]?.total ?? 0) > 0)
    #expect(swift6.targets["JournalKit"]?.reached == true)
}
