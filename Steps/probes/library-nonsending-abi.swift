// probe: -swift-version 6
// watch: reads the SIL type of a public function; SE-0461 says the caller's actor becomes a parameter
// What NonisolatedNonsendingByDefault does to a library's binary interface (SE-0461,
// "ABI compatibility"). It compiles a one-file library with library evolution, with and
// without the feature, through `swiftc -emit-silgen` (the toolchain on PATH), and reports
// for each public async function its symbol and whether its lowered type takes the
// caller's actor as a leading parameter (`@sil_implicit_leading_param`).
import Foundation

let library = """
    public func total() async -> Int { 1 }
    @concurrent public func totalAway() async -> Int { 1 }
    """

/// SILGen's output for the library, compiled with `flags`.
func silgen(_ flags: [String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nonsending-abi-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("Library.swift")
    try library.write(to: source, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-swift-version", "6", "-parse-as-library", "-module-name", "Library",
                         "-enable-library-evolution"] + flags + ["-emit-silgen", source.path, "-o", "-"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    return String(decoding: output, as: UTF8.self)
}

for (title, flags) in [("without the feature", []),
                       ("with the feature", ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"])] {
    let lines = try silgen(flags).split(separator: "\n")
    print("\(title):")
    for name in ["total", "totalAway"] {
        // SILGen prints "// total()" a line or two above "sil [ossa] @SYMBOL : $TYPE {".
        guard let comment = lines.firstIndex(of: "// \(name)()"),
              let definition = lines[comment...].first(where: { $0.hasPrefix("sil ") }) else {
            print("  \(name)(): not found"); continue
        }
        let symbol = definition.split(separator: " ").first { $0.hasPrefix("@$s") } ?? "?"
        let takesActor = definition.contains("@sil_implicit_leading_param")
        print("  \(name)(): symbol \(symbol.dropFirst()), takes the caller's actor: \(takesActor)")
    }
}
