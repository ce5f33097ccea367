import Foundation
import Manifest

/// What one kind of exercise provides: its starting state, its package manifest and its
/// findings. The kind is decided once (`Exercise.room`); nothing else asks what kind an
/// exercise is. RoomApp.swift: a stage of the app; RoomTest.swift: a test the learner
/// writes against a stage; RoomField.swift: a field lesson's own code, with no app.
protocol Room {
    var exercise: Exercise { get }
    /// Its build's scratch path, from the kit's root.
    var scratch: String { get }
    /// Whether the answer runs app code the learner changed: then the behaviour checks and
    /// the explored days grade it, and `verify` records the solution's broken invariants.
    var runsApp: Bool { get }
    /// `describe`'s "It starts from:" and `list`'s column.
    var startsFrom: String { get }
    var listed: String { get }
    /// Writes the starting sources into `package`/Sources (replaced).
    func startingState(in package: URL, _ workspace: Workspace) throws
    /// The manifest and the grading tests: written before every check, whatever was edited.
    func writePackage(_ workspace: Workspace) throws
    /// The lines graded by running something, once the package built.
    func grade(_ run: GradingRun, into grade: inout Grade)
}

extension Exercise {
    /// The one switch on an exercise's kind.
    var room: any Room {
        switch (kind ?? .stage, test) {
        case (.field, _): FieldRoom(exercise: self)
        case (.stage, let test?): TestRoom(exercise: self, test: test)
        case (.stage, nil): AppRoom(exercise: self)
        }
    }
}

extension Workspace {
    /// Writes `manifest` as the package's Package.swift where it changed (keeps the build up to date).
    func write(_ manifest: ManifestText, in package: URL) throws {
        try write(manifest.text, to: package.appendingPathComponent("Package.swift"))
    }

    /// Makes `tests` hold exactly `files` (paths from the kit's root), by their names.
    func writeGradingTests(_ files: [String], to tests: URL) throws {
        try fm.createDirectory(at: tests, withIntermediateDirectories: true)
        let names = Set(files.map { ($0 as NSString).lastPathComponent })
        // Another kind's harness, left by the exercise before, would not build here.
        for stale in (try? fm.contentsOfDirectory(atPath: tests.path)) ?? [] where !names.contains(stale) {
            try fm.removeItem(at: tests.appendingPathComponent(stale))
        }
        for file in files {
            try write(String(contentsOf: path(file), encoding: .utf8), to: tests.appendingPathComponent((file as NSString).lastPathComponent))
        }
    }

    /// The README beside the manifest.
    func writeReadme(_ exercise: Exercise, besides: String = "") throws {
        try write("Written by Scripts/workbench. Edit Sources/\(exercise.folder)/\(exercise.file)\(besides); the rest is written again at every check.\n",
                  to: self.exercise.appendingPathComponent("README"))
    }
}
