import Foundation
import MatrixKit
import TrackerSpec

/// Compiles each stage with `-strict-concurrency=complete` in a scratch path of its own,
/// after deleting the stage's compiled files so that every file recompiles and prints its
/// diagnostics again (an up-to-date file prints nothing).
struct StrictBuilds {
    static let scratchPath = ".build-strict"
    /// The native build system, whatever `KIT_BUILD_SYSTEM` says: the proof below reads its
    /// layout (`<target>.build/<file>.o`) and its log ("Compiling …", "Build of target: …
    /// complete!"), and the compiler's diagnostics are the same under either build system.
    static let buildSystem = ["--build-system", "native"]

    let shell: Shell

    /// The stage's diagnostics, each with its subject resolved, and the proof that the
    /// build compiled every file of the stage: an object file for each, written by this
    /// build, and "Build of target … complete!"; or, for a build that stopped on errors,
    /// the log's compile jobs for the target and errors in its files only.
    func run(stage: Stage) -> Result<(diagnostics: [CompilerDiagnostic], proof: String), RunFailure> {
        let binPath = shell.run(["swift", "build", "--show-bin-path", "--scratch-path", Self.scratchPath] + Self.buildSystem)
        guard binPath.succeeded, let directory = binPath.output.split(separator: "\n").last else {
            return .failure(RunFailure(what: "swift build --show-bin-path: \(binPath.failure)", output: binPath.tail()))
        }
        let products = URL(fileURLWithPath: String(directory)).appendingPathComponent("\(stage.target).build")
        forgetCompiledFiles(in: products)
        var result = build(stage)
        if result.output.contains("unable to load output file map") {
            // The build plan lost a file it wrote when planning: plan again.
            replan()
            result = build(stage)
        }
        let sources = PackageSourceLines(root: shell.directory)
        let diagnostics = CompilerDiagnostics.parse(result.output, target: stage.target).map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.subject = DiagnosticSubjects.subject(of: diagnostic, sources: sources)
            return diagnostic
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: shell.directory.appendingPathComponent("Sources/\(stage.target)").path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        let jobs = result.output.split(separator: "\n").filter { $0.contains("Compiling \(stage.target) ") }.count
        if result.succeeded {
            let missing = files.filter { !FileManager.default.fileExists(atPath: products.appendingPathComponent("\($0).o").path) }
            guard !files.isEmpty, missing.isEmpty, jobs > 0, result.output.contains("Build of target: '\(stage.target)' complete!") else {
                return .failure(RunFailure(
                    what: "the strict build of \(stage.target) did not show that it compiled the stage (no object for \(missing), \(jobs) compile jobs)",
                    output: result.tail()))
            }
            return .success((diagnostics, "\(files.count) of \(files.count) files compiled (\(jobs) compile jobs), build succeeded"))
        }
        // Errors are expected in a Swift 6 mode stage; a failure without any, or with errors
        // outside the stage, is not.
        let errors = diagnostics.filter { $0.severity == "error" }
        let otherErrors = result.output.split(separator: "\n").filter { $0.contains(": error: ") && !$0.contains("Sources/\(stage.target)/") && !$0.hasPrefix(" ") && !$0.hasPrefix("|") }
        guard !errors.isEmpty, otherErrors.isEmpty, jobs > 0 else {
            return .failure(RunFailure(what: "the strict build of \(stage.target) failed (\(result.failure))", output: result.tail()))
        }
        return .success((diagnostics, "\(jobs) compile jobs of \(stage.target) ran; build stopped on \(errors.count) errors, all in the stage's files (Swift 6 mode)"))
    }

    func build(_ stage: Stage) -> ProcessResult {
        shell.run([
            "swift", "build", "--scratch-path", Self.scratchPath, "--target", stage.target,
            "-Xswiftc", "-strict-concurrency=complete",
        ] + Self.buildSystem)
    }

    /// Deletes what compiling the target produced (objects, dependency records, serialized
    /// diagnostics), so that every file compiles again, but keeps what planning wrote
    /// (`output-file-map.json`, `sources`), which the build needs and does not rewrite.
    func forgetCompiledFiles(in products: URL) {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: products.path) else { return }
        guard names.contains("output-file-map.json") else { return replan() }
        for name in names where !["output-file-map.json", "sources"].contains(name) {
            let url = products.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if files.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                try? files.removeItem(at: url)
            }
        }
    }

    /// Makes the next build plan again, rewriting every target's planning files.
    func replan() {
        try? FileManager.default.removeItem(at: shell.directory.appendingPathComponent(Self.scratchPath).appendingPathComponent("debug.yaml"))
    }
}
