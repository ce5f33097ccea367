import Foundation
import MatrixKit

/// The escape hatches a learner may not add unless the exercise allows them (exercise.json
/// "allowsHatches"), found in the parser's tree (`swiftc -dump-parse`) rather than by a
/// pattern over one spelling: comments and strings never count, any spacing or line break
/// does. A hatch is the learner's when their file holds more of its kind than the start's;
/// the grade names the changed lines that hold it.
enum Hatch: String, CaseIterable, Codable {
    case nonisolatedUnsafe = "nonisolated-unsafe"
    case uncheckedSendable = "unchecked-sendable"
    case preconcurrencyImport = "preconcurrency-import"
    case preconcurrencyConformance = "preconcurrency-conformance"
    case assumeIsolated = "assume-isolated"
    case actorToClass = "actor-to-class"

    var words: String {
        switch self {
        case .nonisolatedUnsafe: "`nonisolated(unsafe)` opts a value out of isolation checking"
        case .uncheckedSendable: "`@unchecked Sendable` claims safety the compiler cannot check"
        case .preconcurrencyImport: "`@preconcurrency import` silences a module's missing annotations"
        case .preconcurrencyConformance: "a `@preconcurrency` conformance turns the compiler's check into a runtime trap"
        case .assumeIsolated: "`assumeIsolated` asserts an isolation the compiler could not prove"
        case .actorToClass: "an actor became a class: its state lost the actor's protection"
        }
    }

    /// The text on a changed line that shows the hatch (to name the line).
    var token: String {
        switch self {
        case .nonisolatedUnsafe: "unsafe"
        case .uncheckedSendable: "@unchecked"
        case .preconcurrencyImport, .preconcurrencyConformance: "@preconcurrency"
        case .assumeIsolated: "assumeIsolated"
        case .actorToClass: "class"
        }
    }
}

/// One file's hatches, from its parse tree: how many of each kind, and the actors it declares.
struct HatchCount: Equatable {
    var counts: [Hatch: Int] = [:]
    var actors: Set<String> = []
    var classes: Set<String> = []

    init(file: URL) {
        let result = Shell(directory: file.deletingLastPathComponent(), scratch: FileManager.default.temporaryDirectory)
            .run(["swiftc", "-dump-parse", file.path])
        let source = ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        for line in result.output.split(separator: "\n") {
            let node = line.drop { $0 == " " }
            if node.hasPrefix("(nonisolated_attr ") && node.contains(" unsafe") { counts[.nonisolatedUnsafe, default: 0] += 1 }
            if node.hasPrefix("(unresolved_dot_expr ") && node.contains("field=\"assumeIsolated\"") { counts[.assumeIsolated, default: 0] += 1 }
            if let inherits = Self.attribute("inherits", node) {
                counts[.uncheckedSendable, default: 0] += inherits.components(separatedBy: "@unchecked").count - 1
                counts[.preconcurrencyConformance, default: 0] += inherits.components(separatedBy: "@preconcurrency").count - 1
            }
            if node.hasPrefix("(class_decl "), let name = Self.name(node) {
                if node.contains("\" actor") { actors.insert(name) } else { classes.insert(name) }
            }
            // The parse keeps no attribute of an import: the text before its keyword holds it.
            if node.hasPrefix("(import_decl "), let (row, column) = Self.start(node), source.indices.contains(row - 1),
               source[row - 1].prefix(max(0, column - 1)).contains("@preconcurrency") {
                counts[.preconcurrencyImport, default: 0] += 1
            }
        }
    }

    static func attribute(_ key: String, _ node: Substring) -> String? {
        guard let range = node.range(of: " \(key)=\"") else { return nil }
        return String(node[range.upperBound...].prefix { $0 != "\"" })
    }

    static func name(_ node: Substring) -> String? {
        guard let open = node.range(of: "] \"") else { return nil }
        return String(node[open.upperBound...].prefix { $0 != "\"" })
    }

    /// The line and column where the node's range starts.
    static func start(_ node: Substring) -> (Int, Int)? {
        guard let range = node.range(of: #"range=\[[^:\]]*:(\d+):(\d+)"#, options: .regularExpression) else { return nil }
        let parts = node[range].split(separator: ":")
        guard parts.count >= 3, let row = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { return nil }
        return (row, column)
    }
}

extension Grader {
    /// The hatch line, unless verify grades another line alone.
    func hatchFindings(_ run: GradingRun) -> [Finding] {
        run.focus.map { $0 == Subject(.hatch) } ?? true ? [hatchFinding(run.exercise)] : []
    }

    /// The hatch line: every Swift file of the edited folder against the start's, by the
    /// parser's count; a hatch the exercise allows is left out, one it takes out must be gone.
    func hatchFinding(_ exercise: Exercise) -> Finding {
        let removes = exercise.removesHatches ?? []
        let title = "no escape hatch added: \(Hatch.allCases.filter { !(exercise.allowsHatches ?? []).contains($0) }.map(\.rawValue).joined(separator: ", "))"
            + (removes.isEmpty ? "" : "; none left of \(removes.map(\.rawValue).joined(separator: ", "))")
        let fm = FileManager.default
        let fresh = fm.temporaryDirectory.appendingPathComponent("workbench-hatch-\(getpid())")
        defer { try? fm.removeItem(at: fresh) }
        guard (try? workspace.startingState(of: exercise, in: fresh)) != nil else {
            return Finding(Subject(.hatch), .error, title: title, details: ["could not write the starting state to compare"])
        }
        let changed = workspace.changedLines(exercise)
        var details: [String] = []
        for file in changed.keys.sorted() where file.hasSuffix(".swift") {
            let mine = workspace.exercise.appendingPathComponent("Sources/\(exercise.editedFolder)/\(file)")
            let start = fresh.appendingPathComponent("Sources/\(exercise.editedFolder)/\(file)")
            let (now, before) = (HatchCount(file: mine), fm.fileExists(atPath: start.path) ? HatchCount(file: start) : HatchCount())
            var added = Hatch.allCases.filter { (now.counts[$0] ?? 0) > (before.counts[$0] ?? 0) }
            if !before.actors.subtracting(now.actors).intersection(now.classes).isEmpty { added.append(.actorToClass) }
            added += removes.filter { (now.counts[$0] ?? 0) > 0 && !added.contains($0) }
            for hatch in added where !(exercise.allowsHatches ?? []).contains(hatch) {
                let text = (try? String(contentsOf: mine, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
                // A hatch added is named on the changed lines; one the task takes out, wherever it is left.
                let candidates = removes.contains(hatch) ? text.indices.map { $0 + 1 } : (changed[file] ?? []).sorted()
                let lines = candidates.filter { text.indices.contains($0 - 1) && text[$0 - 1].contains(hatch.token) }
                details.append("\(hatch.rawValue): \(hatch.words), at Exercise/Sources/\(exercise.editedFolder)/\(file)"
                    + (lines.isEmpty ? "" : ":" + lines.map(String.init).joined(separator: ",")))
            }
        }
        return Finding(Subject(.hatch), details.isEmpty ? .pass : .fail, title: title, details: details)
    }
}

extension HatchCount {
    init() {}
}
