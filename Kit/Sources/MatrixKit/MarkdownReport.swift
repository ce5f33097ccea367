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
        out += CatalogueTable.wrap(matrix.tsanSkipped
            ? "Measured with `\(command)`: no race scenario ran under ThreadSanitizer."
            : "Measured with `\(command)`: each of the \(Check.races.count) race scenarios ran \(times(matrix.runs)) per stage under ThreadSanitizer, one process each.")
        out.append("")
        out.append(table(matrix))
        out.append("")
        let mismatches = matrix.mismatches
        if !mismatches.isEmpty {
            out.append("## Mismatches")
            out.append("")
            out += mismatches.map { "- `\($0.defect.id)`, stage \($0.stage): \($0.mismatch ?? "")" }
            out.append("")
        }
        out += rows(matrix).flatMap { CatalogueTable.wrap($0, indent: "  ") }
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

    /// What the marks and numbers of the table mean, wrapped to the table's width.
    static func legend(_ matrix: Matrix) -> String {
        let paragraphs = [
            "Each cell is what `Scripts/race-matrix` measured for one defect of the catalogue "
                + "(`Sources/TrackerSpec/Catalogue.swift`) in one stage (the columns 0 to \(matrix.stages.last?.number ?? 0)), "
                + "judged against the catalogue. The marks:",
            "- `\(CatalogueTable.present)` present, `\(CatalogueTable.fixed)` fixed; "
                + "`\(CatalogueTable.moved)` moved: the stage moved the race to other contexts, its own contexts are "
                + "clean and the row named in the list below the table is present in the same stage; "
                + "`\(CatalogueTable.notYet)` not yet: a later step brings the defect in, and the stage is measured "
                + "as for a fixed cell.",
            "- The number of a ThreadSanitizer row: in how many of the \(matrix.runs) runs a race on the row's property "
                + "between exactly the row's two contexts was reported. A present cell counts the runs of the row's "
                + "own scenario and must show every run; `~` marks a cell the catalogue expects TSan to see by "
                + "chance only, which must show at least one. Any other cell counts the runs of any scenario and "
                + "must show none.",
            "- The number of a compiler row: the unique warnings and errors `-strict-concurrency=complete` reports "
                + "in the stage's sources, deprecations excluded, from a build that recompiled every file of the "
                + "stage (a row that names declarations and groups counts the diagnostics of those groups whose "
                + "subject is one of those declarations; the list at the end says what each cell counted). Suite "
                + "and watchdog rows show the verdict the stage's shared suite measured, the same in every run.",
            "- `!` the cell disagrees with the catalogue (see Mismatches), `ERR` it could not be measured (see "
                + "Errors), `skip` it was not measured on request. Either of the first two, or a report that fits "
                + "no row (listed as unexpected), fails the run.",
            "A run is one process per race scenario. Each report is attributed by its two racing frames (the first "
                + "frame of each access that is not the runtime's, in the stage's own sources, naming the property). "
                + "A report of a moved row's race between other contexts in that stage is that moved race: the list "
                + "below the table counts it as \"TSan saw it moved\", never demanded.",
        ]
        return paragraphs.map { paragraph in
            CatalogueTable.wrap(paragraph, indent: paragraph.hasPrefix("- ") ? "  " : "").joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// One short row per defect, one narrow column per stage: at most 100 columns.
    static func table(_ matrix: Matrix) -> String {
        CatalogueTable.table(
            header: ["defect", "by"] + matrix.stages.map { "\($0.number)" },
            rows: matrix.defects.map { defect in
                ["`\(defect.id)`", kind(defect.detector)] + matrix.stages.map { matrix.cell(defect, $0).mark }
            }
        ).joined(separator: "\n")
    }

    static func kind(_ detector: Defect.Detector) -> String {
        switch detector {
        case .suite: "suite"
        case .threadSanitizer: "TSan"
        case .watchdog: "watchdog"
        case .compiler: "compiler"
        }
    }

    /// Under the table: each row's detector in full, its summary, and where its race moved.
    static func rows(_ matrix: Matrix) -> [String] {
        matrix.defects.map { defect in
            var line = "- `\(defect.id)` (\(defect.detector))" + (defect.summary.isEmpty ? "" : ": \(defect.summary)")
            let moved = matrix.stages.compactMap { stage -> String? in
                guard let proof = matrix.cell(defect, stage).movedProof else { return nil }
                return "stage \(stage.number) to `\(proof.row)`"
                    + (proof.present == nil ? " (not measured)" : "")
                    + (proof.seenMoved > 0 ? " (TSan saw it moved \(proof.seenMoved)/\(matrix.runs))" : "")
            }
            if !moved.isEmpty { line += ". Moved in " + moved.joined(separator: ", ") }
            return line
        }
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
