import Foundation
import MatrixKit

// Exercise 18's grade: the global through which ClockKit's controller finds the running
// model, judged by its isolation, whatever it is called and wherever it lives. The global is
// found by what the app does with it: the static the launch (`makeScene`) sets, or, where the
// launch sets none, the one the complication controller's `init` reads its model from; or a
// global variable of the module's own that the launch sets or the controller reads.

/// The global found in the exercise's sources: a static, `owner.name`, or a module's global.
struct LaunchGlobal: Equatable {
    /// The type that holds a static; `nil` for a global variable of the module.
    let owner: String?
    let name: String
    var expression: String { owner.map { "\($0).\(name)" } ?? name }

    /// The static the launch sets in CoffeeTrackerApp.swift; else the one the controller
    /// reads; else a global variable of the module that either of them uses that way.
    static func find(in folder: URL) -> LaunchGlobal? {
        func text(_ file: String) -> String {
            (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
        }
        let launch = text("CoffeeTrackerApp.swift"), controller = text("ComplicationController.swift")
        // `Type.name = ` (not `==`): an assignment to a static, in the launch.
        let set = firstMatch(#"\b([A-Z]\w*)\.([a-z_]\w*)\s*=(?!=)"#, in: launch)
        // `model = Type.name` (an optional unwrapped or not), in the controller.
        let read = firstMatch(#"\bmodel\s*=\s*([A-Z]\w*)\.([a-z_]\w*)\b(?!\s*\()"#, in: controller)
        return set ?? read ?? moduleGlobal(in: folder, launch: launch, controller: controller)
    }

    /// A variable declared at the top level of a file (no indentation), that the launch
    /// assigns or the controller reads its model from.
    private static func moduleGlobal(in folder: URL, launch: String, controller: String) -> LaunchGlobal? {
        let declared = #"(?m)^(?:@\w+(?:\([^)]*\))?\s+|(?:nonisolated(?:\(unsafe\))?|private|fileprivate|internal|public|weak|unowned)\s+)*(?:var|let)\s+([a-z_]\w*)\b"#
        guard let regex = try? NSRegularExpression(pattern: declared) else { return nil }
        var names: [String] = []
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where file.hasSuffix(".swift") {
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let name = Range(match.range(at: 1), in: text) { names.append(String(text[name])) }
            }
        }
        let used = names.first { name in
            let escaped = NSRegularExpression.escapedPattern(for: name)
            return launch.range(of: #"(?<![\w.])"# + escaped + #"\s*=(?!=)"#, options: .regularExpression) != nil
                || controller.range(of: #"\bmodel\s*=\s*"# + escaped + #"\b(?!\s*\()"#, options: .regularExpression) != nil
        }
        return used.map { LaunchGlobal(owner: nil, name: $0) }
    }

    private static func firstMatch(_ pattern: String, in text: String) -> LaunchGlobal? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let owner = Range(match.range(at: 1), in: text), let name = Range(match.range(at: 2), in: text) else { return nil }
        return LaunchGlobal(owner: String(text[owner]), name: String(text[name]))
    }

    /// The lines of the exercise's sources that declare the global or use it by its owner's
    /// name, as "File.swift:12".
    func lines(in folder: URL) -> Set<String> {
        // A module's global is used by its bare name, which no `.` may precede.
        let boundary = owner == nil ? "(?<![\\w.])" : "\\b"
        let uses = try? NSRegularExpression(pattern: "\(boundary)\(NSRegularExpression.escapedPattern(for: expression))\\b")
        let declaration = try? NSRegularExpression(pattern: "\\bstatic\\b.*\\b(var|let)\\s+\(NSRegularExpression.escapedPattern(for: name))\\b")
        var found: Set<String> = []
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []) where file.hasSuffix(".swift") {
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                let range = NSRange(line.startIndex..., in: line)
                if [uses, declaration].contains(where: { $0?.firstMatch(in: line, range: range) != nil }) {
                    found.insert("\(file):\(number + 1)")
                }
            }
        }
        return found
    }

    /// A later change by someone who has not read the exercise: the global read off the main
    /// thread, written so that it type-checks whatever the global's type (optional or not).
    var laterChange: String {
        """
        import Foundation

        func logTheModelInTheBackground() {
            DispatchQueue.global().async {
                let model = \(expression)
                print(model as Any)
            }
        }

        """
    }

    /// The compiler's isolation diagnostic (Swift 6.3 gives it no group): a declaration
    /// isolated to an actor, used from code that is not.
    static func isIsolationDiagnostic(_ message: String) -> Bool {
        message.range(of: #"-isolated .* (can ?not|cannot) be (referenced|accessed|mutated|used)"#, options: .regularExpression) != nil
            || message.contains("[#ActorIsolatedCall]")
    }
}

extension Grader {
    /// Both lines of exercise 18's grade. `quiet`: no diagnostic where the global is declared
    /// and where the app (on main) uses it. Otherwise: a read off main draws an isolation diagnostic.
    func gradeLaunchGlobal(_ exercise: Exercise, quiet: Bool, diagnostics: [Diagnostic], shell: Shell, scratch: String,
                           subject: Subject) -> Finding {
        let title = Self.title(of: exercise.graded.first { $0.subject == subject } ?? .launchGlobalQuiet, in: exercise)
        let folder = workspace.exercise.appendingPathComponent("Sources/\(exercise.folder)")
        guard let global = LaunchGlobal.find(in: folder) else {
            return Finding(subject, .fail, title: title, details: [
                "the launch (`makeScene`) sets no static or global, and `ComplicationController.init()` reads its model from none:",
                "how does the controller find the running model?",
            ])
        }
        if quiet {
            let lines = global.lines(in: folder)
            let named = diagnostics.filter { lines.contains("\(($0.path as NSString).lastPathComponent):\($0.line)") }
            return Finding(subject, named.isEmpty ? .pass : .fail, title: title,
                details: named.isEmpty ? ["`\(global.expression)`: no diagnostic where it is declared or used"]
                    : named.prefix(4).map { "`\(global.expression)`: \($0.path):\($0.line):\($0.column): \($0.severity): \($0.message)" })
        }
        return gradeLaterRead(of: global, exercise, shell: shell, scratch: scratch, title: title, subject: subject)
    }

    /// Type-checks the exercise's folder together with the later change, against the modules
    /// the grade's build just made: a second, and the learner's copy is not touched.
    private func gradeLaterRead(of global: LaunchGlobal, _ exercise: Exercise, shell: Shell, scratch: String,
                                title: String, subject: Subject) -> Finding {
        let folder = workspace.exercise.appendingPathComponent("Sources/\(exercise.folder)")
        let sources = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0).path }
        let change = shell.scratch.appendingPathComponent("LaterChange.swift")
        do { try global.laterChange.write(to: change, atomically: true, encoding: .utf8) } catch {
            return Finding(subject, .fail, title: title, details: ["could not write the later change: \(error)"])
        }
        let modules = Workspace.moduleFolder(shell, scratch: scratch, tsan: exercise.usesTSan)
            ?? workspace.exercise.appendingPathComponent(scratch).path
        let check = shell.run(
            ["swiftc", "-typecheck", "-module-name", exercise.folder, "-I", modules]
                + exercise.settings.swiftcFlags + (exercise.complete ? ["-strict-concurrency=complete"] : [])
                + sources + [change.path])
        let said = check.output.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix(change.path + ":") && ($0.contains(": error: ") || $0.contains(": warning: "))
        }.map { String($0.dropFirst(change.path.count + 1)) }
        let isolation = said.filter(LaunchGlobal.isIsolationDiagnostic)
        let others = said.filter { !LaunchGlobal.isIsolationDiagnostic($0) }
        if !isolation.isEmpty && others.allSatisfy({ !$0.contains(": error: ") }) {
            return Finding(subject, .pass, title: title, details: ["a read of `\(global.expression)` off main: \(isolation[0])"])
        }
        return Finding(subject, .fail, title: title, details: [
            isolation.isEmpty
                ? "the compiler says nothing about a read of `\(global.expression)` off the main thread that is about its isolation"
                : "the read of `\(global.expression)` off the main thread does not compile for another reason",
        ] + said.prefix(3).map { "  LaterChange.swift:\($0)" } + [
            "the later change: DispatchQueue.global().async { let model = \(global.expression); print(model as Any) }",
        ])
    }
}
