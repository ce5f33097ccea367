import TrackerSpec

/// The command line of `Scripts/race-matrix`.
public struct MatrixOptions: Sendable, Equatable {
    public var runs = 1
    /// The stage numbers to measure; `nil`: every stage of `Stage.all`.
    public var stages: [Int]?
    public var skipStatic = false
    public var skipSuite = false
    public var skipTSan = false
    /// Whether to write the tracked Steps/MATRIX.md (`--write`); by default nothing is written.
    public var write = false
    public var output: String?
    public var help = false

    public init() {}

    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public static let usage = """
        usage: Scripts/race-matrix [--runs N] [--stages 0,2] [--skip-static] [--skip-suite] [--skip-tsan] [--write | --output PATH]

        Measures every cell of the defect catalogue (Sources/TrackerSpec/Catalogue.swift), defect by
        stage: ThreadSanitizer reports of each stage's race scenarios, the verdicts of the shared suite
        (suite and watchdog rows) and the strict-concurrency diagnostics (compiler row). Prints the
        matrix as a Markdown table and exits 1 when a cell differs from the catalogue, a report belongs
        to no row, or a measurement failed. It writes no file unless asked to.

          --runs N        run every race scenario N times per stage (default 1) and show the rate
          --stages LIST   measure these stages only (comma-separated numbers)
          --skip-static   skip the compiler row (no -strict-concurrency=complete builds)
          --skip-suite    skip the suite and watchdog rows
          --skip-tsan     skip the ThreadSanitizer rows (no race scenarios run)
          --write         also write the Markdown to Steps/MATRIX.md (tracked by git): every stage only,
                          and with --runs 20 for the detection rates the notes quote
          --output PATH   also write the Markdown to PATH
          --help          show this help

        Exit status: 0 the matrix agrees with the catalogue; 1 it does not, or a measurement failed;
        2 bad arguments; 3 ThreadSanitizer is unavailable.
        """

    public static func parse(_ arguments: [String], knownStages: [Int] = Stage.all.map(\.number)) throws(UsageError) -> MatrixOptions {
        var options = MatrixOptions()
        var rest = arguments[...]
        func value(for flag: String) throws(UsageError) -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw UsageError(description: "\(flag) needs a value")
            }
            return value
        }
        while let argument = rest.popFirst() {
            var argument = argument
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
                argument = String(argument[..<equals])
            }
            switch argument {
            case "--runs":
                let text = try value(for: argument)
                guard let runs = Int(text), runs >= 1 else { throw UsageError(description: "--runs needs a positive number, not \(text)") }
                options.runs = runs
            case "--stages":
                let text = try value(for: argument)
                var stages: [Int] = []
                for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let number = Int(part), knownStages.contains(number) else {
                        throw UsageError(description: "no stage \"\(part)\" (stages: \(knownStages.map(String.init).joined(separator: ",")))")
                    }
                    if !stages.contains(number) { stages.append(number) }
                }
                options.stages = stages.sorted()
            case "--skip-static": options.skipStatic = true
            case "--skip-suite": options.skipSuite = true
            case "--skip-tsan": options.skipTSan = true
            case "--write": options.write = true
            case "--output": options.output = try value(for: argument)
            case "--help", "-h": options.help = true
            default: throw UsageError(description: "unknown argument: \(argument)")
            }
        }
        if options.write && options.stages != nil {
            throw UsageError(description: "--write replaces Steps/MATRIX.md, which holds every stage: drop --stages, or use --output PATH")
        }
        if options.write && options.output != nil {
            throw UsageError(description: "--write and --output both name where to write: give one")
        }
        return options
    }

    /// The tracked matrix, which only `--write` replaces.
    public static let trackedPath = "Steps/MATRIX.md"

    /// Whether to write the Markdown file, and where (`nil`: do not write).
    public var outputPath: String? {
        write ? Self.trackedPath : output
    }

    /// The command as the matrix file quotes it (without --output, which changes nothing measured;
    /// with --write, the command that made Steps/MATRIX.md).
    public var command: String {
        var parts = ["Scripts/race-matrix"]
        if runs != 1 { parts.append("--runs \(runs)") }
        if let stages { parts.append("--stages " + stages.map(String.init).joined(separator: ",")) }
        if skipStatic { parts.append("--skip-static") }
        if skipSuite { parts.append("--skip-suite") }
        if skipTSan { parts.append("--skip-tsan") }
        if write { parts.append("--write") }
        return parts.joined(separator: " ")
    }
}
