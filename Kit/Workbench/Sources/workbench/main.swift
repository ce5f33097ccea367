import Foundation
import MatrixKit
import TrackerSpec

// Scripts/workbench: graded exercises on real intermediate states. The exercise table is
// Exercises.swift; the grading (build, the shared checks, TSan, diagnostics) is Grader.swift.

setvbuf(stdout, nil, _IOLBF, 0)  // line by line, also into a pipe or a log

let usage = """
    Usage: Scripts/workbench COMMAND [OPTIONS]

      list               every exercise: its number, step, title, done or not
      start N            sets up exercise N in Exercise/ (your copy; the stages are not touched)
      check [--raw]      grades the current exercise and says what still fails
      hint               the next hint (a nudge, then the place, then the technique)
      solution [--reveal] [--apply]
                         the solution, once the exercise passed (or with --reveal);
                         --apply applies it to your copy
      reset              puts the current exercise back to its starting state
      watch              checks again whenever a file of the exercise is saved
      verify [N...] [--quick] [--no-wrong-answers] [--start-solved] [--broken-solution]
             [--solution-as-wrong] [--wrong-as-right]
                         for authors and CI: each exercise fails unsolved for its own
                         reason, fails each wrong answer for the right reason, and passes
                         solved; the steps they make, rebuilt

    COMMAND --help says more. Progress is kept in .workbench/progress (delete it to start over).
    """

let help: [String: String] = [
    "list": "Usage: Scripts/workbench list\n\nEvery exercise: its number, the step it belongs to, its title, and whether you passed it.",
    "start": """
        Usage: Scripts/workbench start N

        Copies the stage folder exercise N starts from into Exercise/Sources/, applies the
        patches that make its starting state, and makes it the current exercise. Edit the file
        it names; the stages in Sources/, `tracker` and `swift test` are not touched.
        If your copy of the current exercise holds edits, it is moved first to
        .workbench/backups/DATE-SLUG/Sources (the command says so), never thrown away.
        """,
    "check": """
        Usage: Scripts/workbench check [--raw]

        Builds your copy (only the exercise and what it needs, in .build-workbench or, for a
        race, .build-workbench-tsan) and grades it by the signals of its step: the catalogue
        row's defect check, the race scenario under ThreadSanitizer, the named diagnostic,
        the build, and always every behaviour check. Prints what passes and what still fails.
        --raw also prints the ThreadSanitizer reports as TSan wrote them.
        Exit status: 0 when the exercise passes, 1 when it does not, 2 for bad input.
        """,
    "hint": "Usage: Scripts/workbench hint\n\nThe next hint for the current exercise: first a nudge, then the place, then the technique.\nAfter the third, `hint` repeats them all.",
    "solution": """
        Usage: Scripts/workbench solution [--reveal] [--apply]

        Prints the solution of the current exercise as a patch, once `check` passed for it.
        --reveal shows it before that. --apply applies it to your copy in Exercise/.
        """,
    "reset": "Usage: Scripts/workbench reset\n\nPuts Exercise/ back to the current exercise's starting state. Your edits, if any, are moved to\n.workbench/backups/DATE-SLUG/Sources first.",
    "watch": """
        Usage: Scripts/workbench watch [--interval SECONDS]

        Checks the current exercise, then again each time a file under Exercise/Sources is
        saved with a change (a file touched but unchanged is no edit). Uses inotifywait when it is installed; otherwise polls every SECONDS (1).
        Stop it with Ctrl-C.
        """,
    "verify": """
        Usage: Scripts/workbench verify [N...] [--quick] [--no-wrong-answers]
                                       [--start-solved] [--broken-solution] [--solution-as-wrong]
                                       [--wrong-as-right]

        For authors and CI. For each exercise (or those given): its starting state must fail
        on every one of its signals and on nothing else (the behaviour checks pass, unless the
        build is the signal); each of its wrong answers (at least two, wrong-*.patch beside
        the solution) must fail on the line its header names, saying what it says (only that
        line's checks are run, the behaviour checks up to the first that fails; `check` runs
        them all); each of its right answers other than the solution (right-*.patch) must
        pass the full grade; and its solution must pass. Then each step that exercises make
        together is rebuilt from the previous stage with their solutions and compared with the
        next stage's folder. --quick verifies one exercise per kind of signal (what CI runs).
        --no-wrong-answers skips the wrong and right answers. --start-solved, --broken-solution,
        --solution-as-wrong and --wrong-as-right sabotage the exercises on purpose (the start
        already solved, the solution replaced by no change, the solution posing as a wrong
        answer, the first wrong answer posing as a right one): verify must then fail. Uses Exercise/ as its workspace; your progress is kept, and your edited
        copy is moved to .workbench/backups/ first.
        """,
]

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("workbench: \(message)\n".utf8))
    exit(status)
}

