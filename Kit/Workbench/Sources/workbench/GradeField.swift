import Foundation
import MatrixKit

// A field exercise: a field lesson's code in a package of its own (no app, no dependency),
// and a hidden test target where the exercise's probe drives the learner's API through
// seams the harness controls (Kit/Workbench/Grading/Field) and writes one finding a property.

extension Workspace {
    /// The manifest, the harness and the exercise's probe: written before every check.
    func writeFieldPackage(for exercise: Exercise) throws {
        let manifest = """
            // swift-tools-version:6.2
            // Written by Scripts/workbench before every check: not yours to edit. The exercise
            // is Sources/\(exercise.folder); the grading tests are in Tests/.
            import PackageDescription

            let package = Package(
                name: "Exercise",
                platforms: [.macOS(.v15)],
                targets: [
                    .target(name: "Exercise", path: "Sources/\(exercise.folder)", swiftSettings: [.swiftLanguageMode(.v6)]),
                    .testTarget(
                        name: "ExerciseTests", dependencies: ["Exercise"], path: "Tests/ExerciseTests",
                        swiftSettings: [.swiftLanguageMode(.v5)]
                    ),
                ]
            )

            """
        try write(manifest, to: self.exercise.appendingPathComponent("Package.swift"))
        let tests = self.exercise.appendingPathComponent("Tests/ExerciseTests")
        try? fm.removeItem(at: tests)
        try fm.createDirectory(at: tests, withIntermediateDirectories: true)
        var files = ["\(Self.grading)/GradeReport.swift", "\(Self.grading)/FieldPropertyIDs.swift"]
        for folder in [Self.fieldGrading, exercise.fieldProbe] {
            let names = try fm.contentsOfDirectory(atPath: path(folder).path).filter { $0.hasSuffix(".swift") }.sorted()
            files += names.map { "\(folder)/\($0)" }
        }
        for file in files {
            try write(String(contentsOf: path(file), encoding: .utf8), to: tests.appendingPathComponent((file as NSString).lastPathComponent))
        }
        try write("Written by Scripts/workbench. Edit Sources/\(exercise.folder)/\(exercise.file); the rest is written again at every check.\n",
                  to: self.exercise.appendingPathComponent("README"))
    }
}
