import TrackerSpec

/// What grades an exercise, besides "every behaviour check still passes", which every
/// exercise requires.
enum Signal: Sendable, CustomStringConvertible {
    /// The shared suite's defect check for this catalogue row no longer sees the defect.
    case row(String)
    /// The race scenario of this catalogue row runs under ThreadSanitizer with no report
    /// that the catalogue attributes to the row.
    case race(String)
    /// No compiler diagnostic whose message contains this text, in the exercise's files,
    /// under complete checking.
    case diagnostic(String)
    /// The exercise builds, in its language mode, without an error.
    case builds
    /// This behaviour check passes (an exercise about a behaviour the step must keep).
    case behaviour(String)
    /// The behaviour checks run to their end: no runtime check (an isolation check that
    /// Swift inserted, an assertion) stops the test process on the way.
    case noTrap
    /// This check of the workbench's own passes (Kit/Workbench/Grading/ExerciseChecks.swift):
    /// a behaviour the step must keep that no shared check exercises.
    case check(String)
    /// No match for this regular expression in the exercise's sources (`what` says what it
    /// is): a declaration the task deletes, an escape hatch the task rules out.
    case absent(pattern: String, what: String)
    /// No file edited under this folder of Exercise/Sources (a framework the task must leave
    /// as the start made it).
    case untouched(folder: String)
    /// The learner's test passes on the stage as it is (an exercise where the learner
    /// writes a test: one that fails on a working app proves nothing about a defect).
    case testPasses
    /// The learner's test fails on a copy of the stage with the exercise's defect planted
    /// (its mutant.patch): the test can tell a broken app from a working one.
    case testCatchesMutant
    /// The compiler still catches a later change: the exercise's folder type-checked together
    /// with `change` (a Swift file, from the package root) draws a diagnostic containing
    /// `diagnostic` in that file. Catches an answer that silences the compiler instead of
    /// giving the code an owner it checks.
    case caught(change: String, diagnostic: String, what: String)

    var description: String {
        switch self {
        case .row(let id): "the suite no longer sees `\(id)` (\(Catalogue.defect(id).summary))"
        case .race(let id): "the race scenario of `\(id)` runs clean under ThreadSanitizer"
        case .diagnostic(let text): "no diagnostic \"\(text)\" under complete checking"
        case .builds: "it builds"
        case .behaviour(let name): "the behaviour check \"\(name)\" passes"
        case .noTrap: "no runtime check stops the app during the behaviour checks"
        case .check(let name): "the workbench's check \"\(name)\" passes"
        case .absent(_, let what): what
        case .untouched(let folder): "`Sources/\(folder)` is left as the start made it"
        case .testPasses: "your test passes on the app as it is"
        case .testCatchesMutant: "your test fails on a copy of the app with a defect planted"
        case .caught(_, _, let what): what
        }
    }
}

/// The language settings of an exercise's target: those of the stage it becomes.
enum Mode: String, Sendable {
    case swift5 = "the Swift 5 language mode"
    case swift6 = "the Swift 6 language mode"
    case approachable = "the Swift 6 mode with stage 6's approachable-concurrency settings"

    var settings: String {
        switch self {
        case .swift5: ".swiftLanguageMode(.v5)"
        case .swift6: ".swiftLanguageMode(.v6)"
        case .approachable:
            """
            .swiftLanguageMode(.v6), .defaultIsolation(MainActor.self),
                        .enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("InferIsolatedConformances")
            """
        }
    }

    /// The same settings as `swiftc` flags, for a type check outside the package build.
    var swiftcFlags: [String] {
        switch self {
        case .swift5: ["-swift-version", "5"]
        case .swift6: ["-swift-version", "6"]
        case .approachable:
            ["-swift-version", "6", "-default-isolation", "MainActor",
             "-enable-upcoming-feature", "NonisolatedNonsendingByDefault", "-enable-upcoming-feature", "InferIsolatedConformances"]
        }
    }
}

