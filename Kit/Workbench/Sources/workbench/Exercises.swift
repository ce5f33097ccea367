import Foundation
import TrackerSpec

// The exercises: each one's exercise.json (what grades it), README.md (title, task, hints) and
// patches, in its folder Kit/Workbench/Exercises/SLUG/, numbered by their "number".
enum Exercises {
    static let folder = "Kit/Workbench/Exercises"

    static let all: [Exercise] = {
        do { return try load(from: root.appendingPathComponent(folder)) } catch { fail("\(error)") }
    }()

    /// Every SLUG/exercise.json under `folder`, in number order; numbers 1…N each once, slugs
    /// equal to their folders.
    static func load(from folder: URL) throws -> [Exercise] {
        let fm = FileManager.default
        let slugs = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            fm.fileExists(atPath: folder.appendingPathComponent("\($0)/exercise.json").path)
        }
        let exercises = try slugs.map { slug -> Exercise in
            let path = "\(Exercises.folder)/\(slug)/exercise.json"
            do {
                let exercise = try JSONDecoder().decode(Exercise.self, from: Data(contentsOf: folder.appendingPathComponent("\(slug)/exercise.json")))
                guard exercise.slug == slug else { throw WorkbenchError("its slug is \"\(exercise.slug)\", not its folder's name") }
                guard Stage.all.indices.contains(exercise.stage), Stage.all.indices.contains(exercise.settingsOfStage) else {
                    throw WorkbenchError("no stage \(exercise.stage) or \(exercise.settingsOfStage)")
                }
                return exercise
            } catch let error as DecodingError {
                throw WorkbenchError("\(path): \(describe(error))")
            } catch {
                throw WorkbenchError("\(path): \(error)")
            }
        }.sorted { $0.number < $1.number }
        let numbers = exercises.map(\.number)
        guard numbers == Array(1...max(1, exercises.count)) || exercises.isEmpty else {
            throw WorkbenchError("\(Exercises.folder)/*/exercise.json: the numbers are \(numbers), not 1 to \(exercises.count) each once")
        }
        return exercises
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let at = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return (at.isEmpty ? "" : "at \(at): ") + context.debugDescription
        @unknown default: return "\(error)"
        }
    }

    static let compositions: [StepComposition] = [
        // Stage 1 to stage 2 is the anchor exercise's solution.
        StepComposition(step: 2, from: 1, to: 2, exercises: ["anchor-race"]),
        // Stage 4 to stage 5 is exactly these three exercises' solutions.
        StepComposition(step: 5, from: 4, to: 5, exercises: ["join-load", "swift6-mode", "retire-shim"]),
    ]
}
