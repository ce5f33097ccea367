import Foundation

// What `Scripts/workbench` and `COMMAND --help` print, and how bad input ends the tool.

let usage = """
    Usage: Scripts/workbench COMMAND [OPTIONS]

      list               every exercise: its number, step, title, done or not
      start SLUG         sets up an exercise (by its slug, or its number in list) in Exercise/
                         (your copy; the stages are not touched)
      check [--raw] [--json] [--seed S]
                         grades the current exercise and says what still fails
      hint               the next hint (a nudge, then the place, then the technique)
      solution [--reveal] [--apply]
                         the solution, once the exercise passed (or with --reveal);
                         --apply applies it to your copy
      reset              puts the current exercise back to its starting state
      watch              checks again whenever a file of the exercise is saved
      verify [N...] [--quick] [--no-wrong-answers] [--start-solved] [--broken-solution]
             [--solution-as-wrong] [--wrong-as-right] [--record]
                         for authors and CI: each exercise fails unsolved for its own
                         reason, fails each wrong answer for the right reason, and passes
                         solved; the steps they make, rebuilt

    COMMAND --help says more. Progress is kept in .workbench/progress (delete it to start over).
    """

let help: [String: String] = [
    "list": "Usage: Scripts/workbench list\n\nEvery exercise: its number, the step it belongs to, its slug and title, and whether you passed it.",
    "start": """
        Usage: Scripts/workbench start SLUG

        Copies the stage folder exercise SLUG starts from (SLUG as `list` shows it, or its number
        there) into Exercise/Sources/, applies the patches that make its starting state, and
        makes it the current exercise. Edit the file it names; the stages in Sources/, `tracker` and `swift test` are not touched.
        If your copy of the current exercise holds edits, it is moved first to
        .workbench/backups/DATE-SLUG/Sources (the command says so), never thrown away.
        """,
    "check": """
        Usage: Scripts/workbench check [--raw] [--json] [--seed S]

        Builds your copy (only the exercise and what it needs, in .build-workbench or, for a
        race, .build-workbench-tsan) and grades it by the signals of its step: the catalogue
        row's defect check, the race scenario under ThreadSanitizer, the named diagnostic,
        the build, and always every behaviour check and the invariants over 12 days of the
        schedule explorer (seeds 1-12; an invariant the kit's solution breaks too is excused).
        Prints what passes and what still fails. --seed S plays only day S (one of 1-12), the
        replay that a broken invariant's line names: the same verdict again.
        --raw also prints the ThreadSanitizer reports as TSan wrote them. --json prints the
        grade only, one JSON object a line: {"subject": "row:ID", "verdict": "pass", …}.
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
                                       [--wrong-as-right] [--record]

        For authors and CI. For each exercise (or those given): its starting state must fail
        on every one of its signals and on nothing else (the behaviour checks pass, unless the
        build is the signal); each of its wrong answers (at least two, wrong-*.patch beside
        the solution) must fail on the line its header names, saying what it says (only that
        line's checks are run, the behaviour checks up to the first that fails; `check` runs
        them all); each of its right answers other than the solution (right-*.patch) must
        pass the full grade; and its solution must pass. Then each step that exercises make
        together is rebuilt from the previous stage with their solutions and compared with the
        next stage's folder. --quick verifies one exercise per kind of signal (what CI runs).
        --no-wrong-answers skips the wrong and right answers. The
        solutions' baselines (race-baseline.json, invariant-baseline.json in each exercise's
        folder: what the kit's solution itself shows, which no answer fails on) are recorded
        where none is committed, and with --record always; a committed invariant baseline
        that the solved grade no longer matches fails verify. --start-solved, --broken-solution,
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
