import Foundation
import Testing
import TrackerSpec
import WatchKitSim

/// Runs the shared checks on one stage, expecting exactly the catalogue's defects.
public enum StageSuite {
    /// Runs `check` on a stage's app. A check that detects a defect the catalogue lists as
    /// present must observe that defect (`DefectObserved`), and is recorded as a known
    /// issue; if it passes, the run fails, because the catalogue is wrong. Any other
    /// failure (a setup step that timed out, say) fails the run whatever the catalogue
    /// says. ThreadSanitizer rows are judged by TSan, not here.
    public static func verify(_ check: Check, on app: any WatchApp.Type, stage: Int) async throws {
        if let stage = Stage.all.first(where: { $0.number == stage }) { RaceLedger.begin(.checks, stage: stage) }
        // A race in the stage's code that TSan was told not to print, and that is no race of
        // the catalogue, is printed by the ledger and fails the check that collects it.
        defer {
            for report in RaceLedger.collect() { Issue.record(Comment(rawValue: report)) }
        }
        guard let id = check.defect else {
            return try await check.run(on: app)
        }
        let defect = Catalogue.defect(id)
        if case .threadSanitizer = defect.detector {
            return try await check.run(on: app)
        }
        // Measured before judged: the verdict file tells `Scripts/race-matrix` what
        // actually happened, whatever the catalogue expects.
        let observed: DefectObserved?
        do {
            try await check.run(on: app)
            observed = nil
        } catch let seen as DefectObserved where seen.defect == defect.id {
            observed = seen
        }
        recordVerdict(stage: stage, defect: defect.id, present: observed != nil)
        if defect.isPresent(in: stage) {
            try withKnownIssue("\(defect.id): \(defect.summary)") {
                if let observed { throw observed }
            } matching: { issue in
                (issue.error as? DefectObserved)?.defect == defect.id
            }
        } else if let observed {
            throw observed
        }
    }

    /// Appends "stage<TAB>defect<TAB>present|fixed" to the file `TRACKER_VERDICTS` names.
    private static func recordVerdict(stage: Int, defect: String, present: Bool) {
        guard let path = ProcessInfo.processInfo.environment["TRACKER_VERDICTS"] else { return }
        let line = "\(stage)\t\(defect)\t\(present ? "present" : "fixed")\n"
        verdictLock.withLock {
            if let handle = FileHandle(forWritingAtPath: path) {
                handle.seekToEndOfFile()
                handle.write(Data(line.utf8))
                handle.closeFile()
            } else {
                _ = FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
            }
        }
    }

    private static let verdictLock = NSLock()

    /// Runs the race scenarios on a stage's app: all of them, or the one whose catalogue
    /// row `TRACKER_RACE` names (how `Scripts/race-matrix` runs each in its own process).
    ///
    /// Call it from an XCTest case, not a Swift Testing test: XCTest's runner keeps the main
    /// queue on the process's first thread, as on a watch. Under Swift Testing on Linux the
    /// main queue is drained by pool threads: TSan then labels a main-queue access "thread
    /// Tn" rather than "main thread" (so the matrix could not tell main from a queue), and a
    /// main-queue block and a background block can share one thread, which orders them for
    /// TSan. See Steps/TSAN.md for the measurements.
    ///
    /// Under `--sanitize=thread` each stage's reports are counted, and the run ends with a
    /// line per stage: the races the catalogue expects, and those TSan reported (`RaceLedger`).
    public static func runRaceScenarios(on app: any WatchApp.Type) async throws {
        let only = ProcessInfo.processInfo.environment["TRACKER_RACE"]
        let scenarios = Check.races.filter { only == nil || $0.defect == only }
        // The stage is the module the app's entry type is declared in ("Stage0_GCD.…").
        if let stage = Stage.all.first(where: { String(reflecting: app).hasPrefix($0.target + ".") }) {
            RaceLedger.begin(.scenarios, stage: stage, scenarios: scenarios.compactMap(\.defect))
        }
        for check in scenarios {
            try await check.run(on: app)
        }
        RaceLedger.collect()
    }
}