func badInput(_ message: String, command: String? = nil) -> Never {
    FileHandle.standardError.write(Data("workbench: \(message)\n\n\(command.flatMap { help[$0] } ?? usage)\n".utf8))
    exit(2)
}

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

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let workspace = Workspace(root: root)
var progress = Progress(file: workspace.state.appendingPathComponent("progress"))

func number(of exercise: Exercise) -> Int { Exercises.all.firstIndex { $0.slug == exercise.slug }! + 1 }

func exercise(named argument: String, command: String) -> Exercise {
    if let n = Int(argument), (1...Exercises.all.count).contains(n) { return Exercises.all[n - 1] }
    if let found = Exercises.all.first(where: { $0.slug == argument }) { return found }
    badInput("no exercise '\(argument)'; the exercises are 1 to \(Exercises.all.count) (Scripts/workbench list)", command: command)
}

func currentExercise() -> Exercise {
    guard let slug = progress.current, let found = Exercises.all.first(where: { $0.slug == slug }) else {
        fail("no exercise started; pick one with Scripts/workbench list, then Scripts/workbench start N")
    }
    guard FileManager.default.fileExists(atPath: workspace.exercise.appendingPathComponent("Sources/\(found.folder)").path) else {
        fail("exercise \(number(of: found)) has no copy in Exercise/ (deleted?); Scripts/workbench reset sets it up again")
    }
    return found
}

func describe(_ exercise: Exercise) {
    print("Exercise \(number(of: exercise)) (step \(exercise.step)): \(exercise.title)")
    print("")
    print(exercise.task)
    print("")
    print("It starts from: stage \(exercise.stage) (Sources/\(Stage.all[exercise.stage].target))"
        + (exercise.startPatches.isEmpty ? "" : ", with \(exercise.startPatches.joined(separator: ", "))")
        + ", in \(exercise.mode.rawValue).")
    print("Edit:  \(exercise.sourcePath)")
    print("Done when:")
    for signal in exercise.signals { print("  - \(signal)") }
    // A test exercise leaves the app as it is: the behaviour checks have nothing to grade.
    if exercise.test == nil { print("  - every behaviour check still passes") }
    for signal in exercise.guards { print("  - and still: \(signal)") }
    print("")
    print("Then: Scripts/workbench check   (or watch; hint for a hint)")
}

func printGrade(_ grade: Grade, _ exercise: Exercise) {
    for finding in grade.findings {
        let mark = switch finding.status { case .pass: "PASS"; case .fail: "FAIL"; case .notMeasured: " -- " }
        print("\(mark)  \(finding.title)")
        for detail in finding.details { print("        \(detail.replacingOccurrences(of: "\n", with: "\n        "))") }
    }
    print("")
    if grade.passed {
        print("Exercise \(number(of: exercise)) passes (checked in \(String(format: "%.1f", grade.seconds)) s). `Scripts/workbench solution` shows the kit's solution to compare.")
    } else {
        print("Not yet (checked in \(String(format: "%.1f", grade.seconds)) s). Edit \(exercise.sourcePath) and check again; `Scripts/workbench hint` helps.")
    }
}

func check(raw: Bool) -> Bool {
    let exercise = currentExercise()
    print("Checking exercise \(number(of: exercise)): \(exercise.title) ...")
    let grade = Grader(workspace: workspace, verbose: raw).grade(exercise)
    printGrade(grade, exercise)
    if grade.passed {
        progress = Progress(file: progress.file)
        progress.done.insert(exercise.slug)
        progress.save()
    }
    return grade.passed
}

