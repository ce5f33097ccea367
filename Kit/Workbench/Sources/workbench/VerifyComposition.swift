import Foundation
import MatrixKit
import TrackerSpec

/// A step that exercises make together: the previous stage with their solutions is the next stage.
struct CompositionCheck {
    let composition: StepComposition
    let tally: VerifyTally

    func run() {
        let parts = composition.exercises.compactMap { slug in Exercises.all.first { $0.slug == slug } }
        let folder = parts.first?.folder ?? Stage.all[composition.from].target
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-compose-\(getpid())")
        try? FileManager.default.removeItem(at: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let shell = Shell(directory: scratch, scratch: FileManager.default.temporaryDirectory)
        let names = composition.exercises.joined(separator: ", ")
        do {
            try FileManager.default.createDirectory(at: scratch.appendingPathComponent("Sources"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: root.appendingPathComponent("Sources/\(Stage.all[composition.from].target)"),
                to: scratch.appendingPathComponent("Sources/\(folder)"))
            for part in parts {
                let result = shell.run(["patch", "-p1", "-s", "-f", "--no-backup-if-mismatch", "-i", root.appendingPathComponent(part.solutionPatch).path])
                if !result.succeeded { throw WorkbenchError("\(part.slug)'s solution does not apply: \(result.tail(4))") }
            }
            let diff = shell.run(["diff", "-ru", scratch.appendingPathComponent("Sources/\(folder)").path,
                                  root.appendingPathComponent("Sources/\(Stage.all[composition.to].target)").path])
            // The step's target language mode must be one some exercise builds in.
            let modes = Set(parts.map(\.settings.languageMode))
            let expectedMode = (try? StageSettings.of(stage: composition.to, root: root).languageMode) ?? "?"
            if !diff.succeeded {
                tally.failures.append("step \(composition.step): stage \(composition.from) with the solutions of \(names) is not stage \(composition.to):\n\(diff.tail(20))")
                print("== step \(composition.step): the solutions of \(names) on stage \(composition.from) differ from stage \(composition.to)")
            } else if !modes.contains(expectedMode) && expectedMode != "5" {
                tally.failures.append("step \(composition.step): no exercise builds in the Swift \(expectedMode) language mode")
            } else {
                print("== step \(composition.step): stage \(composition.from) + the solutions of \(names) = stage \(composition.to)")
            }
        } catch {
            tally.failures.append("step \(composition.step): \(error)")
        }
    }
}
