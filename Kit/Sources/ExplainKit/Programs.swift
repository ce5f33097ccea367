import Foundation
import Synchronization

/// One of Kit/Explain/programs/: a small program in the shape of a public issue, with the
/// diagnostic it must produce, the row and cause it must route to, and the fix the router
/// teaches (the `#if FIXED` branch). Its header:
///
///     // source: https://github.com/…/issues/1
///     // flags: -swift-version 6
///     // expect: sending-value task-isolated
///     // uses: OldKit          (optional: programs/modules/OldKit.swift, its own "// flags:")
///     // runs: 3 readings      (optional: the fixed program's output)
///     // before: runs          (optional: run the unfixed program too; what it prints at run time routes)
///     // wrong: HOP LET        (optional: wrong fixes, each under `#if NAME`, that must still fail)
///     // stand-in: …           (optional: which Apple-only framework it declares, and how)
public struct Program: Sendable {
    public var file: String
    public var source: String
    public var flags: [String]
    public var row: String
    public var cause: String?
    public var modules: [String]
    public var runs: String?
    /// A line a compiler bug of another toolchain printed: routed instead of a build, and the
    /// program must build cleanly here (the later toolchain's fix).
    public var line: String?
    /// `before: runs`: a run-time kind (a trap, a TSan report). The unfixed program builds
    /// cleanly and is run; what it prints (a crash's report with its frames) is what routes.
    public var runsBefore = false
    /// `wrong: NAME …`: wrong fixes the router names, each the code under `#if NAME`. Built in
    /// place of the fix, each must still fail: print a diagnostic, or (with `before: runs`)
    /// print at run time something that routes to the row.
    public var wrong: [String] = []

    public static func parse(file: String, text: String) throws -> Program {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n").prefix(12) where line.hasPrefix("// ") {
            let body = line.dropFirst(3)
            guard let colon = body.firstIndex(of: ":") else { continue }
            fields[String(body[..<colon])] = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let source = fields["source"], source.hasPrefix("https://"), let flags = fields["flags"],
              let expect = fields["expect"]?.split(separator: " ").map(String.init), !expect.isEmpty else {
            throw TableError("\(file): needs '// source: https://…', '// flags: …' and '// expect: ROW [CAUSE]' lines")
        }
        guard text.contains("#if FIXED") else { throw TableError("\(file): has no '#if FIXED' branch (the fix)") }
        if let before = fields["before"], before != "runs" { throw TableError("\(file): '// before:' takes 'runs' only") }
        let wrong = fields["wrong"]?.split(separator: " ").map(String.init) ?? []
        for name in wrong where !text.contains("#if \(name)") && !text.contains("#elseif \(name)") {
            throw TableError("\(file): names the wrong fix \(name) but has no '#if \(name)' or '#elseif \(name)' branch")
        }
        var program = Program(file: file, source: source, flags: flags.split(separator: " ").map(String.init), row: expect[0],
                              cause: expect.count > 1 ? expect[1] : nil,
                              modules: fields["uses"]?.split(separator: " ").map(String.init) ?? [], runs: fields["runs"],
                              line: fields["line"])
        program.runsBefore = fields["before"] == "runs"
        program.wrong = wrong
        return program
    }

    /// What a developer's build settings would tell `explain --package` or `try` about it.
    public var settings: BuildSettings {
        var facts: Set<BuildSettings.Fact> = []
        if flags.joined(separator: " ").contains("-default-isolation MainActor") { facts.insert(.defaultMainActor) }
        if flags.contains("NonisolatedNonsendingByDefault") { facts.insert(.nonisolatedNonsending) }
        return BuildSettings(facts: facts)
    }
}

/// Builds every program before its fix (its line must route to its row and cause; with `before:
/// runs`, what it prints when run) and after (no diagnostic at all; where it has `runs:`, it runs
/// and prints that), and each wrong fix it names (it must still fail), two at a time.
public struct ProgramRunner {
    let root: URL
    let scratch: URL
    let router: Router
    var log: (String) -> Void

    public init(root: URL, scratch: URL, router: Router, log: @escaping (String) -> Void) {
        self.root = root
        self.scratch = scratch
        self.router = router
        self.log = log
    }