/// Moves the learner's edited copy of `exercise` out of the way before Exercise/ is written
/// again, and says where it went. Never asks: a backup loses nothing, in a terminal or not.
func keepEdits(of exercise: Exercise) {
    do {
        guard let backup = try workspace.backUpEdits(of: exercise) else { return }
        let folder = String(backup.folder.path.dropFirst(root.path.count + 1))
        print("Your edits to exercise \(number(of: exercise)) (\(backup.files.joined(separator: ", "))) are kept in \(folder)/Sources.")
        print("To go on with them later: Scripts/workbench start \(number(of: exercise)), then copy them back into Exercise/Sources.\n")
    } catch {
        fail("could not keep your edits to exercise \(number(of: exercise)) (\(error)); Exercise/ is left as it was")
    }
}

// MARK: verify

/// What the starting state must show: every signal fails, and nothing else does.
func startFailsForItsReason(_ grade: Grade, _ exercise: Exercise) -> [String] {
    var problems: [String] = []
    for (index, signal) in exercise.signals.enumerated() {
        let finding = grade.findings.first { $0.signal == index }
        if finding?.status != .fail {
            if case .diagnostic = signal, !grade.built, finding?.status == .notMeasured { continue }
            problems.append("the start does not fail on its signal: \(signal) (\(finding.map { "\($0.status)" } ?? "not measured"))")
        }
    }
    for (offset, signal) in exercise.guards.enumerated() {
        if let finding = grade.findings.first(where: { $0.signal == exercise.signals.count + offset }), finding.status == .fail {
            problems.append("the start fails a guard, which every answer must keep: \(signal): \(finding.details.joined(separator: "; "))")
        }
    }
    let buildIsTheSignal = exercise.signals.contains { if case .builds = $0 { true } else { false } }
    let trapIsTheSignal = exercise.signals.contains { if case .noTrap = $0 { true } else { false } }
    for finding in grade.findings where finding.signal == nil && finding.status == .fail {
        // The trap that is the signal stops the behaviour checks too; a check that fails is another reason.
        if trapIsTheSignal, finding.title.hasPrefix("every behaviour"), finding.details.first?.hasPrefix("the checks stopped in") == true { continue }
        if case .behaviour = exercise.signals.first, finding.title.hasPrefix("every behaviour") {
            // The named behaviour check is the signal; every other must pass.
            let others = finding.details.filter { detail in !exercise.signals.contains { if case .behaviour(let n) = $0 { detail.contains("\"\(n)\"") } else { false } } }
            if others.isEmpty { continue }
            problems.append("the start fails for another reason too: \(others.joined(separator: "; "))")
            continue
        }
        problems.append("the start fails for another reason: \(finding.title): \(finding.details.joined(separator: "; "))")
    }
    if !grade.built && !buildIsTheSignal { problems.append("the start does not build") }
    return problems
}

