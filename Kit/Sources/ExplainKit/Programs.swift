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
        return Program(file: file, source: source, flags: flags.split(separator: " ").map(String.init), row: expect[0],
                       cause: expect.count > 1 ? expect[1] : nil,
                       modules: fields["uses"]?.split(separator: " ").map(String.init) ?? [], runs: fields["runs"],
                       line: fields["line"])
    }

    /// What a developer's build settings would tell `explain --package` or `try` about it.
    public var settings: BuildSettings {
        var facts: Set<BuildSettings.Fact> = []
        if flags.joined(separator: " ").contains("-default-isolation MainActor") { facts.insert(.defaultMainActor) }
        if flags.contains("NonisolatedNonsendingByDefault") { facts.insert(.nonisolatedNonsending) }
        return BuildSettings(facts: facts)
    }
}

/// Builds every program before its fix (its line must route to its row and cause) and after
/// (no diagnostic at all; where it has `runs:`, it runs and prints that), two at a time.
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
    public func run() -> (problems: [String], lines: [String]) {
        let files = Self.files(under: root)
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
        if program.line != nil, before.output.contains("error:") || before.output.contains("warning:") {
            problems.append("\(file): the toolchain bug it quotes is back here: \(before.output.prefix(200))")
        }
        let routed = router.route(program.line ?? before.output, settings: program.settings, single: program.line != nil)
        let hit = routed.diagnostics.first { $0.row?.id == program.row }
        if hit == nil {
            problems.append("\(file): before its fix, no line routes to \(program.row): "
                + (routed.diagnostics.first.map { "\($0.row?.id ?? "unknown"): \($0.entry.message)" } ?? "no diagnostic"))
        } else if let cause = program.cause, hit?.causes?.first?.id != cause {
            problems.append("\(file): routes to \(program.row) but its first cause is "
                + "\(hit?.causes?.first?.id ?? "none"), not \(cause)")
        }
        let after = compile(program, fixed: true)
        let left = after.output.split(separator: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
        if after.status != 0 || !left.isEmpty {
            problems.append("\(file): after its fix it still prints: \(left.first ?? Substring(after.output.prefix(200)))")
        } else if let expected = program.runs {
            let output = runFixed(program, name: name)
            if output != expected { problems.append("\(file): the fixed program printed '\(output)', not '\(expected)'") }
        }
        let label = "\(program.row)\(program.cause.map { "/\($0)" } ?? "")"
        return (problems, (problems.isEmpty ? "ok    " : "FAIL  ") + "\(name) → \(label)")
    }

    func compile(_ program: Program, fixed: Bool) -> Run {
        var arguments = ["swiftc"] + program.flags + (fixed ? ["-D", "FIXED"] : [])
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
        let run = Run.command(["swiftc"] + flags.split(separator: " ").map(String.init) + [
            "-parse-as-library", "-emit-module", "-module-name", name,
            "-emit-module-path", own.appendingPathComponent("\(name).swiftmodule").path, source.path,
        ], in: root)
        guard run.status == 0 else { return run }
        try? FileManager.default.moveItem(at: own.appendingPathComponent("\(name).swiftmodule"), to: target)
        return nil
    }

    func runFixed(_ program: Program, name: String) -> String {
        let binary = scratch.appendingPathComponent("bin-\(name)")
        let build = Run.command(["swiftc"] + program.flags + ["-D", "FIXED", "-parse-as-library", "-o", binary.path,
                                                              root.appendingPathComponent(program.file).path], in: root)
        guard build.status == 0 else { return "(did not link: \(build.output.prefix(120)))" }
        return Run.command([binary.path], in: root).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