    public static func files(under root: URL) -> [String] {
        let folder = root.appendingPathComponent("Kit/Explain/programs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { "Kit/Explain/programs/\($0)" }
    }

    /// (problems, a line per program)
    public func run(only prefixes: [String] = []) -> (problems: [String], lines: [String]) {
        let files = Self.files(under: root).filter { file in
            prefixes.isEmpty || prefixes.contains { URL(fileURLWithPath: file).lastPathComponent.hasPrefix($0) }
        }
        log("building \(files.count) programs before and after their fix …")
        try? FileManager.default.createDirectory(at: scratch.appendingPathComponent("modules"), withIntermediateDirectories: true)
        let results = Mutex([String: (problems: [String], line: String)]())
        let next = Atomic(0)
        let builder = ProgramBuilder(root: root, scratch: scratch, router: router)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < files.count else { return }
                let outcome = builder.check(files[index])
                results.withLock { $0[files[index]] = outcome }
            }
        }
        let all = results.withLock { $0 }
        return (files.flatMap { all[$0]?.problems ?? [] }, files.compactMap { all[$0]?.line })
    }
}

/// One program's builds and verdict; Sendable, so two run at once.
struct ProgramBuilder: Sendable {
    let root: URL
    let scratch: URL
    let router: Router

    func check(_ file: String) -> (problems: [String], line: String) {
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
            return (["\(file): cannot read"], "FAIL  \(name)")
        }
        let program: Program
        do { program = try Program.parse(file: file, text: text) } catch { return (["\(error)"], "FAIL  \(name)") }
        var problems: [String] = []
        let before = compile(program, fixed: false)
        if program.line != nil, Self.diagnostics(in: before.output).count > 0 {
            problems.append("\(file): the toolchain bug it quotes is back here: \(before.output.prefix(200))")
        }
        if program.runsBefore, before.status != 0 || !Self.diagnostics(in: before.output).isEmpty {
            problems.append("\(file): runs before its fix, so it must build cleanly, but prints: \(before.output.prefix(200))")
        }
        let printed = program.runsBefore ? run(program, name: name, defines: []) : (program.line ?? before.output)
        let routed = router.route(printed, settings: program.settings, single: program.line != nil)
        let hit = routed.diagnostics.first { $0.row?.id == program.row }
        if hit == nil {
            problems.append("\(file): before its fix, no line routes to \(program.row): "
                + (routed.diagnostics.first.map { "\($0.row?.id ?? "unknown"): \($0.entry.message)" } ?? "no diagnostic"))
        } else if let cause = program.cause, hit?.causes?.first?.id != cause {
            problems.append("\(file): routes to \(program.row) but its first cause is "
                + "\(hit?.causes?.first?.id ?? "none"), not \(cause)")
        }
        let after = compile(program, fixed: true)
        let left = Self.diagnostics(in: after.output)
        if after.status != 0 || !left.isEmpty {
            problems.append("\(file): after its fix it still prints: \(left.first ?? Substring(after.output.prefix(200)))")
        } else if let expected = program.runs {
            let output = run(program, name: name, defines: ["FIXED"]).trimmingCharacters(in: .whitespacesAndNewlines)
            if output != expected { problems.append("\(file): the fixed program printed '\(output)', not '\(expected)'") }
        }
        for wrong in program.wrong {
            // A wrong fix still fails: the compiler refuses it, or (run-time kinds) it still prints the kind.
            let build = compile(program, defines: [wrong])
            if build.status != 0 || !Self.diagnostics(in: build.output).isEmpty { continue }
            let still = program.runsBefore
                && router.route(run(program, name: name, defines: [wrong]), settings: program.settings).diagnostics.contains { $0.row?.id == program.row }
            if !still { problems.append("\(file): its wrong fix \(wrong) builds\(program.runsBefore ? " and runs" : "") without a diagnostic of its kind") }
        }
        let label = "\(program.row)\(program.cause.map { "/\($0)" } ?? "")"
        return (problems, (problems.isEmpty ? "ok    " : "FAIL  ") + "\(name) → \(label)")
    }

    /// The compiler's error and warning lines in a build's output.
    static func diagnostics(in output: String) -> [Substring] {
        output.split(separator: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
    }

    /// What a program with `before: runs` prints when run before its fix: a row's reproduction
    /// (`Reproduction.program`).
    func printedBefore(_ file: String) -> Result<[String], TableError> {
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
            return .failure(TableError("no program \(file)"))
        }
        do {
            let program = try Program.parse(file: file, text: text)
            guard program.runsBefore else { return .failure(TableError("\(file) has no '// before: runs' line")) }
            try? FileManager.default.createDirectory(at: scratch.appendingPathComponent("modules"), withIntermediateDirectories: true)
            return .success(run(program, name: name, defines: []).split(separator: "\n").map(String.init))
        } catch {
            return .failure(error as? TableError ?? TableError("\(error)"))
        }
    }

    func compile(_ program: Program, fixed: Bool) -> Run {
        compile(program, defines: fixed ? ["FIXED"] : [])
    }

    /// The program to SIL, with each of `defines` set (`FIXED`, or a wrong fix's name).
    func compile(_ program: Program, defines: [String]) -> Run {
        var arguments = ["swiftc"] + program.flags + defines.flatMap { ["-D", $0] }
        for module in program.modules {
            if let failure = buildModule(module) { return failure }
        }
        if !program.modules.isEmpty { arguments += ["-I", scratch.appendingPathComponent("modules").path] }
        arguments += ["-parse-as-library", "-emit-sil", "-o", "/dev/null", root.appendingPathComponent(program.file).path]
        return Run.command(arguments, in: root)
    }

    /// A module a program imports, built once per run (two programs may ask at once: each
    /// builds into a path of its own first, then moves it in place).
    func buildModule(_ name: String) -> Run? {
        let modules = scratch.appendingPathComponent("modules")
        let target = modules.appendingPathComponent("\(name).swiftmodule")
        if FileManager.default.fileExists(atPath: target.path) { return nil }
        let source = root.appendingPathComponent("Kit/Explain/programs/modules/\(name).swift")
        let flags = (try? String(contentsOf: source, encoding: .utf8))?.split(separator: "\n").first
            .map { $0.replacingOccurrences(of: "// flags: ", with: "") } ?? ""
        let own = scratch.appendingPathComponent("tmp-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        // A static library too, so that a program that runs links the module's code.
        let run = Run.command(["swiftc"] + flags.split(separator: " ").map(String.init) + [
            "-parse-as-library", "-emit-module", "-module-name", name,
            "-emit-module-path", own.appendingPathComponent("\(name).swiftmodule").path,
            "-emit-library", "-static", "-o", own.appendingPathComponent("lib\(name).a").path, source.path,
        ], in: root)
        guard run.status == 0 else { return run }
        try? FileManager.default.moveItem(at: own.appendingPathComponent("lib\(name).a"), to: modules.appendingPathComponent("lib\(name).a"))
        try? FileManager.default.moveItem(at: own.appendingPathComponent("\(name).swiftmodule"), to: target)
        return nil
    }

    /// Links the program (with each of `defines` set, and the modules it uses) and runs it: what
    /// it printed, stdout and stderr. A trap's report comes from the runtime's backtracer, kept on
    /// and non-interactive as `Scripts/probe` keeps it; a run is stopped after a minute.
    func run(_ program: Program, name: String, defines: [String]) -> String {
        let binary = scratch.appendingPathComponent("bin-\(name)-\(defines.joined(separator: "-"))")
        var arguments = ["swiftc"] + program.flags + defines.flatMap { ["-D", $0] }
        for module in program.modules {
            if let failure = buildModule(module) { return "(a module did not build: \(failure.output.prefix(120)))" }
        }
        if !program.modules.isEmpty { arguments += ["-I", scratch.appendingPathComponent("modules").path] }
        arguments += ["-parse-as-library", "-o", binary.path, root.appendingPathComponent(program.file).path]
        // After the program, which needs them: the linker reads a static library once, in order.
        arguments += program.modules.map { scratch.appendingPathComponent("modules/lib\($0).a").path }
        let build = Run.command(arguments, in: root)
        guard build.status == 0 else { return "(did not link: \(build.output.prefix(120)))" }
        let limit = FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout") ? ["/usr/bin/timeout", "60"] : []
        return Run.command(["SWIFT_BACKTRACE=enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=16"]
                           + limit + [binary.path], in: root).output
    }
}
