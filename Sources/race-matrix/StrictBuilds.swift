import Foundation
import MatrixKit
import TrackerSpec

/// Compiles each stage with `-strict-concurrency=complete` in a scratch path of its own,
/// after deleting the stage's compiled files so that every file recompiles and prints its
/// diagnostics again (an up-to-date file prints nothing).
struct StrictBuilds {
    static let scratchPath = ".build-strict"

    let shell: Shell

    func run(stage: Stage) -> Result<[CompilerDiagnostic], RunFailure> {
        let binPath = shell.run(["swift", "build", "--show-bin-path", "--scratch-path", Self.scratchPath])
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
        let diagnostics = CompilerDiagnostics.parse(result.output, target: stage.target)
        // Errors are expected in a Swift 6 mode stage; a failure without any is not.
        guard result.succeeded || diagnostics.contains(where: { $0.severity == "error" }) else {
            return .failure(RunFailure(what: "the strict build of \(stage.target) failed (\(result.failure))", output: result.tail()))
        }
        return .success(diagnostics)
    }

    func build(_ stage: Stage) -> ProcessResult {
        shell.run([
            "swift", "build", "--scratch-path", Self.scratchPath, "--target", stage.target,
            "-Xswiftc", "-strict-concurrency=complete",
        ])
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