/// One graded exercise: a real intermediate state (a stage's folder, copied, with patches
/// applied), the signals that grade it, three hints and a solution.
struct Exercise: Sendable {
    /// The slug; its folder under Kit/Workbench/Exercises holds solution.patch (and start.patch).
    let slug: String
    let step: Int
    let title: String
    /// The stage whose folder is copied.
    let stage: Int
    /// The folder the copy is given (a stage's name, so that patches and TSan frames read as usual).
    let folder: String
    /// Patches applied to the copy, from the package root (a note's Steps/…/patches/… or the exercise's start.patch).
    let startPatches: [String]
    let mode: Mode
    /// Adds -strict-concurrency=complete to the exercise target (for `.diagnostic` signals in the Swift 5 mode).
    let complete: Bool
    /// The file to edit, in the exercise's folder.
    let file: String
    let task: String
    let signals: [Signal]
    let hints: [String]
    /// The note whose exercise this is, when it is one.
    let note: String?
    /// What every answer must keep, besides the behaviour checks: graded like the signals,
    /// but already true at the start (they catch wrong answers, not the starting state).
    var guards: [Signal] = []
    /// Set when the learner writes a test instead of changing the app.
    var test: LearnerTest? = nil
    /// Modules of the package's Sources/ copied into the exercise beside the stage, so that a
    /// start patch can change them (the team's framework). Each builds in the Swift 5 mode, as
    /// in the package, and the stage's `import` of it reaches the copy.
    var modules: [String] = []

    /// Signals first, then guards, numbered in that order in a grade.
    var graded: [Signal] { signals + guards }

    var solutionPatch: String { "Kit/Workbench/Exercises/\(slug)/solution.patch" }
    /// The folder under Exercise/Sources that holds `file`: the stage's copy, or the learner's tests.
    var editedFolder: String { test?.folder ?? folder }
    var sourcePath: String { "Exercise/Sources/\(editedFolder)/\(file)" }
    /// The defect a test exercise's grader plants in a copy of the stage.
    var mutantPatch: String { "Kit/Workbench/Exercises/\(slug)/mutant.patch" }
    var usesTSan: Bool { graded.contains { if case .race = $0 { true } else { false } } }
    var row: String? { graded.lazy.compactMap { if case .row(let id) = $0 { id } else { nil } }.first }
    var checks: [String] { graded.compactMap { if case .check(let name) = $0 { name } else { nil } } }
    /// The wrong answers kept beside the solution (wrong-*.patch), for `verify`.
    var wrongAnswersFolder: String { "Kit/Workbench/Exercises/\(slug)" }
}

/// An exercise where the learner writes a test: the grader runs it on the stage as it is,
/// where it must pass, and on a copy with a defect planted (the exercise's mutant.patch),
/// where it must fail. Both checks are needed: a test that asserts nothing passes on both,
/// and one that checks before the work has happened fails on both.
struct LearnerTest: Sendable {
    /// The test target's folder under Exercise/Sources; the learner's file is the exercise's `file` in it.
    let folder: String
    /// The defect mutant.patch plants, in words.
    let mutant: String
    /// The test target that runs the same tests on the mutant copy.
    var mutantTarget: String { folder + "OnMutant" }
}

/// Steps whose exercises, solved, make the step: their solutions applied in this order to
/// stage `from` give stage `to`'s code, file for file (`workbench verify` checks it).
struct StepComposition: Sendable {
    let step: Int
    let from: Int
    let to: Int
    let exercises: [String]
}

