import TrackerSpec

// The exercises, in the order the notes number them. Each one's title, task and hints are
// the README.md in its folder, Kit/Workbench/Exercises/SLUG/.
enum Exercises {
    static let all: [Exercise] = [
        Exercise(
            slug: "last-caller", step: 1,
            stage: 1, folder: "Stage1_AsyncAwait", startPatches: [], mode: .swift5, complete: false,
            file: "ExtensionDelegate.swift",
            // The row sees main-only calls made off main; the check also sees the model written
            // off main, which a `Task.detached` does with no such call.
            signals: [.row("shim-calls-back-off-main"),
                      .check("the work after authorization runs on the main thread, the Health status written there")],
            note: "Steps/01-async-await/README.md"),
        Exercise(
            slug: "save-caller", step: 1,
            stage: 0, folder: "Stage0_GCD", startPatches: ["Steps/01-async-await/patches/01-save-async.patch"], mode: .swift5, complete: false,
            file: "CoffeeData.swift",
            signals: [.builds],
            note: nil,
            // Waiting for the task (a semaphore, a group) builds too, and freezes the button.
            guards: [.check("adding a drink returns at once, while HealthKit is still saving it")]),
        Exercise(
            slug: "resume-once", step: 2,
            stage: 2, folder: "Stage2_Continuations", startPatches: ["Kit/Workbench/Exercises/resume-once/start.patch"],
            mode: .swift5, complete: false, file: "HealthKitController.swift",
            // No catalogue row: stage 2 resumes on every path. What the user sees is a refresh
            // that never ends, and the workbench's own check watches for it.
            signals: [.check("a refresh whose HealthKit query fails completes its task, and the next imports nothing twice")],
            note: "Steps/02-continuations/README.md"),
        Exercise(
            slug: "anchor-race", step: 2,
            stage: 1, folder: "Stage1_AsyncAwait", startPatches: [], mode: .swift5, complete: false,
            file: "HealthKitController.swift",
            signals: [.race("race-query-anchor")],
            note: nil),
        Exercise(
            slug: "updatemodel-await", step: 3,
            stage: 2, folder: "Stage2_Continuations", startPatches: ["Steps/03-main-actor/patches/03-updatemodel-no-await.patch"],
            mode: .swift5, complete: false, file: "HealthKitController.swift",
            signals: [.builds],
            note: nil),
        Exercise(
            slug: "shim-promise", step: 3,
            stage: 3, folder: "Stage3_MainActor", startPatches: ["Steps/03-main-actor/patches/03-shim-without-mainactor.patch"],
            mode: .swift5, complete: false, file: "HealthKitController.swift",
            // Not graded by the note's complete-checking warning: stage 3 has one at the same place.
            signals: [.row("shim-calls-back-off-main")],
            note: "Steps/03-main-actor/README.md"),
        Exercise(
            slug: "health-access-race", step: 3,
            stage: 2, folder: "Stage2_Continuations", startPatches: [], mode: .swift5, complete: false,
            file: "HealthKitController.swift",
            signals: [.race("race-health-access")],
            note: nil),
        Exercise(
            slug: "join-load", step: 4,
            stage: 4, folder: "Stage4_Actors", startPatches: [], mode: .swift5, complete: false,
            file: "HealthKitController.swift",
            signals: [.row("duplicate-import")],
            note: "Steps/04-actors/README.md",
            // Dropping the second call also imports once; its refresh then ends before its data arrives.
            guards: [.check("a refresh that overlaps a load completes its task after that load delivered")]),
        Exercise(
            slug: "nonisolated-claim", step: 4,
            stage: 4, folder: "Stage4_Actors", startPatches: ["Steps/04-actors/patches/04-nonisolated-claim.patch"],
            mode: .swift5, complete: false, file: "HealthKitController.swift",
            signals: [.builds],
            note: nil,
            guards: [.absent(pattern: #"nonisolated\(unsafe\)"#, what: "the actor's state keeps its protection: no `nonisolated(unsafe)`")]),
        Exercise(
            slug: "swift6-mode", step: 5,
            stage: 4, folder: "Stage4_Actors", startPatches: [], mode: .swift6, complete: false,
            file: "ComplicationController.swift",
            signals: [.builds],
            note: nil),
        Exercise(
            slug: "retire-shim", step: 5,
            stage: 4, folder: "Stage4_Actors", startPatches: [], mode: .swift5, complete: false,
            file: "ExtensionDelegate.swift",
            // Judged by what the launch calls and what the app declares, not by the shim's
            // name or label: a renamed shim is still deprecated where the launch calls it, and
            // an undeprecated one still takes a handler.
            signals: [
                .diagnostic("[#DeprecatedDeclaration]"),
                .absent(pattern: #"\bfunc\s+\w+.*:\s*(@escaping\b|(@\w+\s+)*\()"#,
                        what: "no function of the app takes a completion handler: the shim is deleted, whatever its name"),
            ],
            note: nil),
        Exercise(
            slug: "launch-sequence", step: 5,
            stage: 5, folder: "Stage5_Swift6", startPatches: ["Kit/Workbench/Exercises/launch-sequence/start.patch"],
            mode: .swift6, complete: false, file: "ExtensionDelegate.swift",
            signals: [.row("launch-loses-drinks")],
            note: "Steps/05-swift-6/README.md"),
        Exercise(
            slug: "framework-queue", step: 5,
            stage: 5, folder: "Stage5_Swift6", startPatches: ["Steps/05-swift-6/patches/05-recaffeinater-own-queue.patch"],
            mode: .swift6, complete: false, file: "ComplicationController.swift",
            // Any check in which the level falls below the threshold traps, the reminder's
            // among them; the behaviour line then requires the reminder to show.
            // An isolated conformance traps nowhere and writes the model on the framework's queue.
            signals: [.noTrap, .check("the reminder is set on the main thread")],
            note: "Steps/05-swift-6/unmigrated-framework.md",
            guards: [.untouched(folder: "Recaffeinater")],
            modules: ["Recaffeinater"]),
        Exercise(
            slug: "store-off-main", step: 6,
            stage: 5, folder: "Stage6_Approachable", startPatches: ["Kit/Workbench/Exercises/store-off-main/start.patch"],
            mode: .approachable, complete: false, file: "CoffeeDataStore.swift",
            signals: [.behaviour("the drink log is read and written off the main thread, the model updated on it")],
            note: "Steps/06-approachable-concurrency/README.md"),
        // Last, though it belongs to step 4, so that the notes' exercise numbers stay as they are.
        Exercise(
            slug: "refresh-once-test", step: 4,
            stage: 4, folder: "Stage4_Actors", startPatches: ["Kit/Workbench/Exercises/refresh-once-test/start.patch"],
            mode: .swift5, complete: false, file: "RefreshTests.swift",
            signals: [.testCatchesMutant],
            note: "Steps/08-tasks-and-tests/testing.md",
            guards: [.testPasses, .untouched(folder: "Stage4_Actors"),
                     .absent(pattern: #"\b(Task\.sleep|usleep|sleep)\s*\("#, what: "your test waits for events, not for time: no sleep"),
                     // The copies differ from the stage in behaviour only; where a process runs is not the app's behaviour.
                     .absent(pattern: #"#file(Path)?\b|ProcessInfo|CommandLine|getenv|WORKBENCH_|Bundle\."#,
                             what: "your test looks at the app, not at the process or files it runs from")],
            test: LearnerTest(folder: "YourTests", mutants: [
                .init(name: "never", words: "never completes the refresh's task"),
                .init(name: "twice-at-once", words: "completes the task twice in the same job"),
                .init(name: "again-later", words: "completes the task as it arrives, and again at the end of the refresh"),
                .init(name: "off-main", words: "completes the task once, off the main thread"),
            ])),
        Exercise(
            slug: "live-query-cycle", step: 2,
            stage: 2, folder: "Stage2_Continuations", startPatches: ["Kit/Workbench/Exercises/live-query-cycle/start.patch"],
            mode: .swift5, complete: false, file: "HealthKitController.swift",
            // The leaked controller applies the deletion itself and saves the anchor past it.
            signals: [.behaviour("the live query stops when the runtime releases the app"),
                      .behaviour("deletions made while the app was not running apply at the next launch")],
            note: "Steps/07-the-app-grows/live-query.md"),
        Exercise(
            slug: "day-change-task", step: 3,
            stage: 2, folder: "Stage2_Continuations", startPatches: [], mode: .swift5, complete: false,
            file: "CoffeeData.swift",
            signals: [.race("race-day-change")],
            note: "Steps/07-the-app-grows/day-change.md"),
        Exercise(
            slug: "shared-instance", step: 3,
            stage: 2, folder: "Stage2_Continuations", startPatches: [], mode: .swift5, complete: true,
            file: "CoffeeTrackerApp.swift",
            signals: [
                // Found by what the launch does with it, not by its name: a rename, a deprecation
                // or `nonisolated(unsafe)` leaves one of the two failing.
                .launchGlobalQuiet, .launchGlobalIsolated,
            ],
            note: "Steps/07-the-app-grows/shared-instance.md"),
    ]

    static let compositions: [StepComposition] = [
        // Stage 1 to stage 2 is the anchor exercise's solution.
        StepComposition(step: 2, from: 1, to: 2, exercises: ["anchor-race"]),
        // Stage 4 to stage 5 is exactly these three exercises' solutions.
        StepComposition(step: 5, from: 4, to: 5, exercises: ["join-load", "swift6-mode", "retire-shim"]),
    ]
}
