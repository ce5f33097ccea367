import Foundation
import MatrixKit
import TrackerSpec

/// A grade: one finding (GradeReport.swift) a line, each with the subject it judges: a
/// signal's, "behaviour" for every behaviour check, "build" for the build.
struct Grade {
    var findings: [Finding] = []
    var built = true
    var passed: Bool { findings.allSatisfy { $0.verdict == .pass } }
    var seconds: Double = 0
    /// The race scenarios' TSan reports, by row (for `verify`'s record of the solution's).
    var raceReports: [String: [TSanReport]] = [:]
    /// Every invariant an explored day broke, excused by the solution or not (for `verify`'s record of the solution's).
    var brokenInvariants: Set<String> = []
    /// What each explored day broke, by seed: ids and "ID|WITNESS" (for `verify`'s record).
    var exploredDays: [String: [String]] = [:]

    func finding(_ subject: Subject) -> Finding? { findings.first { $0.subject == subject } }

    /// Something was left unjudged (an error: a check's wait that timed out on a busy
    /// machine, a process the workbench stopped) and nothing was judged to fail.
    var unjudgedOnly: Bool { findings.contains { $0.verdict == .error } && !findings.contains { $0.verdict == .fail } }
}

extension Grader {
    /// `verify`'s grade: measured again, twice at most, while a part was left unjudged and
    /// nothing failed, so that a busy machine's timeout is never taken for a verdict. (A
    /// learner's `check` shows such a grade as it is, with its reason.)
    func judgedGrade(_ exercise: Exercise, focus: Subject? = nil) -> Grade {
        var grade = self.grade(exercise, focus: focus)
        for _ in 0..<2 where grade.unjudgedOnly {
            print("   (a part was not judged: graded again)")
            grade = self.grade(exercise, focus: focus)
        }
        return grade
    }
}

/// Builds the exercise package, runs what the exercise's signals need, and grades.
struct Grader {
    let workspace: Workspace
    var verbose = false
    /// The explored days of the invariants' line (`check --seed S` plays one).
    var seeds = ExploredSeeds()
    /// Set while `verify` records the solution's broken invariants: nothing is excused.
    var recordingBaseline = false
    /// Whether a broken invariant's order is shrunk to its shortest: for a learner, who reads
    /// it; `verify` judges verdicts only (a shrink replays days: a minute on stages 0-3).
    var shrinks = true

    /// The title of a signal's line in a grade, for people (a wrong answer's "Fails on:" names its subject).
    static func title(of signal: Signal, in exercise: Exercise) -> String {
        switch signal {
        case .builds: "it builds in \(exercise.settings.words)"
        case .noWarnings: "it builds with no warning in Exercise/Sources/\(exercise.editedFolder)"
        case .diagnostic(let text): "the diagnostic \"\(text)\" is gone"
        case .absent(_, _, let what): what
        case .untouched: "\(signal)"
        case .row(let id): "the suite no longer sees `\(id)`"
        case .check(let check): "the workbench's check \"\(check.name)\" passes"
        case .race(let id): "the race scenario of `\(id)` runs clean under ThreadSanitizer"
        case .behaviour: "\(signal)"
        case .noTrap: "no runtime check stops the app"
        case .testPasses: "your test passes on stage \(exercise.stage) as it is"
        case .testCatchesMutant: "your test fails on every copy of stage \(exercise.stage) with a defect planted (\(exercise.test?.mutants.count ?? 0) copies)"
        case .launchGlobalQuiet, .launchGlobalIsolated: "\(signal)"
        case .field(let property): property.name
        }
    }
    static let behaviourTitle = "every behaviour check still passes"
    /// The line of every behaviour check at once.
    static let behaviourSubject = Subject(.behaviour)

    /// Grades `exercise`: the full grade a learner gets. With `focus` (a wrong answer's
    /// "Fails on:" subject, for `verify`), runs only the checks of that line, and the behaviour checks only up to their first failure: verify needs that line
    /// to fail for its reason, and a wrong answer that breaks the launch would otherwise
    /// wait out every check's timeout. The build's lines are always graded (they cost nothing).
    /// The steps: build (GradeBuild.swift), run (GradeRun.swift), races (GradeRaces.swift),
    /// verdict (GradeVerdict.swift).
    func grade(_ exercise: Exercise, focus: Subject? = nil) -> Grade {
        let started = Date()
        var grade = Grade()
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        do { try workspace.writePackage(for: exercise) } catch {
            grade.findings.append(Finding(Subject(.package), .error, title: "the exercise package", details: ["\(error)"]))
            return grade
        }
        let run = GradingRun(grader: self, exercise: exercise, focus: focus, tmp: tmp)
        // The build's lines; then, if it built, the room's (what runs).
        let build = self.build(run)
        grade.built = build.result.succeeded
        grade.findings = buildFindings(run, build)
        if build.result.succeeded {
            run.exercise.room.grade(run, into: &grade)
        } else {
            grade.findings += unbuiltFindings(run, build, graded: grade.findings)
        }
        grade.seconds = Date().timeIntervalSince(started)
        return grade
    }
}

/// One grade in progress: the exercise, which of its lines are measured, where it builds.
struct GradingRun {
    let grader: Grader
    let exercise: Exercise
    let focus: Subject?
    let tmp: URL
    var shell: Shell { Shell(directory: grader.workspace.exercise, scratch: tmp) }
    var graded: [Signal] { exercise.graded }
    /// The exercise package's scratch path, from Exercise/.
    var scratch: String { "../" + exercise.room.scratch }
    static let notMeasured = "not measured: verify grades this wrong answer on the line it names only"

    func measured(_ index: Int) -> Bool { focus.map { graded[index].subject == $0 } ?? true }

    /// A behaviour signal is measured (verify named it): then every behaviour check runs to its end.
    var namedBehaviour: Bool {
        // verify names a shared check a wrong answer breaks (`Fails on: behaviour:ID`), signal or not.
        if let focus, focus.kind == .behaviour, !focus.id.isEmpty { return true }
        return graded.indices.contains { index in
            switch graded[index] {
            case .behaviour, .noTrap: measured(index)
            default: false
            }
        }
    }

    /// The invariants over explored days: in every grade of an answer that runs the app; in
    /// `verify`'s grade of a wrong answer only when its "Fails on:" names an invariant (the
    /// others already fail on their own line, and exploring costs seconds a day).
    var measuresInvariants: Bool { exercise.room.runsApp && (focus.map { $0.kind == .invariant } ?? true) }

    var measuresBehaviour: Bool { focus.map { $0 == Grader.behaviourSubject } ?? true || namedBehaviour }
}