func verify(_ selected: [Exercise], startSolved: Bool, brokenSolution: Bool, wrongAnswers: Bool, solutionAsWrong: Bool,
            wrongAsRight: Bool = false, compositions: Bool) -> Bool {
    var failures: [String] = []
    var wrongCount = 0
    var rightCount = 0
    let saved = progress
    let started = Date()
    // verify works in Exercise/: the learner's edits, if any, go to a backup first.
    if let slug = saved.current, let current = Exercises.all.first(where: { $0.slug == slug }) {
        keepEdits(of: current)
    }
    for exercise in selected {
        let n = number(of: exercise)
        print("== exercise \(n) (\(exercise.slug)), step \(exercise.step)")
        do {
            try workspace.prepare(exercise, startSolved: startSolved)
        } catch {
            failures.append("exercise \(n): \(error)")
            continue
        }
        let start = Grader(workspace: workspace).grade(exercise)
        let problems = startFailsForItsReason(start, exercise)
        if problems.isEmpty {
            print("   unsolved: fails on its signal\(exercise.signals.count == 1 ? "" : "s") (\(String(format: "%.0f", start.seconds)) s)")
        } else {
            problems.forEach { print("   unsolved: \($0)") }
            failures += problems.map { "exercise \(n) (\(exercise.slug)): \($0)" }
        }
        let wrongs = wrongAnswers
            ? WrongAnswer.all(of: exercise, root: root) + (solutionAsWrong ? [WrongAnswer.solutionAsWrong(exercise)] : [])
            : []
        for wrong in wrongs {
            do {
                try workspace.prepare(exercise)
                try workspace.applyPatch(root.appendingPathComponent(wrong.patch))
                workspace.markExerciseChanged(exercise)
            } catch {
                failures.append("exercise \(n): wrong answer \(wrong.name): \(error)")
                continue
            }
            let grade = Grader(workspace: workspace).grade(exercise, focus: wrong.failsOn.isEmpty ? nil : wrong.failsOn)
            if let problem = wrong.problem(with: grade) {
                print("   wrong answer \(wrong.name): \(problem)")
                failures.append("exercise \(n) (\(exercise.slug)): wrong answer \(wrong.name): \(problem)")
            } else {
                print("   wrong answer \(wrong.name): fails on \(wrong.failsOn)\(wrong.saying.map { ", saying \"\($0)\"" } ?? "") (\(String(format: "%.0f", grade.seconds)) s)")
                wrongCount += 1
            }
        }
        // The right answers other than the solution: each must pass the full grade.
        let rights = wrongAnswers
            ? RightAnswer.all(of: exercise, root: root) + (wrongAsRight ? RightAnswer.wrongAsRight(exercise, root: root) : [])
            : []
        for right in rights {
            do {
                try workspace.prepare(exercise)
                try workspace.applyPatch(root.appendingPathComponent(right.patch))
                workspace.markExerciseChanged(exercise)
            } catch {
                failures.append("exercise \(n): right answer \(right.name): \(error)")
                continue
            }
            let grade = Grader(workspace: workspace).grade(exercise)
            if let problem = right.problem(with: grade) {
                print("   right answer \(right.name): \(problem)")
                failures.append("exercise \(n) (\(exercise.slug)): right answer \(right.name): \(problem)")
            } else {
                print("   right answer \(right.name): passes (\(String(format: "%.0f", grade.seconds)) s)")
                rightCount += 1
            }
        }
        if wrongAnswers && WrongAnswer.all(of: exercise, root: root).count < 2 {
            failures.append("exercise \(n) (\(exercise.slug)): fewer than two wrong answers in \(exercise.wrongAnswersFolder)")
        }
        if !wrongs.isEmpty || !rights.isEmpty {
            do { try workspace.prepare(exercise, startSolved: false) } catch {
                failures.append("exercise \(n): \(error)")
                continue
            }
        }
        if !brokenSolution {
            do {
                try workspace.applyPatch(root.appendingPathComponent(exercise.solutionPatch))
            } catch {
                failures.append("exercise \(n): \(error)")
                continue
            }
        }
        workspace.markExerciseChanged(exercise)
        let solved = Grader(workspace: workspace).grade(exercise)
        if solved.passed {
            print("   solved: passes (\(String(format: "%.0f", solved.seconds)) s)")
        } else {
            let failing = solved.findings.filter { $0.status != .pass }.map { "\($0.title): \($0.details.joined(separator: "; "))" }
            failing.forEach { print("   solved: FAIL \($0)") }
            failures.append("exercise \(n) (\(exercise.slug)): the solution does not pass: \(failing.joined(separator: " | "))")
        }
    }
    if compositions {
        for composition in Exercises.compositions {
            let parts = composition.exercises.compactMap { slug in Exercises.all.first { $0.slug == slug } }
            let folder = parts.first?.folder ?? Stage.all[composition.from].target
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-compose-\(getpid())")
            try? FileManager.default.removeItem(at: scratch)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let shell = Shell(directory: scratch, scratch: FileManager.default.temporaryDirectory)
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
                let modes = Set(parts.map(\.mode))
                let expectedMode: Mode = composition.to >= 5 ? .swift6 : .swift5
                if !diff.succeeded {
                    failures.append("step \(composition.step): stage \(composition.from) with the solutions of \(composition.exercises.joined(separator: ", ")) is not stage \(composition.to):\n\(diff.tail(20))")
                    print("== step \(composition.step): the solutions of \(composition.exercises.joined(separator: ", ")) on stage \(composition.from) differ from stage \(composition.to)")
                } else if !modes.contains(expectedMode) && expectedMode != .swift5 {
                    failures.append("step \(composition.step): no exercise builds in \(expectedMode.rawValue)")
                } else {
                    print("== step \(composition.step): stage \(composition.from) + the solutions of \(composition.exercises.joined(separator: ", ")) = stage \(composition.to)")
                }
            } catch {
                failures.append("step \(composition.step): \(error)")
            }
        }
    }
    // Leave the learner's state as it was: their progress; their copy is the last exercise's.
    saved.save()
    if let slug = saved.current, let current = Exercises.all.first(where: { $0.slug == slug }) {
        try? workspace.prepare(current)
    }
    print("")
    if failures.isEmpty {
        print("verify: \(selected.count) exercise\(selected.count == 1 ? "" : "s") fail unsolved for their own reasons\(wrongAnswers ? ", fail \(wrongCount) wrong answers for the right reasons, pass \(rightCount) right answers besides the solution," : "") and pass solved (\(Int(Date().timeIntervalSince(started))) s)")
        return true
    }
    print("verify: FAILED")
    failures.forEach { print("  - \($0)") }
    return false
}

