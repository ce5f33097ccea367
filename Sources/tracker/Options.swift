import Foundation
import TrackerSpec

/// What the command line asked for.
struct Options {
    enum Command {
        case day(stage: Int)
        case listStages
        case catalogue
        case help
    }

    var command: Command
    var diskDelayMilliseconds = 20
    var verbose = false

    static let usage = """
        Usage: tracker [--stage N] [--disk-delay MS] [--verbose]
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
                let stage = try number(after: argument, from: &remaining)
                guard Stage.all.indices.contains(stage) else {
                    throw UsageError(message: "no stage \(stage): stages are 0-\(Stage.all.count - 1)")
                }
                options.command = .day(stage: stage)
            case "--disk-delay":
                options.diskDelayMilliseconds = try number(after: argument, from: &remaining)
                guard (0...5_000).contains(options.diskDelayMilliseconds) else {
                    throw UsageError(message: "--disk-delay takes 0 to 5000 milliseconds")
                }
            default:
                throw UsageError(message: "unknown argument '\(argument)'")
            }
        }
        return options
    }

    private static func number(after option: String, from remaining: inout ArraySlice<String>) throws(UsageError) -> Int {
        guard let text = remaining.popFirst() else { throw UsageError(message: "\(option) needs a number") }
        guard let value = Int(text) else { throw UsageError(message: "\(option) needs a number, not '\(text)'") }
        return value
    }
}
