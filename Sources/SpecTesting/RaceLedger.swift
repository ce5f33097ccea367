import Foundation
import SimSupport
import TSanHooks
import TrackerSpec

/// ThreadSanitizer's reports in this test process, by stage and catalogue row.
///
/// Under `swift test --sanitize=thread`, TSan hands each report to the test binary's hook
/// (`TSanHooks`), which notes it; where a probe at start shows that the runtime does not call
/// the hook, the ledger reads the reports TSan printed from its log file instead
/// (`TSanReportSource`). Afterwards, out of TSan's locks, the ledger attributes each report
/// to a catalogue row with the matrix's own rules (`RaceAttributor`) and, at exit, prints
/// one verdict line per stage: the races the catalogue expects, the races TSan reported.
/// `swift test` runs the XCTest cases (the race scenarios) and the Swift Testing ones (the
/// checks) in two processes, one after the other (Swift Build: two a test target): the first
/// hands its counts to the second (`ScenarioHandOff`), whose lines end the output.
///
/// Each race is shown once, by the scenario about it. Where the runtime asks the hook before
/// printing (Linux), TSan is told, in the checks' process, not to print a race between two
/// accesses in a stage's own code; the ledger then counts it when it is one of the stage's
/// catalogue races (a catalogue property, on both racing lines), and prints it and fails the
/// check when it is not. Any other report TSan prints as usual. Without TSan, nothing here
/// runs.
enum RaceLedger {
    /// What this process runs: the race scenarios (XCTest) or the checks (Swift Testing).
    enum Role: Sendable {
        case scenarios
        case checks
    }

    /// Starts counting before a stage's scenarios or checks run (nothing without TSan).
    static func begin(_ role: Role, stage: Stage, scenarios: [String] = []) {
        guard installed else { return }
        book.withLock { book in
            if book.role == nil { book.role = role }
            book.current = stage
            switch role {
            case .scenarios:
                book.stages[stage.number, default: StageRaces()].scenarios.formUnion(scenarios)
                book.stages[stage.number]!.scenariosRan = true
            case .checks:
                book.stages[stage.number, default: StageRaces()].checked = true
            }
        }
        guard case .callback(let holds)? = source else { return }
        tsan_hooks_set_mode(role == .checks && holds ? TSAN_HOOKS_NOTE_AND_HOLD_STAGE_RACES : TSAN_HOOKS_NOTE)
    }

    /// Attributes the reports noted since the last call. Returns those TSan was told not to
    /// print that are no catalogue race, after printing them: the caller fails on them.
    @discardableResult
    static func collect() -> [String] {
        guard installed else { return [] }
        return book.withLock { book in
            var unknownHeld: [String] = []
            let sources = PackageSourceLines(root: root)
            for (report, held) in newReports(&book) {
                switch book.role {
                case .scenarios?, nil:
                    guard let stage = book.current ?? stage(of: report) else {
                        book.outside += 1
                        continue
                    }
                    book.stages[stage.number, default: StageRaces()].scenarioSaw(attributor.attribute(report, stage: stage, sources: sources))
                case .checks?:
                    let stage = stage(of: report)
                    let rows = stage.map { attributor.catalogueRaces(report, stage: $0, sources: sources) } ?? []
                    if let stage {
                        book.stages[stage.number, default: StageRaces()].checksSaw(rows, held: held)
                    } else {
                        book.outside += 1
                    }
                    if held, rows.isEmpty {
                        unknownHeld.append(render(report))
                    }
                }
            }
            if !unknownHeld.isEmpty {
                FileHandle.standardError.write(Data(unknownHeld.joined(separator: "\n").utf8))
            }
            return unknownHeld
        }
    }

    /// The reports that came since the last call, and whether TSan was told not to print each.
    private static func newReports(_ book: inout Book) -> [(TSanReport, held: Bool)] {
        switch source {
        case .callback?:
            var reports: [(TSanReport, held: Bool)] = []
            var raw = tsan_hooks_report()
            while tsan_hooks_report_at(Int32(book.next), &raw) {
                book.next += 1
                reports.append((report(raw), raw.held))
            }
            return reports
        case .log(let reader)?:
            return reader.take().map { ($0, false) }
        case .unmeasured?, nil:
            return []
        }
    }

    private struct Book {
        var role: Role?
        /// The stage whose scenarios run now (scenarios run one stage at a time).
        var current: Stage?
        var stages: [Int: StageRaces] = [:]
        /// The hook's reports read so far.
        var next = 0
        /// Reports whose racing code is in no stage.
        var outside = 0
    }

    private static let book = SimLock(Book())
    private static let attributor = RaceAttributor(catalogue: Catalogue.defects)
    /// The package root: stack frames name files under it, and their lines name properties.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Where the reports come from; nil without TSan.
    private static let source = TSanReportSource.choose()