enum Exercises {
    static let all: [Exercise] = [
        Exercise(
            slug: "last-caller", step: 1, title: "Migrate the last caller of the shim",
            stage: 1, folder: "Stage1_AsyncAwait", startPatches: [], mode: .swift5, complete: false,
            file: "ExtensionDelegate.swift",
            task: """
                The delegate still asks for authorization through the deprecated shim, whose
                `Task` calls back on a pool thread. Replace that call with a `Task { }` that
                awaits `requestAuthorization()` itself, then sets `healthAccess`, starts the
                HealthKit load and schedules the refresh.
                """,
            // The row sees main-only calls made off main; the check also sees the model written
            // off main, which a `Task.detached` does with no such call.
            signals: [.row("shim-calls-back-off-main"),
                      .check("the work after authorization runs on the main thread, the Health status written there")],
            hints: [
                "The delegate is main-actor code (its protocol says so). A `Task { }` written there inherits the main actor, so the code after each `await` runs on main again.",
                "Look at `applicationDidFinishLaunching()`: the call `model.healthKitController.requestAuthorization { success in ... }` is the one to replace.",
                "Write `Task { let success = await model.healthKitController.requestAuthorization(); ... }` and move the closure's body after the `await`, without the `self.`.",
            ],
            note: "Steps/01-async-await/README.md"),
        Exercise(
            slug: "save-caller", step: 1, title: "Call an async save from synchronous code",
            stage: 0, folder: "Stage0_GCD", startPatches: ["Steps/01-async-await/patches/01-save-async.patch"], mode: .swift5, complete: false,
            file: "CoffeeData.swift",
            task: """
                `HealthKitController.save(_:)` is now `async`, and its caller, the model's
                `addDrink(_:)`, is not and must not be (a button calls it). Make it build
                again without making `addDrink(_:)` async.
                """,
            signals: [.builds],
            hints: [
                "Following the \"add 'async'\" fix-it moves the error up to a button action, which must stay synchronous. Stop at the boundary.",
                "The call is `healthKitController.save(drink)` in `addDrink(_:)`.",
                "Start a task at the boundary: `Task { await healthKitController.save(drink) }`.",
            ],
            note: nil),
        Exercise(
            slug: "resume-once", step: 2, title: "Resume the continuation on every path",
            stage: 2, folder: "Stage2_Continuations", startPatches: ["Kit/Workbench/Exercises/resume-once/start.patch"],
            mode: .swift5, complete: false, file: "HealthKitController.swift",
            task: """
                Someone deleted a branch of `queryHealthKit()`: a query that fails now never
                resumes its continuation, and the refresh that awaits it waits forever. Make
                the continuation resume exactly once on every path.
                """,
            // No catalogue row: stage 2 resumes on every path. What the user sees is a refresh
            // that never ends, and the workbench's own check watches for it.
            signals: [.check("a refresh whose HealthKit query fails completes its task, and the next imports nothing twice")],
            hints: [
                "A checked continuation must be resumed exactly once. Which way through the query's handler resumes nothing?",
                "The handler in `queryHealthKit()` resumes only when `samples` and `deletedSamples` are both there.",
                "Add the `else` branch back: `continuation.resume(throwing: error ?? HKError(.errorDatabaseInaccessible))`.",
            ],
            note: "Steps/02-continuations/README.md"),
        Exercise(
            slug: "anchor-race", step: 2, title: "Take the anchor race off the main thread",
            stage: 1, folder: "Stage1_AsyncAwait", startPatches: [], mode: .swift5, complete: false,
            file: "HealthKitController.swift",
            task: """
                Stage 1 still loads HealthKit's changes with a completion handler: the query
                calls back on the store's queue and writes `anchor` there, while the next
                refresh reads it on main. Make `loadNewDataFromHealthKit()` async, wrap the
                anchored query in a checked continuation, update the model on the main actor,
                and fix the two callers in ExtensionDelegate.swift with a `Task` each. Keep the
                load's pause of the live query (stopped before, started again after success).
                """,
            signals: [.race("race-query-anchor")],
            hints: [
                "Once the load is an `async` function, the anchor is read and written by the task that runs it, not by the store's queue and the main thread.",
                "Start with `loadNewDataFromHealthKit(completionHandler:)`; its callers are in ExtensionDelegate.swift (the launch and `handle(_:)`).",
                "`withCheckedThrowingContinuation { continuation in ... HKAnchoredObjectQuery(...) { ... continuation.resume(...) } }`, then `await MainActor.run { updateModel(...) }`; at each caller `Task { let success = await ...; ... }`. Stage 2 is the reference (it also moves the live query's reports onto an `AsyncStream`).",
            ],
            note: nil),
        Exercise(
            slug: "updatemodel-await", step: 3, title: "Call a main-actor function from a task",
            stage: 2, folder: "Stage2_Continuations", startPatches: ["Steps/03-main-actor/patches/03-updatemodel-no-await.patch"],
            mode: .swift5, complete: false, file: "HealthKitController.swift",
            task: """
                `updateModel(newDrinks:deletedDrinks:)` is now `@MainActor`, and the
                `MainActor.run` around its call is gone. The load that calls it is not on the
                main actor. Make it build.
                """,
            signals: [.builds],
            hints: [
                "Calling a main-actor function from code that is not on the main actor is a hop, and a hop can suspend.",
                "The call is in `apply(samples:deletedSamples:newAnchor:)`, which the load and the live query share.",
                "Write `await updateModel(newDrinks: newDrinks, deletedDrinks: deletedDrinks)`: the `await` is the hop.",
            ],
            note: nil),
        Exercise(
            slug: "shim-promise", step: 3, title: "Put the shim's promise back into its type",
            stage: 3, folder: "Stage3_MainActor", startPatches: ["Steps/03-main-actor/patches/03-shim-without-mainactor.patch"],
            mode: .swift5, complete: false, file: "HealthKitController.swift",
            task: """
                The shim's handler is back to `(Bool) -> Void`: the delegate's closure, main-actor
                code, is called from a pool thread. The Swift 5 mode says nothing; complete
                checking does. Write the promise "calls back on main" into the handler's type.
                """,
            // Not graded by the note's complete-checking warning: stage 3 has one at the same place.
            signals: [.row("shim-calls-back-off-main")],
            hints: [
                "The old API promised \"calls back on the main queue\". A `Task { }` in a nonisolated class keeps no such promise unless a type says so.",
                "`requestAuthorization(completionHandler:)`, the deprecated shim: its parameter type and the call inside its `Task`.",
                "Make the parameter `@escaping @MainActor (Bool) -> Void` and call it with `await completionHandler(success)`.",
            ],
            note: "Steps/03-main-actor/README.md"),
        Exercise(
            slug: "health-access-race", step: 3, title: "Write the Health status on main",
            stage: 2, folder: "Stage2_Continuations", startPatches: [], mode: .swift5, complete: false,
            file: "HealthKitController.swift",
            task: """
                In stage 2 the shim's completion writes `healthAccess` on a pool thread while
                the runtime draws the screen on main, where the view reads it: ThreadSanitizer
                reports it every time. Change the shim so that its handler runs on the main actor.
                """,
            signals: [.race("race-health-access")],
            hints: [
                "The write happens in the delegate's closure; what decides where that closure runs is the shim that calls it.",
                "`requestAuthorization(completionHandler:)` in HealthKitController.swift calls `completionHandler(success)` from its `Task`.",
                "Type the handler `@escaping @MainActor (Bool) -> Void` and call it with `await completionHandler(success)`.",
            ],
            note: nil),
        Exercise(
            slug: "join-load", step: 4, title: "Join the load in progress",
            stage: 4, folder: "Stage4_Actors", startPatches: [], mode: .swift5, complete: false,
            file: "HealthKitController.swift",
            task: """
                The controller is an actor, yet two overlapping refreshes still import the same
                samples twice: while one load awaits its query, the actor runs the second, which
                starts from the same anchor. Make a second `loadNewDataFromHealthKit()` call join
                the load already in progress instead of starting its own.
                """,
            signals: [.row("duplicate-import")],
            hints: [
                "An actor runs other calls while one of its methods is suspended (reentrancy). Read-decide-write across an `await` is the bug.",
                "In `loadNewDataFromHealthKit()`: keep the running load somewhere the next call can find it.",
                "Keep it in `private var loadInProgress: Task<Bool, Never>?`: if set, `return await loadInProgress.value`; otherwise start `Task { await loadChanges() }` (the old body, moved), store it, await it, clear it.",
            ],
            note: "Steps/04-actors/README.md",
            // Dropping the second call also imports once; its refresh then ends before its data arrives.
            guards: [.check("a refresh that overlaps a load completes its task after that load delivered")]),
        Exercise(
            slug: "nonisolated-claim", step: 4, title: "A nonisolated claim the compiler checks",
            stage: 4, folder: "Stage4_Actors", startPatches: ["Steps/04-actors/patches/04-nonisolated-claim.patch"],
            mode: .swift5, complete: false, file: "HealthKitController.swift",
            task: """
                Someone marked the actor's `save(_:)` `nonisolated` so that callers would not
                need `await`. It reads the actor's state. Make it build without giving up the
                actor's protection.
                """,
            signals: [.builds],
            hints: [
                "`nonisolated` is a claim: this code touches no actor state. The compiler checks the claim.",
                "`save(_:)` reads `isAuthorized`, which is the actor's.",
                "Remove `nonisolated` from `save(_:)`; its callers already `await` it.",
            ],
            note: nil,
            guards: [.absent(pattern: #"nonisolated\(unsafe\)"#, what: "the actor's state keeps its protection: no `nonisolated(unsafe)`")]),
        Exercise(
            slug: "swift6-mode", step: 5, title: "Build stage 4 in the Swift 6 language mode",
            stage: 4, folder: "Stage4_Actors", startPatches: [], mode: .swift6, complete: false,
            file: "ComplicationController.swift",
            task: """
                Stage 4 in the Swift 6 language mode, nothing else changed. One conformance to
                the team's unmigrated framework stops the build. The framework's protocol says
                nothing about isolation, though it calls back on main. Make it build, keeping
                the framework as it is.
                """,
            signals: [.builds],
            hints: [
                "The error is about a main-actor method satisfying a requirement of a protocol that says nothing about isolation.",
                "`ComplicationController`'s conformance to `CaffeineThresholdDelegate` (the Recaffeinater framework).",
                "Mark that one conformance `@preconcurrency CaffeineThresholdDelegate`: Swift then checks at run time that the calls come on main. Say why in a comment.",
            ],
            note: nil),
        Exercise(
            slug: "retire-shim", step: 5, title: "Retire the shim",
            stage: 4, folder: "Stage4_Actors", startPatches: [], mode: .swift5, complete: false,
            file: "ExtensionDelegate.swift",
            task: """
                The launch still asks for authorization through the deprecated shim, and its
                closure starts one more `Task`. Await `requestAuthorization()` directly in the
                launch's `Task`, then delete the shim from HealthKitController.swift.
                """,
            signals: [
                .diagnostic("'requestAuthorization(completionHandler:)' is deprecated"),
                .absent(pattern: #"func\s+requestAuthorization\s*\(\s*completionHandler\b"#,
                        what: "the shim `requestAuthorization(completionHandler:)` is deleted"),
            ],
            hints: [
                "The launch is already one `Task` on the main actor: everything in it can simply `await` in order.",
                "`applicationDidFinishLaunching()` calls `model.healthKitController.requestAuthorization { success in ... }`.",
                "`let success = await model.healthKitController.requestAuthorization()`, then the closure's body without `self.`, awaiting the load; then delete `requestAuthorization(completionHandler:)`.",
            ],
            note: nil),
        Exercise(
            slug: "launch-sequence", step: 5, title: "Put the launch back in sequence",
            stage: 5, folder: "Stage5_Swift6", startPatches: ["Kit/Workbench/Exercises/launch-sequence/start.patch"],
            mode: .swift6, complete: false, file: "ExtensionDelegate.swift",
            task: """
                The launch reads the drink log in one `Task` and asks HealthKit in another, side
                by side. It builds without a warning in the Swift 6 mode: nothing here is a data
                race. Yet a deletion HealthKit reports before the log is read is lost. Make the
                launch one sequence again.
                """,
            signals: [.row("launch-loses-drinks")],
            hints: [
                "The Swift 6 mode rules out data races, not logic races. Two tasks started one after the other run in no promised order.",
                "`applicationDidFinishLaunching()` starts two `Task`s.",
                "Use one `Task`: `await model.load()` first, then the authorization and the HealthKit load.",
            ],
            note: "Steps/05-swift-6/README.md"),
        Exercise(
            slug: "framework-queue", step: 5, title: "A Swift 6 build with no diagnostics that traps",
            stage: 5, folder: "Stage5_Swift6", startPatches: ["Steps/05-swift-6/patches/05-recaffeinater-own-queue.patch"],
            mode: .swift6, complete: false, file: "ComplicationController.swift",
            task: """
                Version 2 of the team's Recaffeinater framework calls its delegate on a private
                queue of its own, and its documentation says so. Stage 5 builds against it in
                the Swift 6 mode without a diagnostic, and the first check in which the caffeine
                level falls below 50 mg stops the test process. Make the app right for the new
                contract, without touching the framework.
                """,
            // Any check in which the level falls below the threshold traps, the reminder's
            // among them; the behaviour line then requires the reminder to show.
            signals: [.noTrap],
            hints: [
                "`@preconcurrency` on a conformance makes Swift check, at each call, that the call comes on the main actor. The framework no longer keeps that promise.",
                "`ComplicationController`: its `@preconcurrency CaffeineThresholdDelegate` conformance and `caffeineLevel(_:fellBelow:)`.",
                "Drop `@preconcurrency`, make `caffeineLevel(_:fellBelow:)` `nonisolated`, and set the reminder in a `Task { @MainActor in ... }`.",
            ],
            note: "Steps/05-swift-6/unmigrated-framework.md",
            guards: [.untouched(folder: "Recaffeinater")],
            modules: ["Recaffeinater"]),
        Exercise(
            slug: "store-off-main", step: 6, title: "Get the disk work off the main thread again",
            stage: 5, folder: "Stage6_Approachable", startPatches: ["Kit/Workbench/Exercises/store-off-main/start.patch"],
            mode: .approachable, complete: false, file: "CoffeeDataStore.swift",
            task: """
                Stage 5's code under stage 6's settings, with the store made a `nonisolated`
                class, as part 4 of the note does. It compiles and runs, and it reads and writes
                the drink log on the main thread. Make the disk work leave main again.
                """,
            signals: [.behaviour("the drink log is read and written off the main thread, the model updated on it")],
            hints: [
                "Under NonisolatedNonsendingByDefault a nonisolated `async` function runs on its caller's actor: here, main.",
                "`CoffeeDataStore`: where do `save(_:)` and `load()` run, and where does `savedValue` live?",
                "`@concurrent` cannot take `savedValue` along (try it and read the error). Make the store an `actor` again, with a `nonisolated` logger: its methods then run off main and `savedValue` is its state.",
            ],
            note: "Steps/06-approachable-concurrency/README.md"),
        // Last, though it belongs to step 4, so that the notes' exercise numbers stay as they are.
        Exercise(
            slug: "refresh-once-test", step: 4, title: "Write the test: a refresh completes its task once",
            stage: 4, folder: "Stage4_Actors", startPatches: ["Kit/Workbench/Exercises/refresh-once-test/start.patch"],
            mode: .swift5, complete: false, file: "RefreshTests.swift",
            task: """
                This time you write the test, not the fix. Finish the Swift Testing test in
                Sources/YourTests/RefreshTests.swift so that it proves a background refresh
                completes its task exactly once. The grader runs it on stage 4, where it must
                pass, and on a copy of stage 4 that completes the task twice, where it must fail.
                """,
            signals: [.testCatchesMutant],
            hints: [
                "`deliverBackgroundRefresh()` returns as soon as the app's `handle(_:)` has returned, and stage 4's refresh runs in a `Task` that has not started yet. Wait for an event before you count.",
                "`run.record.completionCount(of: task.identifier)` counts the completions. A second one, if any, comes before the app has nothing left to do.",
                "`try await waitUntil(\"the task to complete\") { run.record.completionCount(of: task.identifier) >= 1 }`, then `await run.quiesce()`, then `#expect(... == 1)`.",
            ],
            note: "Steps/08-tasks-and-tests/testing.md",
            guards: [.testPasses, .untouched(folder: "Stage4_Actors"),
                     .absent(pattern: #"\b(Task\.sleep|usleep|sleep)\s*\("#, what: "your test waits for events, not for time: no sleep")],
            test: LearnerTest(folder: "YourTests", mutant: "completes the refresh's task twice")),
        Exercise(
            slug: "live-query-cycle", step: 2, title: "Let the live query's task go",
            stage: 2, folder: "Stage2_Continuations", startPatches: ["Kit/Workbench/Exercises/live-query-cycle/start.patch"],
            mode: .swift5, complete: false, file: "HealthKitController.swift",
            task: """
                The live query's reports reach the controller through a stream, and a task
                applies them. After the runtime terminates the app, the query still runs, and
                the next launch misses a deletion made meanwhile. Let the controller go when
                the app's objects go, so that its `deinit` stops the query.
                """,
            // The leaked controller applies the deletion itself and saves the anchor past it.
            signals: [.behaviour("the live query stops when the runtime releases the app"),
                      .behaviour("deletions made while the app was not running apply at the next launch")],
            hints: [
                "A `deinit` runs when the last strong reference goes. Which object still holds the controller once the model is gone?",
                "`startLiveUpdates()`: the task that loops over `reports` runs until the stream ends, and the stream ends in `deinit`.",
                "Capture `self` weakly in that task and call `await self?.applyLive(report)` inside the loop, so that no strong reference outlives one report.",
            ],
            note: "Steps/07-the-app-grows/live-query.md"),
        Exercise(
            slug: "day-change-task", step: 3, title: "Drop yesterday's drinks on the main actor",
            stage: 2, folder: "Stage2_Continuations", startPatches: [], mode: .swift5, complete: false,
            file: "CoffeeData.swift",
            task: """
                In stage 2 the task that `CoffeeData.init` starts for each day-change
                notification drops old drinks on a pool thread, while the runtime draws the
                list on main: ThreadSanitizer reports it every time. Without making the whole
                model `@MainActor` (that is step 3), make the loop's body run on the main actor,
                and keep the model free to go when the app ends.
                """,
            signals: [.race("race-day-change")],
            hints: [
                "A `Task {}` takes the actor of the code that starts it. `init` of a class that is not `@MainActor` has none, so the task runs on the pool.",
                "The closure given to `Task` in `init` can name its own actor.",
                "Write `Task { @MainActor [weak self] in ... }`: the body runs on main, and `[weak self]` lets `deinit` run, which cancels the task.",
            ],
            note: "Steps/07-the-app-grows/day-change.md"),
        Exercise(
            slug: "shared-instance", step: 3, title: "Give the shared model an owner",
            stage: 2, folder: "Stage2_Continuations", startPatches: [], mode: .swift5, complete: true,
            file: "CoffeeTrackerApp.swift",
            task: """
                ClockKit makes the complication controller itself, so it finds the model through
                `CoffeeData.shared`, which `makeScene` sets at every launch. Complete checking
                calls that `static var` global shared mutable state, an error in the Swift 6
                mode. The WWDC24 talk offers three answers: a `let` of a `Sendable` type, a
                global actor, or `nonisolated(unsafe)` when something else guards it. Choose the
                one that fits, and keep every launch on its own model.
                """,
            signals: [
                .diagnostic("static property 'shared' is not concurrency-safe"),
                .caught(change: "Kit/Workbench/Exercises/shared-instance/later-change.swift", diagnostic: "'shared'",
                        what: "the compiler catches a later read of `shared` off the main thread"),
            ],
            hints: [
                "Who reads and writes `shared`, and on which thread? A `let` is made once per process, and this process launches many apps.",
                "`makeScene` sets it and `ComplicationController.init()` reads it: both are main-actor code (their protocols say so).",
                "Write `@MainActor static weak var shared: CoffeeData?`: the main actor is its owner, and the compiler checks every access. Step 3 does it for the whole model.",
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
