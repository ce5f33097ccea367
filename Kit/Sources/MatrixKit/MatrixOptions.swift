import TrackerSpec

/// The command line of `Scripts/race-matrix`.
public struct MatrixOptions: Sendable, Equatable {
    public var runs = 1
    /// The stage numbers to measure; `nil`: every stage of `Stage.all`.
    public var stages: [Int]?
    public var skipStatic = false
    public var skipSuite = false
    public var skipTSan = false
    public var output: String?
    public var help = false

    public init() {}

    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public static let usage = """
        usage: Scripts/race-matrix [--runs N] [--stages 0,2] [--skip-static] [--skip-suite] [--skip-tsan] [--output PATH]

        Measures every cell of the defect catalogue (Sources/TrackerSpec/Catalogue.swift), defect by
        stage: ThreadSanitizer reports of each stage's race scenarios, the verdicts of the shared suite
        (suite and watchdog rows) and the strict-concurrency diagnostics (compiler row). Prints the
        matrix as a Markdown table, writes it to Steps/MATRIX.md and exits 1 when a cell differs from
        the catalogue, a report belongs to no row, or a measurement failed.

          --runs N        run every race scenario N times per stage (default 1) and show the rate
          --stages LIST   measure these stages only (comma-separated numbers); Steps/MATRIX.md is then
                          left alone unless --output is given
          --skip-static   skip the compiler row (no -strict-concurrency=complete builds)
          --skip-suite    skip the suite and watchdog rows
          --skip-tsan     skip the ThreadSanitizer rows (no race scenarios run)
          --output PATH   write the Markdown here instead of Steps/MATRIX.md
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
            case "--output": options.output = try value(for: argument)
            case "--help", "-h": options.help = true
            default: throw UsageError(description: "unknown argument: \(argument)")
            }
        }
        return options
    }

    /// Whether to write the Markdown file, and where (`nil`: do not write).
    public var outputPath: String? {
        if let output { return output }
        return stages == nil ? "Steps/MATRIX.md" : nil
    }

    /// The command as the matrix file quotes it (without --output, which changes nothing measured).
    public var command: String {
        var parts = ["Scripts/race-matrix"]
        if runs != 1 { parts.append("--runs \(runs)") }
        if let stages { parts.append("--stages " + stages.map(String.init).joined(separator: ",")) }
        if skipStatic { parts.append("--skip-static") }
        if skipSuite { parts.append("--skip-suite") }
        if skipTSan { parts.append("--skip-tsan") }
        return parts.joined(separator: " ")
    }
}