    /// Whether TSan is in the process; the first time, chooses the source and prepares the
    /// exit lines.
    private static let installed: Bool = {
        guard source != nil else { return false }
        atexit { RaceLedger.finish() }
        return true
    }()

    /// A noted report in the shape `TSanLogParser` gives the matrix.
    private static func report(_ raw: tsan_hooks_report) -> TSanReport {
        var raw = raw
        let kind = withUnsafeBytes(of: &raw.kind) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let accesses = withUnsafeBytes(of: &raw.accesses) { Array($0.bindMemory(to: tsan_hooks_access.self)) }
        return TSanReport(
            kind: kind.replacingOccurrences(of: "-", with: " "),
            accesses: accesses.prefix(Int(raw.count)).map(access), text: "")
    }

    /// A held report, printed in TSan's layout.
    private static func render(_ report: TSanReport) -> String {
        var lines = ["WARNING: ThreadSanitizer: \(report.kind) (in a stage's code, noted while the checks ran; no catalogue race)"]
        for access in report.accesses {
            lines.append("  \(access.header):")
            for (number, frame) in access.frames.enumerated() {
                let location = [frame.file, frame.line.map(String.init), frame.column.map(String.init)].compactMap { $0 }.joined(separator: ":")
                lines.append("    #\(number) \(frame.function) \(location)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The stage whose code made the report's first racing access.
    private static func stage(of report: TSanReport) -> Stage? {
        guard let path = report.accesses.first?.racingFrame?.packageSourcePath else { return nil }
        return Stage.all.first { path.hasPrefix("Sources/\($0.target)/") }
    }

    /// One access as TSan's report shows it: its thread, and its frames symbolised as TSan
    /// prints them (functions as symbols, files as built).
    private static func access(_ raw: tsan_hooks_access) -> MemoryAccess {
        var raw = raw
        let pcs = withUnsafeBytes(of: &raw.pcs) { Array($0.bindMemory(to: UInt.self).prefix(Int(raw.depth))) }
        var frames: [StackFrame] = []
        var buffer = [CChar](repeating: 0, count: 16_384)
        var previous: UInt?
        // Inlined frames share their caller's address; the symboliser returns them all.
        for pc in pcs where pc != previous {
            previous = pc
            guard tsan_hooks_symbolize(pc, &buffer, buffer.count) else { continue }
            frames += buffer.withUnsafeBufferPointer(symbolisedFrames)
        }
        let thread = raw.thread == 0 ? "main thread" : "thread T\(raw.thread)"
        return MemoryAccess(header: "\(raw.write != 0 ? "Write" : "Read") by \(thread)", thread: thread, frames: frames)
    }

    /// "function␟file␟line␟column␟module", NUL after each, two NULs at the end.
    private static func symbolisedFrames(_ buffer: UnsafeBufferPointer<CChar>) -> [StackFrame] {
        var frames: [StackFrame] = []
        var offset = 0
        while offset < buffer.count, buffer[offset] != 0 {
            let entry = String(cString: buffer.baseAddress! + offset)
            offset += entry.utf8.count + 1
            let fields = entry.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5 else { continue }
            let number = { (text: String) in Int(text).flatMap { $0 > 0 ? $0 : nil } }
            frames.append(StackFrame(
                function: fields[0], file: fields[1], line: number(fields[2]), column: number(fields[3]),
                module: fields[4].split(separator: "/").last.map(String.init)))
        }
        return frames
    }

    /// At exit: the scenarios' process prints its stages' lines and hands its counts on; the
    /// checks' process prints each stage's whole verdict, the scenarios' counts included.
    private static func finish() {
        collect()
        let book = book.withLock { $0 }
        var lines: [String] = []
        switch book.role {
        case .scenarios?:
            ScenarioHandOff.write(book.stages.filter(\.value.scenariosRan))
            lines = book.stages.keys.sorted().map { book.stages[$0]!.verdict(stage: $0) }
        case .checks?:
            lines = book.stages.keys.sorted().map { number in
                var races = ScenarioHandOff.take(stage: number) ?? StageRaces()
                races.merge(checks: book.stages[number]!)
                return races.verdict(stage: number)
            }
        case nil:
            break
        }
        if case .unmeasured(let reason)? = source {
            lines = book.stages.keys.sorted().map { number in
                let stage = Stage.all.first { $0.number == number }.map(\.description) ?? "Stage \(number)"
                return "ThreadSanitizer on \(stage): not measured in this process (\(reason)); TSan's own reports are above."
            }
        }
        if case .log(let reader)? = source { reader.finish() }
        if book.outside > 0 {
            lines.append("ThreadSanitizer: \(book.outside) report(s) of code in no stage, printed above: no race of the catalogue.")
        }
        if tsan_hooks_dropped() > 0 {
            lines.append("ThreadSanitizer: \(tsan_hooks_dropped()) more report(s), printed above, not counted here.")
        }
        guard !lines.isEmpty else { return }
        fflush(nil)  // what the test runner printed first (stdout), then the lines (stderr, with TSan's)
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