// MARK: commands

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { badInput("give a command") }
arguments.removeFirst()
if command == "-h" || command == "--help" || command == "help" { print(usage); exit(0) }
guard help[command] != nil else { badInput("unknown command '\(command)'") }
if arguments.contains("-h") || arguments.contains("--help") { print(help[command]!); exit(0) }

func takeFlag(_ flag: String) -> Bool {
    guard let index = arguments.firstIndex(of: flag) else { return false }
    arguments.remove(at: index)
    return true
}

func noMoreArguments() {
    if let extra = arguments.first { badInput("unexpected argument '\(extra)'", command: command) }
}

switch command {
case "list":
    noMoreArguments()
    print(" #  step  exercise                                         starts from  graded by")
    for (index, exercise) in Exercises.all.enumerated() {
        let mark = progress.done.contains(exercise.slug) ? "done" : (progress.current == exercise.slug ? "<- current" : "")
        let graded = exercise.signals.map { signal -> String in
            switch signal {
            case .row(let id): "suite: \(id)"
            case .race(let id): "TSan: \(id)"
            case .diagnostic: "diagnostic"
            case .builds: exercise.mode == .swift5 ? "build" : "build (\(exercise.mode == .swift6 ? "Swift 6" : "stage 6 settings"))"
            case .behaviour: "behaviour check"
            case .noTrap: "runtime checks"
            case .check: "workbench check"
            case .absent, .untouched: "source"
            case .launchGlobalQuiet, .launchGlobalIsolated: "diagnostics (isolation)"
            case .testPasses, .testCatchesMutant: "your test"
            }
        }.joined(separator: ", ")
        let title = exercise.title.count > 48 ? String(exercise.title.prefix(47)) + "…" : exercise.title
        print(String(format: "%2d  %4d  ", index + 1, exercise.step) + title.padding(toLength: 49, withPad: " ", startingAt: 0)
            + "stage \(exercise.stage)      " + graded + (mark.isEmpty ? "" : "   [\(mark)]"))
    }
    print("\n\(progress.done.count) of \(Exercises.all.count) done. Start one: Scripts/workbench start N")

case "start":
    guard let argument = arguments.first else { badInput("start needs an exercise number", command: command) }
    arguments.removeFirst()
    noMoreArguments()
    let chosen = exercise(named: argument, command: command)
    if let slug = progress.current, let current = Exercises.all.first(where: { $0.slug == slug }) { keepEdits(of: current) }
    do { try workspace.prepare(chosen) } catch { fail("could not set up the exercise: \(error)") }
    progress.current = chosen.slug
    progress.save()
    describe(chosen)

case "check":
    let raw = takeFlag("--raw")
    noMoreArguments()
    exit(check(raw: raw) ? 0 : 1)

case "hint":
    noMoreArguments()
    let current = currentExercise()
    let shown = min((progress.hints[current.slug] ?? 0) + 1, current.hints.count)
    let labels = ["a nudge", "the place", "the technique"]
    for index in 0..<shown where index == shown - 1 || shown == current.hints.count && (progress.hints[current.slug] ?? 0) >= current.hints.count {
        print("Hint \(index + 1) of \(current.hints.count) (\(labels[index])): \(current.hints[index])")
    }
    progress.hints[current.slug] = shown
    progress.save()
    if shown < current.hints.count { print("\n(`Scripts/workbench hint` again for the next one)") }
    else { print("\nThat was the last hint. After a passing check, `Scripts/workbench solution` shows the kit's solution.") }

case "solution":
    let reveal = takeFlag("--reveal")
    let apply = takeFlag("--apply")
    noMoreArguments()
    let current = currentExercise()
    guard reveal || progress.done.contains(current.slug) else {
        fail("exercise \(number(of: current)) has not passed yet, so its solution stays hidden.\n"
            + "  Scripts/workbench check   grades your copy; Scripts/workbench hint gives a hint.\n"
            + "  Scripts/workbench solution --reveal   shows it anyway.")
    }
    let patch = root.appendingPathComponent(current.solutionPatch)
    if apply {
        do { try workspace.applyPatch(patch) } catch { fail("\(error)\n(the patch applies to the starting state: Scripts/workbench reset first)") }
        print("Applied \(current.solutionPatch) to Exercise/. Scripts/workbench check grades it.")
    } else {
        FileHandle.standardError.write(Data("The kit's solution of exercise \(number(of: current)), a patch against the starting state (apply it: Scripts/workbench solution --apply\(reveal ? " --reveal" : "")):\n\n".utf8))
        print((try? String(contentsOf: patch, encoding: .utf8)) ?? "", terminator: "")
    }

case "reset":
    noMoreArguments()
    guard let slug = progress.current, let current = Exercises.all.first(where: { $0.slug == slug }) else {
        fail("no exercise started; nothing to reset")
    }
    keepEdits(of: current)
    do { try workspace.prepare(current) } catch { fail("could not reset: \(error)") }
    print("Exercise \(number(of: current)) is back to its starting state: \(current.sourcePath)")

case "watch":
    var interval = 1.0
    if let index = arguments.firstIndex(of: "--interval") {
        guard index + 1 < arguments.count, let value = Double(arguments[index + 1]), value > 0 else { badInput("--interval needs a number of seconds", command: command) }
        interval = value
        arguments.removeSubrange(index...(index + 1))
    }
    noMoreArguments()
    let current = currentExercise()
    let folder = workspace.exercise.appendingPathComponent("Sources/\(current.editedFolder)")
    // What the files hold, not when they were touched: a check that recompiles every file
    // (for a diagnostic) touches them all, and that is no edit.
    func stamp() -> [String: Data] {
        var files: [String: Data] = [:]
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            files[file] = (try? Data(contentsOf: folder.appendingPathComponent(file))) ?? Data()
        }
        return files
    }
    let inotify = Shell(directory: root, scratch: FileManager.default.temporaryDirectory).run(["sh", "-c", "command -v inotifywait"]).succeeded
    print(inotify ? "watch: waiting for saves with inotifywait (Ctrl-C stops)" : "watch: polling every \(interval) s (install inotify-tools for events; Ctrl-C stops)")
    var last = stamp()
    _ = check(raw: false)
    while true {
        if inotify {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["inotifywait", "-qq", "-r", "-e", "close_write,moved_to,create,delete", folder.path]
            try? process.run()
            process.waitUntilExit()
            Thread.sleep(forTimeInterval: 0.2)  // an editor's save may be several writes
        } else {
            Thread.sleep(forTimeInterval: interval)
        }
        let now = stamp()
        if now != last {
            last = now
            print("\n--- \(DateFormatter.localizedString(from: Date(), dateStyle: .none, timeStyle: .medium)): a file changed")
            _ = check(raw: false)
        }
    }

