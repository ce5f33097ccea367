import Foundation
import MatrixKit
import TrackerSpec

// MARK: progress

/// .workbench/progress: "current SLUG", "done SLUG", "hints SLUG N", one a line.
struct Progress {
    let file: URL
    var current: String?
    var done: Set<String> = []
    var hints: [String: Int] = [:]

    init(file: URL) {
        self.file = file
        for line in ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            switch (words.first, words.count) {
            case ("current", 2): current = words[1]
            case ("done", 2): done.insert(words[1])
            case ("hints", 3): hints[words[1]] = Int(words[2]) ?? 0
            default: break
            }
        }
    }

    func save() {
        var lines = ["# Scripts/workbench's progress; delete this file to start over."]
        if let current { lines.append("current \(current)") }
        lines += done.sorted().map { "done \($0)" }
        lines += hints.sorted { $0.key < $1.key }.map { "hints \($0.key) \($0.value)" }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    }
}

func number(of exercise: Exercise) -> Int { exercise.number }

func exercise(named argument: String, command: String) -> Exercise {
    if let n = Int(argument), (1...Exercises.all.count).contains(n) { return Exercises.all[n - 1] }
    if let found = Exercises.all.first(where: { $0.slug == argument }) { return found }
    badInput("no exercise '\(argument)'; the exercises are 1 to \(Exercises.all.count) (Scripts/workbench list)", command: command)
}

func currentExercise() -> Exercise {
    guard let slug = progress.current, let found = Exercises.all.first(where: { $0.slug == slug }) else {
        fail("no exercise started; pick one with Scripts/workbench list, then Scripts/workbench start SLUG")
    }
    guard FileManager.default.fileExists(atPath: workspace.exercise.appendingPathComponent("Sources/\(found.folder)").path) else {
        fail("exercise \(number(of: found)) has no copy in Exercise/ (deleted?); Scripts/workbench reset sets it up again")
    }
    return found
}
