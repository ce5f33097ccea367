import Foundation

/// `Scripts/explain --package`: builds a learner's package from outside (its manifest and
/// sources untouched; the checking level given as `-Xswiftc` flags; a scratch path of the
/// kit's own) and sorts each diagnostic to the target whose file it is in.
public struct PackageWalk {
    public struct TargetResult: Sendable {
        public var target: PackageManifest.Target
        /// Its diagnostics (each with the notes and excerpt lines printed after it).
        public var entries: [Entry]
        /// Was it compiled in this build? After an error SwiftPM starts no new compilation:
        /// the targets that depend on the failed one, and maybe others, are not reached.
        public var reached: Bool

        public init(target: PackageManifest.Target, entries: [Entry], reached: Bool) {
            (self.target, self.entries, self.reached) = (target, entries, reached)
        }
    }

    public struct Build: Sendable {
        public var mode: String
        public var command: [String]
        public var targets: [TargetResult]
        public var succeeded: Bool
        /// The build's log, kept for `Scripts/explain FILE` (each kind's meaning and fixes).
        public var log: URL?

        public init(mode: String, command: [String], targets: [TargetResult], succeeded: Bool, log: URL? = nil) {
            (self.mode, self.command, self.targets, self.succeeded, self.log) = (mode, command, targets, succeeded, log)
        }
    }

    public let package: URL
    public let scratch: URL
    let matcher: Matcher

    public init(package: URL, scratch: URL, matcher: Matcher) {
        self.package = package
        self.scratch = scratch
        self.matcher = matcher
    }

    /// The targets a migration orders: the package's own Swift code (no plugins, binaries,
    /// system libraries).
    public static func ownTargets(of manifest: PackageManifest) -> [PackageManifest.Target] {
        manifest.targets.filter { ["regular", "executable", "test"].contains($0.type) }
    }

    /// One clean build of every target (tests too) with complete checking, in the Swift 6
    /// mode when `swift6`. Cleaning first makes every file compile again, so every
    /// diagnostic is printed again (the checkouts of remote dependencies are kept).
    /// `progress` hears each module's name when its compilation starts (the package's
    /// targets and its dependencies), so a long build shows where it is.
    public func build(_ manifest: PackageManifest, swift6: Bool, progress: ((String) -> Void)? = nil) -> Build {
        // The build system the kit's scripts were asked for (KIT_BUILD_SYSTEM; Kit/MAINTAINERS.md,
        // "Build systems"); unset, SwiftPM's default.
        let system = ProcessInfo.processInfo.environment["KIT_BUILD_SYSTEM"].flatMap { $0.isEmpty ? nil : ["--build-system", $0] } ?? []
        let base = ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path] + system
        _ = Run.command(["swift", "package", "--package-path", package.path, "--scratch-path", scratch.path, "clean"], in: package)
        var flags = ["-Xswiftc", "-strict-concurrency=complete"]
        if swift6 { flags += ["-Xswiftc", "-swift-version", "-Xswiftc", "6"] }
        let targets = Self.ownTargets(of: manifest)
        let tests = targets.contains { $0.type == "test" } ? ["--build-tests"] : []
        let command = base + tests + flags
        var started: Set<String> = []
        let run = Run.command(command, in: package) { line in
            if let name = Self.compiledTarget(line), started.insert(name).inserted { progress?(name) }
        }
        let mode = swift6 ? "swift6" : "complete"
        let log = scratch.appendingPathComponent("\(mode).log")
        let kept = (try? run.output.write(to: log, atomically: true, encoding: .utf8)) != nil
        return Build(mode: mode, command: command, targets: attribute(run.output, to: targets, succeeded: run.status == 0),
                     succeeded: run.status == 0, log: kept ? log : nil)
    }

    /// Splits the log into blocks (a diagnostic line and what follows it up to the next),
    /// gives each block to the target whose folder holds its file, and reads each
    /// target's blocks as `explain` reads a log.
    /// A target counts as compiled when the log shows it compiling (the native build
    /// system's "Compiling X" lines; Swift Build prints only task counts, "[46/100] X 36 / 77",
    /// some before the target compiles), when it has a diagnostic, or when the whole build
    /// `succeeded`.
    func attribute(_ log: String, to targets: [PackageManifest.Target], succeeded: Bool = false) -> [TargetResult] {
        let folders = targets.map { (target: $0, prefix: package.appendingPathComponent($0.path).standardizedFileURL.path + "/") }
        var blocks: [String: [Substring]] = [:]
        var current: String?
        var compiled: Set<String> = []
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            // "[7/13] Compiling Ledger Ledger.swift", "Emitting module Ledger"
            if let name = Self.compiledTarget(line) { compiled.insert(name) }
            if line.hasPrefix("/"), line.contains(": error: ") || line.contains(": warning: ") {
                current = folders.first { line.hasPrefix($0.prefix) }?.target.name
            } else if line.hasPrefix("/"), line.contains(": note: ") || line.contains(": remark: ") {
                // A note belongs to the diagnostic before it, wherever its own file is.
            } else if !line.hasPrefix(" "), !line.hasPrefix("|"), line.range(of: #"^\d+ \|"#, options: .regularExpression) == nil {
                current = nil
            }
            if let current { blocks[current, default: []].append(line) }
        }
        return targets.map { target in
            let text = (blocks[target.name] ?? []).joined(separator: "\n")
            return TargetResult(target: target, entries: LogReader.entries(in: text, matcher: matcher, single: false),
                                reached: succeeded || compiled.contains(target.name) || blocks[target.name] != nil)
        }
    }

    /// The targets as the migration order reads them: dependencies, declarations, messages.
    public func nodes(_ manifest: PackageManifest, build: Build) -> [MigrationOrder.Node] {
        Self.ownTargets(of: manifest).map { target in
            MigrationOrder.Node(
                name: target.name, dependencies: target.dependencies,
                declares: Declarations.names(inFolder: package.appendingPathComponent(target.path)),
                messages: build.targets.first { $0.target.name == target.name }.map {
                    Self.concurrencyEntries($0.entries, buildFailed: !build.succeeded && build.mode == "complete",
                                            matcher: matcher).map(\.message)
                } ?? [])
        }
    }

    /// A failed build's errors no row of the table knows: the target did not compile (a
    /// syntax error, a missing declaration), which says nothing about its concurrency.
    public static func compileErrors(_ entries: [Entry], buildFailed: Bool, matcher: Matcher) -> [Entry] {
        guard buildFailed else { return [] }
        return entries.filter { $0.severity == "error" && matcher.row(for: $0) == nil }
    }

    /// The entries that count as the target's concurrency diagnostics: all but `compileErrors`.
    public static func concurrencyEntries(_ entries: [Entry], buildFailed: Bool, matcher: Matcher) -> [Entry] {
        let failures = Set(compileErrors(entries, buildFailed: buildFailed, matcher: matcher))
        return entries.filter { !failures.contains($0) }
    }

    static func compiledTarget(_ line: Substring) -> String? {
        var rest = line
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") { rest = rest[rest.index(after: close)...].dropFirst() }
        for verb in ["Compiling ", "Emitting module "] where rest.hasPrefix(verb) {
            return rest.dropFirst(verb.count).split(separator: " ").first.map(String.init)
        }
        return nil
    }
}