case "verify":
    let quick = takeFlag("--quick")
    let startSolved = takeFlag("--start-solved")
    let broken = takeFlag("--broken-solution")
    let noWrong = takeFlag("--no-wrong-answers")
    let solutionAsWrong = takeFlag("--solution-as-wrong")
    let wrongAsRight = takeFlag("--wrong-as-right")
    var selected: [Exercise] = []
    for argument in arguments {
        if argument.hasPrefix("-") { badInput("unknown option '\(argument)'", command: command) }
        selected.append(exercise(named: argument, command: command))
    }
    if selected.isEmpty {
        // --quick: one exercise of each kind of signal (a row, a race, a diagnostic, a
        // build in the Swift 6 mode, a behaviour check under stage 6's settings, a test the
        // learner writes).
        selected = quick
            ? ["last-caller", "health-access-race", "retire-shim", "swift6-mode", "store-off-main", "refresh-once-test"].map { exercise(named: $0, command: command) }
            : Exercises.all
    }
    let ok = verify(selected, startSolved: startSolved, brokenSolution: broken, wrongAnswers: !noWrong || solutionAsWrong || wrongAsRight,
                    solutionAsWrong: solutionAsWrong, wrongAsRight: wrongAsRight,
                    compositions: !quick && !startSolved && !broken && !solutionAsWrong && !wrongAsRight && arguments.isEmpty)
    exit(ok ? 0 : 1)

default:
    badInput("unknown command '\(command)'")
}
