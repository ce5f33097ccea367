import Foundation
import TrackerSpec
import TrackerTimeline

/// What the command line asked for.
struct Options {
    enum Command {
        case day(stage: Int)
        /// Explore `count` seeded days; or play the day of one seed again.
        case explore(stage: Int, count: Int)
        case replay(stage: Int, seed: UInt64, order: [String]?)
        case everyOrder(stage: Int, seed: UInt64, limit: Int)
        case listStages
        case catalogue
        case help
    }

    var command: Command
    var diskDelayMilliseconds = 20
    var verbose = false
    /// Print the day's timeline instead of its screens.
    var timelineText = false
    /// Write the timeline as a page, or as a Chrome trace.
    var timelineHTML: String?
    var timelineTrace: String?
    /// A second stage, drawn beside the first.
    var compare: Int?
    var explore: Int?
    var seed: UInt64?
    var order: [String]?
    var everyOrder: Int?

    var recordsTimeline: Bool { timelineText || timelineHTML != nil || timelineTrace != nil }

    static let usage = """
        Usage: tracker [--stage N] [--disk-delay MS] [--verbose]
               tracker [--stage N] [--compare M] [--timeline] [--timeline-html FILE] [--timeline-trace FILE]
               tracker [--stage N] --explore COUNT | --seed S
               tracker --list | --catalogue | --help

        Runs one simulated watch day of the Coffee Tracker app at a stage of its migration:
        the screens as the user sees them, background refreshes, and what the watchOS
        runtime recorded (main-thread stalls, calls made off the main thread, task completions).

          --stage N        the stage to run, 0-\(Stage.all.count - 1) (default: \(Stage.all.count - 1), the latest)
          --disk-delay MS  how slow the simulated flash is, in milliseconds (default: 20)
          --verbose        also print the app's log (same as TRACKER_LOG=1)
          --list           list the stages
          --catalogue      print the defect catalogue: which defect each stage still has
          --help           show this help

        Where the work ran (measured at the simulated SDK boundary, one lane per thread, queue
        and actor, with the catalogue rows where they happen):
          --timeline             print the day's timeline instead of its screens (100 columns)
          --timeline-html FILE   write it as one self-contained page (inline SVG, no script)
          --timeline-trace FILE  write it as Chrome trace JSON (open it in ui.perfetto.dev)
          --compare M            also run stage M's day: the page and the trace show the two
                                 side by side, --timeline prints one after the other
        For example: tracker --stage 0 --compare 4 --timeline-html day.html

        Every order of the day (each event the app waits on held, released in an order a
        seed chooses, then every invariant checked):
          --explore COUNT  play COUNT seeded days; exit 1 with the first failing seed, the
                           invariant and the shortest order that still breaks it
          --seed S         play the day of seed S again
          --order IDS      with --seed: take the events in this order (ids, space-separated)
          --every-order N  with --seed: play every order of that seed's day, at most N days
        """

    struct UsageError: Error {
        let message: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options(command: .day(stage: Stage.all.count - 1))
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h": options.command = .help
            case "--list": options.command = .listStages
            case "--catalogue", "--catalog": options.command = .catalogue
            case "--verbose", "-v": options.verbose = true
            case "--stage":
                options.command = .day(stage: try stage(after: argument, from: &remaining))
            case "--compare":
                options.compare = try stage(after: argument, from: &remaining)
            case "--timeline": options.timelineText = true
            case "--timeline-html": options.timelineHTML = try path(after: argument, from: &remaining)
            case "--timeline-trace": options.timelineTrace = try path(after: argument, from: &remaining)
            case "--explore":
                options.explore = try number(after: argument, from: &remaining)
                guard options.explore! >= 1 else { throw UsageError(message: "--explore takes a count of at least 1") }
            case "--seed":
                guard let text = remaining.popFirst(), let seed = UInt64(text) else {
                    throw UsageError(message: "--seed needs a whole number, 0 or more")
                }
                options.seed = seed
            case "--every-order":
                options.everyOrder = try number(after: argument, from: &remaining)
                guard options.everyOrder! >= 1 else { throw UsageError(message: "--every-order takes a count of at least 1") }
            case "--order":
                guard let text = remaining.popFirst(), !text.hasPrefix("--") else { throw UsageError(message: "--order needs event ids") }
                options.order = text.split(separator: " ").map(String.init)
            case "--disk-delay":
                options.diskDelayMilliseconds = try number(after: argument, from: &remaining)
                guard (0...5_000).contains(options.diskDelayMilliseconds) else {
                    throw UsageError(message: "--disk-delay takes 0 to 5000 milliseconds")
                }
            default:
                throw UsageError(message: "unknown argument '\(argument)'")
            }
        }
        if options.compare != nil && !options.recordsTimeline {
            throw UsageError(message: "--compare draws a timeline: add --timeline, --timeline-html or --timeline-trace")
        }
        return try resolveExploring(options)
    }

    /// `--explore` and `--seed` turn a day's stage into exploring it.
    private static func resolveExploring(_ options: Options) throws(UsageError) -> Options {
        guard options.explore != nil || options.seed != nil || options.order != nil || options.everyOrder != nil else { return options }
        guard case .day(let stage) = options.command else { throw UsageError(message: "--explore and --seed go with a stage") }
        if options.explore != nil && options.seed != nil { throw UsageError(message: "give --explore or --seed, not both") }
        if (options.order != nil || options.everyOrder != nil) && options.seed == nil {
            throw UsageError(message: "--order and --every-order go with --seed")
        }
        if options.order != nil && options.everyOrder != nil { throw UsageError(message: "give --order or --every-order, not both") }
        if options.recordsTimeline { throw UsageError(message: "--explore and --seed draw no timeline") }
        var options = options
        if let count = options.explore { options.command = .explore(stage: stage, count: count) }
        if let seed = options.seed { options.command = .replay(stage: stage, seed: seed, order: options.order) }
        if let seed = options.seed, let limit = options.everyOrder { options.command = .everyOrder(stage: stage, seed: seed, limit: limit) }
        return options
    }

    private static func stage(after option: String, from remaining: inout ArraySlice<String>) throws(UsageError) -> Int {
        let stage = try number(after: option, from: &remaining)
        guard Stage.all.indices.contains(stage) else {
            throw UsageError(message: "no stage \(stage): stages are 0-\(Stage.all.count - 1)")
        }
        return stage
    }

    private static func path(after option: String, from remaining: inout ArraySlice<String>) throws(UsageError) -> String {
        guard let path = remaining.popFirst(), !path.hasPrefix("--") else { throw UsageError(message: "\(option) needs a file name") }
        return path
    }

    private static func number(after option: String, from remaining: inout ArraySlice<String>) throws(UsageError) -> Int {
        guard let text = remaining.popFirst() else { throw UsageError(message: "\(option) needs a number") }
        guard let value = Int(text) else { throw UsageError(message: "\(option) needs a number, not '\(text)'") }
        return value
    }
}
