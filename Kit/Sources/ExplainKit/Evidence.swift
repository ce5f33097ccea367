import Foundation

/// Makes every reproduction of the table print again and keeps the lines each printed.
/// Batched: one `swift build` compiles every stage under complete checking; each file is
/// one `swiftc` to SIL (region diagnostics come from SIL); a note's block is read, not
/// rebuilt (`Scripts/check-notes` rebuilds it); a probe is run by `Scripts/probe`.
struct Evidence {
    let root: URL
    let scratch: URL
    let router: Router
    var log: (String) -> Void

    /// reproduction → the lines it printed, or why it could not run.
    func gather(_ reproductions: Set<Reproduction>) -> [Reproduction: Result<[String], TableError>] {
        var out: [Reproduction: Result<[String], TableError>] = [:]
        let stages = Set(reproductions.compactMap(\.stage))
        if !stages.isEmpty {
            let build = buildStages()
            for reproduction in reproductions where reproduction.stage != nil {
                out[reproduction] = build.map { lines in lines.filter { $0.contains("Sources/\(reproduction.stage!)/") } }
            }
        }
        for reproduction in reproductions {
            if let file = reproduction.file { out[reproduction] = compile(file) }
            if let note = reproduction.note { out[reproduction] = block(in: note, opening: reproduction.block ?? "") }
            if let probe = reproduction.probe { out[reproduction] = run(probe: probe) }
            if let program = reproduction.program {
                log("running \(program) before its fix …")
                out[reproduction] = ProgramBuilder(root: root, scratch: scratch.appendingPathComponent("reproduced-programs"), router: router)
                    .printedBefore(program)
            }
        }
        return out
    }

    /// Every stage under `-strict-concurrency=complete`, in a scratch path of its own that
    /// starts empty, so every file compiles and prints its diagnostics.
    func buildStages() -> Result<[String], TableError> {
        log("building every stage with -strict-concurrency=complete …")
        let path = scratch.appendingPathComponent("build")
        let run = Run.command(["swift", "build", "--scratch-path", path.path, "-Xswiftc", "-strict-concurrency=complete"], in: root)
        guard run.status == 0 else {
            return .failure(TableError("the stages' build failed:\n" + run.output.split(separator: "\n").suffix(15).joined(separator: "\n")))
        }
        return .success(run.output.split(separator: "\n").map(String.init))
    }

    /// One reproduction file, its flags on its first line ("// explain: FLAGS"), the modules
    /// it names on "// explain-uses: NAME" built first from `repro/modules/NAME.swift`.
    func compile(_ file: String) -> Result<[String], TableError> {
        let url = root.appendingPathComponent(file)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return .failure(TableError("no file \(file)")) }
        let header = text.split(separator: "\n").prefix(2).map(String.init)
        guard let flags = header.first, flags.hasPrefix("// explain: ") else {
            return .failure(TableError("\(file) must start with a '// explain: FLAGS' line"))
        }
        var arguments = ["swiftc"] + flags.dropFirst("// explain: ".count).split(separator: " ").map(String.init)
        if header.count > 1, header[1].hasPrefix("// explain-uses: ") {
            for module in header[1].dropFirst("// explain-uses: ".count).split(separator: " ") {
                if case .failure(let error) = buildModule(String(module), besides: url) { return .failure(error) }
            }
            arguments += ["-I", scratch.appendingPathComponent("modules").path]
        }
        arguments += ["-parse-as-library", "-emit-sil", "-o", "/dev/null", url.path]
        log("compiling \(file) …")
        return .success(Run.command(arguments, in: root).output.split(separator: "\n").map(String.init))
    }

    func buildModule(_ name: String, besides file: URL) -> Result<Void, TableError> {
        let source = file.deletingLastPathComponent().appendingPathComponent("modules/\(name).swift")
        let modules = scratch.appendingPathComponent("modules")
        try? FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let flags = (try? String(contentsOf: source, encoding: .utf8))?.split(separator: "\n").first
            .map { $0.replacingOccurrences(of: "// explain-module: ", with: "") } ?? ""
        let run = Run.command(["swiftc"] + flags.split(separator: " ").map(String.init) + [
            "-parse-as-library", "-emit-module", "-module-name", name,
            "-emit-module-path", modules.appendingPathComponent("\(name).swiftmodule").path, source.path,
        ], in: root)
        return run.status == 0 ? .success(()) : .failure(TableError("module \(name) did not build:\n\(run.output)"))
    }

    /// The lines of the `text compiler=` block of `note` whose opening line contains `opening`.
    func block(in note: String, opening: String) -> Result<[String], TableError> {
        guard let text = try? String(contentsOf: root.appendingPathComponent(note), encoding: .utf8) else {
            return .failure(TableError("no note \(note)"))
        }
        for block in NoteBlocks.compilerBlocks(in: text) where NoteBlocks.opening(block.opening, names: opening) {
            return .success(block.lines)
        }
        return .failure(TableError("\(note) has no text compiler= block opening with '\(opening)'"))
    }

    func run(probe: String) -> Result<[String], TableError> {
        log("running probe \(probe) …")
        let run = Run.command([root.appendingPathComponent("Scripts/probe").path, probe], in: root)
        return .success(run.output.split(separator: "\n").map(String.init))
    }
}

/// The `text compiler=` blocks of a note: what the compiler printed for a stage (and patch).
public enum NoteBlocks {
    public struct Block: Sendable {
        public var opening: String
        public var lines: [String]
    }

    public static func compilerBlocks(in text: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line.hasPrefix("```text compiler=") {
                current = Block(opening: line, lines: [])
            } else if current != nil, line.hasPrefix("```") {
                blocks.append(current!)
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        return blocks
    }

    /// Does the block's opening line name `words`? One word (a patch's file name) must be a
    /// whole word or end a path, so `x.patch` does not find `x-old.patch`; several words are
    /// looked for as they stand.
    public static func opening(_ line: String, names words: String) -> Bool {
        guard !words.contains(" ") else { return line.contains(words) }
        return line.split(separator: " ").contains { $0 == words || $0.hasSuffix("/" + words) }
    }

    /// Every `Steps/**/*.md` under the root.
    public static func notes(under root: URL) -> [URL] {
        let steps = root.appendingPathComponent("Steps")
        guard let walker = FileManager.default.enumerator(at: steps, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }
}
