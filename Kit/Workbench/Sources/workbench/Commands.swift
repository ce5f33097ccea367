import Foundation
import MatrixKit
import TrackerSpec

// The commands a learner types, one function each (main.swift dispatches).

func describe(_ exercise: Exercise) {
    print("Exercise \(number(of: exercise)) (step \(exercise.step)): \(exercise.title)")
    print("")
    print(exercise.task)
    print("")
    print("It starts from: \(exercise.room.startsFrom)")
    print("Edit:  \(exercise.sourcePath)")
    print("Done when:")
    for signal in exercise.signals { print("  - \(signal)") }
    // A test exercise leaves the app as it is: the behaviour checks have nothing to grade.
    if exercise.room.runsApp { print("  - every behaviour check still passes") }
    for signal in exercise.guards { print("  - and still: \(signal)") }
    print("")
    print("Then: Scripts/workbench check   (or watch; hint for a hint)")
}

func printGrade(_ grade: Grade, _ exercise: Exercise) {
    for finding in grade.findings {
        let mark = switch finding.verdict { case .pass: "PASS"; case .fail, .error: "FAIL"; case .notMeasured: " -- " }
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

/// `check`: grades the current exercise; with `json`, prints the grade as JSON lines (one
/// finding each) only; with `seed`, explores that one day (a failed grade's replay).
func check(raw: Bool, json: Bool = false, seed: UInt64? = nil) -> Bool {
    let exercise = currentExercise()
    if !json { print("Checking exercise \(number(of: exercise)): \(exercise.title) ...") }
    var grader = Grader(workspace: workspace, verbose: raw && !json)
    if let seed { grader.seeds = .replay(seed) }
    let grade = grader.grade(exercise)
    if json { grade.findings.forEach { print($0.jsonLine, terminator: "") } } else { printGrade(grade, exercise) }
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
        print("To go on with them later: Scripts/workbench start \(exercise.slug), then copy them back into Exercise/Sources.\n")
    } catch {
        fail("could not keep your edits to exercise \(number(of: exercise)) (\(error)); Exercise/ is left as it was")
    }
}

/// `list`: every exercise, its step, where it starts, what grades it.
func listCommand() {
    noMoreArguments()
    print(" #  step  slug                exercise                             starts from  graded by")
    for (index, exercise) in Exercises.all.enumerated() {
        let mark = progress.done.contains(exercise.slug) ? "done" : (progress.current == exercise.slug ? "<- current" : "")
        let graded = exercise.signals.map { signal -> String in
            switch signal {
            case .row(let id): "suite: \(id)"
            case .race(let id): "TSan: \(id)"
            case .diagnostic, .noWarnings: "diagnostic"
            case .builds: exercise.settings.settings.count > 1 ? "build (stage 6 settings)" : exercise.settings.languageMode == "5" ? "build" : "build (Swift 6)"
            case .behaviour: "behaviour check"
            case .noTrap: "runtime checks"
            case .check: "workbench check"
            case .absent, .untouched: "source"
            case .launchGlobalQuiet, .launchGlobalIsolated: "diagnostics (isolation)"
            case .testPasses, .testCatchesMutant: "your test"
            case .field: "field probe"
            }
        }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", ")
        let title = exercise.title.count > 36 ? String(exercise.title.prefix(35)) + "…" : exercise.title
        print(String(format: "%2d  %4d  ", index + 1, exercise.step) + exercise.slug.padding(toLength: 20, withPad: " ", startingAt: 0)
            + title.padding(toLength: 37, withPad: " ", startingAt: 0)
            + exercise.room.listed + graded + (mark.isEmpty ? "" : "   [\(mark)]"))
    }
    print("\n\(progress.done.count) of \(Exercises.all.count) done. Start one: Scripts/workbench start SLUG (or its number)")
}

/// `start SLUG` (or N): sets up that exercise in Exercise/ and makes it the current one.
func startCommand() {
    guard let argument = arguments.first else { badInput("start needs an exercise number", command: command) }
    arguments.removeFirst()
    noMoreArguments()
    let chosen = exercise(named: argument, command: command)
    if let slug = progress.current, let current = Exercises.all.first(where: { $0.slug == slug }) { keepEdits(of: current) }
    do { try workspace.prepare(chosen) } catch { fail("could not set up the exercise: \(error)") }
    progress.current = chosen.slug
    progress.save()
    describe(chosen)
}

/// `hint`: the next hint of the current exercise.
func hintCommand() {
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
}

/// `solution`: the kit's solution, once the exercise passed (or revealed).
func solutionCommand() {
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
}

/// `reset`: the current exercise back to its starting state, edits kept aside.
func resetCommand() {
    noMoreArguments()
    guard let slug = progress.current, let current = Exercises.all.first(where: { $0.slug == slug }) else {
        fail("no exercise started; nothing to reset")
    }
    keepEdits(of: current)
    do { try workspace.prepare(current) } catch { fail("could not reset: \(error)") }
    print("Exercise \(number(of: current)) is back to its starting state: \(current.sourcePath)")
}
