import Foundation

/// `Scripts/explain --package PATH [--swift6] [--baseline FILE]`, called from explain's
/// main with the arguments after `--package`; returns the exit status.
public enum PackageCommand {
    public static let usage = """
        Usage: Scripts/explain --package PATH [--swift6] [--baseline FILE]

        Builds your SwiftPM package at PATH with complete concurrency checking (--swift6: in
        the Swift 6 mode too) without editing it: the flags come from outside (-Xswiftc) and
        the build goes to a scratch folder of the kit's (.build-explain-package). Counts the
        diagnostics per target and per kind of the router's table, and prints the order to
        migrate the targets in, with the reason for each step. --baseline FILE saves the
        counts to FILE; when FILE exists, prints first what changed per target since then.
        Each module is named as its compilation starts. Exit: 0 when the package was built and
        counted, 1 when a target did not compile (errors that are not concurrency diagnostics:
        said, not counted), 2 for bad input, 3 when the build could not start.
        """

    public static func run(_ arguments: [String], root: URL, table: Table, callerDirectory: URL) -> Int32 {
        var swift6 = false
        var baseline: URL?
        var path: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--swift6": swift6 = true
            case "--baseline":
                guard let file = rest.popFirst(), !file.hasPrefix("-") else { return fail("--baseline needs a FILE") }
                baseline = URL(fileURLWithPath: file, relativeTo: callerDirectory).standardizedFileURL
            default:
                guard !argument.hasPrefix("-"), path == nil else { return fail("unexpected \(argument)") }
                path = argument
            }
        }
        guard let path else { return fail("--package needs the PATH of a package") }
        let package = URL(fileURLWithPath: path, relativeTo: callerDirectory).standardizedFileURL
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            return fail("\(package.path) has no Package.swift")
        }
        var before: PackageCounts?
        if let baseline, FileManager.default.fileExists(atPath: baseline.path) {
            guard let saved = try? PackageCounts.load(from: baseline) else {
                return fail("\(baseline.path) is not a baseline this command wrote")
            }
            before = saved
        }
        let manifest: PackageManifest
        do { manifest = try PackageManifest.load(packageAt: package) } catch { return fail("\(error)", status: 3) }
        let matcher = Matcher(table)
        let walk = PackageWalk(package: package, scratch: root.appendingPathComponent(".build-explain-package"), matcher: matcher)
        let own = Set(PackageWalk.ownTargets(of: manifest).map(\.name))
        let progress: (String) -> Void = { name in log("  compiling \(name)\(own.contains(name) ? "" : " (a dependency)")") }
        log("building \(manifest.name) with complete checking ...")
        let complete = walk.build(manifest, swift6: false, progress: progress)
        // A build that failed with no diagnostic of the package's own (a missing dependency,
        // a manifest error) counts nothing: say so rather than print zeros.
        if !complete.succeeded, complete.targets.allSatisfy(\.entries.isEmpty) {
            return fail("the build failed before any diagnostic of the package's own; its log: "
                + (complete.log?.path ?? "(not kept)"), status: 3)
        }
        var build = complete
        var fallback: PackageCounts?
        if swift6 {
            log("building \(manifest.name) in the Swift 6 mode ...")
            build = walk.build(manifest, swift6: true, progress: progress)
            fallback = PackageCounts(complete, matcher: matcher)
        }
        let completeCounts = PackageCounts(complete, matcher: matcher)
        var counts = PackageCounts(build, matcher: matcher)
        for name in completeCounts.failedTargets { counts.targets[name] = completeCounts.targets[name] }
        // A target the Swift 6 build did not reach keeps its complete-checking counts, marked so.
        for (name, target) in counts.targets where !target.reached {
            if let earlier = fallback?.targets[name] { counts.targets[name] = .init(total: earlier.total, rows: earlier.rows, reached: false) }
        }
        // The order reads the complete-checking build, which reaches the most targets.
        let nodes = walk.nodes(manifest, build: complete)
        if let baseline, let before {
            print("Since \(baseline.lastPathComponent):")
            counts.changes(since: before).forEach { print("  \($0)") }
            print("")
        }
        var report = PackageReport(manifest: manifest, build: build, counts: counts,
                                   steps: MigrationOrder.steps(nodes), fallback: fallback)
        report.table = table
        report.render().forEach { print($0) }
        if let baseline {
            do { try counts.save(to: baseline) } catch { return fail("cannot write \(baseline.path): \(error)", status: 3) }
            print("\nThe counts are saved in \(baseline.path); run again with --baseline to see what changed.")
        }
        let failed = completeCounts.failedTargets
        guard failed.isEmpty else {
            let first = complete.targets.first { failed.contains($0.target.name) }
                .flatMap { PackageWalk.compileErrors($0.entries, buildFailed: true, matcher: matcher).first }
            log("the build failed: \(failed.joined(separator: ", ")) did not compile"
                + (first.map { " (first error: \($0.location.map { "\($0): " } ?? "")\($0.message))" } ?? "")
                + "; `swift build` shows why. Its errors are not counted as concurrency diagnostics.")
            return 1
        }
        return 0
    }

    static func log(_ text: String) { FileHandle.standardError.write(Data("explain: \(text)\n".utf8)) }

    static func fail(_ message: String, status: Int32 = 2) -> Int32 {
        FileHandle.standardError.write(Data("explain: \(message)\n\n\(status == 2 ? usage + "\n" : "")".utf8))
        return status
    }
}
