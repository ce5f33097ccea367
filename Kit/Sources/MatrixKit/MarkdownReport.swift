import TrackerSpec

/// Renders a matrix as the Markdown of `Steps/MATRIX.md`: no timestamps, so that the same
/// measurement gives the same file.
public enum MarkdownReport {
    public static func render(_ matrix: Matrix, command: String) -> String {
        var out: [String] = []
        out.append("# The race matrix")
        out.append("")
        out.append(legend(matrix))
        out.append("")
        out.append(matrix.tsanSkipped
            ? "Measured with `\(command)`: no race scenario ran under ThreadSanitizer."
            : "Measured with `\(command)`: each of the \(Check.races.count) race scenarios ran \(times(matrix.runs)) per stage under ThreadSanitizer, one process each.")
        out.append("")
        out.append(table(matrix))
        out.append("")
        if let canary = matrix.canary {
            out.append("The simulators' canary (`\(CanaryTally.file)`): both races planted through their hand-offs were reported in \(canary.fullySeen)/\(canary.runs) runs.")
            out.append("")
        }
        out.append("Stages: " + matrix.stages.map { "\($0.number) \($0.title)" }.joined(separator: "; ") + ".")
        if let diagnostics = matrix.diagnostics, !diagnostics.isEmpty {
            out.append("")
            out.append("Diagnostic groups under complete checking (diagnostics per group; not every diagnostic names one):")
            out.append("")
            for stage in matrix.stages {
                guard let found = diagnostics[stage.number] else { continue }
                let groups = CompilerDiagnostics.groupCounts(found)
                let list = groups.isEmpty ? "none" : groups.map { "`\($0.group)` \($0.count)" }.joined(separator: ", ")
                out.append("- stage \(stage.number): \(list)")
            }
        }
        let counted = countedByCompilerCells(matrix)
        if !counted.isEmpty {
            out.append("")
            out.append("What each compiler cell counted (file:line:column, group, subject), and how its strict build shows that it compiled the stage:")
            out.append("")
            out += counted
        }
        let seen = seenBy(matrix)
        if !seen.isEmpty {
            out.append("")
            out.append("Which scenario's process saw each race (scenario: runs):")
            out.append("")
            out += seen
        }
        let unexpected = matrix.unexpectedReports
        if !unexpected.isEmpty {
            out.append("")
            out.append("## Unexpected reports")
            out.append("")
            out.append("TSan reports that belong to no catalogue row (properties; contexts; top stage frames):")
            out.append("")
            for report in unexpected {
                out.append("- stage \(report.stage), scenario `\(report.scenario)`, \(report.runs)/\(matrix.runs) runs: \(report.description)")
            }
        }
        let errors = matrix.allErrors
        if !errors.isEmpty {
            out.append("")
            out.append("## Errors")
            out.append("")
            out += errors.map { "- \($0)" }
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func legend(_ matrix: Matrix) -> String {
        "Each cell is what `Scripts/race-matrix` measured for one defect of the catalogue "
            + "(`Sources/TrackerSpec/Catalogue.swift`) in one stage. ThreadSanitizer rows show in how many runs "
            + "a race on the row's property between exactly the row's two contexts was reported, each report "
            + "attributed by its two racing frames (the first frame of each access that is not the runtime's, in "
            + "the stage's own sources, naming the property). A run is one process per race scenario. A present "
            + "cell counts the runs in which the row's own scenario reported it and must show every run; a cell "
            + "the catalogue expects TSan to see by chance only says \"(by chance)\" and must show at least one. "
            + "A fixed cell counts the runs in which any scenario reported the row, and must show none. A cell "
            + "reads \"moved\" where the stage moved the race to other contexts: its own contexts are clean, and "
            + "the row it names (measured in the same stage) is present; a report of its race between other "
            + "contexts in that stage is that moved race (counted as \"TSan saw it moved\", never demanded). "
            + "Suite and watchdog rows show the verdict the stage's shared suite measured, "
            + "the same in every run (a verdict that changes between runs is reported as a problem); "
            + "compiler rows count the unique warnings and errors `-strict-concurrency=complete` reports in the "
            + "stage's sources, deprecations excluded (a row that names declarations and groups counts the diagnostics "
            + "of those groups whose subject is one of those declarations; the list below says what each cell counted), "
            + "from a build that recompiled every file of the stage. A cell that disagrees with the catalogue is marked **MISMATCH**; a report that fits no row is "
            + "listed as unexpected; either fails the run."
    }

    static func table(_ matrix: Matrix) -> String {
        var lines: [String] = []
        lines.append("| defect | detected by | " + matrix.stages.map { "stage \($0.number)" }.joined(separator: " | ") + " |")
        lines.append("|---|---|" + String(repeating: "---|", count: matrix.stages.count))
        for defect in matrix.defects {
            let cells = matrix.stages.map { matrix.cell(defect, $0).text }
            lines.append("| `\(defect.id)` | \(defect.detector) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    static func countedByCompilerCells(_ matrix: Matrix) -> [String] {
        guard let diagnostics = matrix.diagnostics else { return [] }
        var lines: [String] = []
        for stage in matrix.stages {
            guard let found = diagnostics[stage.number] else { continue }
            lines.append("- stage \(stage.number): \(matrix.compileProofs[stage.number] ?? "**no proof of a compile**")")
            for defect in matrix.defects where defect.measuredBy == .compiler {
                let counted = DiagnosticSubjects.counted(by: defect, in: found)
                let list = counted.map { diagnostic in
                    let file = diagnostic.path.split(separator: "/").last.map(String.init) ?? diagnostic.path
                    return "`\(file):\(diagnostic.line):\(diagnostic.column)` \(diagnostic.groups.first ?? "no group") \(diagnostic.subject ?? "-")"
                }
                lines.append("  - `\(defect.id)` \(counted.count)" + (list.isEmpty ? "" : ": " + list.joined(separator: ", ")))
            }
        }
        return lines
    }

    static func seenBy(_ matrix: Matrix) -> [String] {
        matrix.defects.filter { $0.tsanRow != nil }.compactMap { defect in
            let stages = matrix.stages.compactMap { stage -> String? in
                guard let scenarios = matrix.tsan[stage.number]?.scenarios(of: defect.id), !scenarios.isEmpty else {
                    return nil
                }
                return "stage \(stage.number): " + scenarios.map { "`\($0.scenario)` \($0.runs)" }.joined(separator: ", ")
            }
            return stages.isEmpty ? nil : "- `\(defect.id)`: " + stages.joined(separator: "; ")
        }
    }

    static func times(_ runs: Int) -> String { runs == 1 ? "once" : "\(runs) times" }
}
