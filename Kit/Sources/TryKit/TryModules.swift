import Foundation
import MatrixKit

/// The modules a snippet links, named on a `// probe uses: A B` line as the kit's probes
/// name theirs (Scripts/probe): each is built first from `modules/NAME.swift` beside the
/// snippet, in the settings of that file's own `// probe: FLAGS` first line, so a library
/// keeps its own language mode and defaults whichever column the snippet is built in.
struct TryModules {
    var scratch: URL
    var tsan: Bool

    static func names(in source: TrySource) -> [String] {
        guard let line = source.lines.first(where: { $0.hasPrefix("// probe uses: ") }) else { return [] }
        return line.dropFirst("// probe uses: ".count).split(separator: " ").map(String.init)
    }

    /// The compiler flags that link the snippet's modules, each built once per run.
    func flags(for source: TrySource) throws -> [String] {
        let names = Self.names(in: source)
        guard !names.isEmpty else { return [] }
        guard let folder = source.folder else {
            throw TryError.input("\(source.name) uses \(names.joined(separator: ", ")): give it as a file, "
                + "with modules/NAME.swift beside it, not on standard input")
        }
        return try names.flatMap { try build($0, from: folder.appendingPathComponent("modules/\($0).swift")) }
    }

    private func build(_ name: String, from file: URL) throws -> [String] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw TryError.input("the snippet uses the module \(name), but there is no \(file.path)")
        }
        let header = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        guard header.hasPrefix("// probe: ") else {
            throw TryError.input("\(file.path) must start with a '// probe: FLAGS' line (its settings)")
        }
        // Apart under TSan: an instrumented library does not link into a plain program.
        let folder = scratch.appendingPathComponent((tsan ? "modules-tsan/" : "modules/") + name)
        let library = folder.appendingPathComponent("lib\(name).a")
        if Self.modified(library) < Self.modified(file) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let settings: [String] = header.dropFirst("// probe: ".count).split(separator: " ").map(String.init)
            var command: [String] = ["swiftc"] + settings + ["-Onone", "-parse-as-library", "-module-name", name]
            if tsan { command.append("-sanitize=thread") }
            let module = folder.appendingPathComponent("\(name).swiftmodule").path
            command += ["-emit-module", "-emit-module-path", module, "-emit-library", "-static", "-o", library.path, file.path]
            let result = Shell(directory: folder, scratch: folder).run(command, timeout: 600)
            guard result.succeeded else {
                throw TryError.input("the module \(name) (\(file.path)) does not compile:\n\(result.output)")
            }
        }
        return ["-I", folder.path, library.path]
    }

    private static func modified(_ file: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date) ?? .distantPast
    }
}
