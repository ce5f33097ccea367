// probe: -swift-version 6
// watch: the compiler infers an isolated deinit under the default since 6.2 (swiftlang/swift#82670); SE-0371 and SE-0466 do not say so
// Which classes the compiler gives an isolated deallocating deinit: it compiles a small
// file with `swiftc -emit-silgen` (the toolchain on PATH), with and without main-actor
// default isolation, and reports for each class whether its SIL has a
// `__isolated_deallocating_deinit` (the teardown that hops to the actor first). Then two
// hierarchies: a root with `nonisolated deinit {}` and two subclasses, one without a
// deinit and one that writes `nonisolated deinit {}` too; and a root class marked
// `nonisolated` (no deinit) with a subclass that writes none and one that writes a plain
// `deinit {}` (accepted: its base's deinit is not main-actor isolated).
import Foundation

let classes = """
    final class NoDeinit { var count = 0 }
    final class WrittenDeinit { var count = 0; deinit { } }
    final class NonisolatedDeinit { var count = 0; nonisolated deinit { } }
    @MainActor final class MainActorNoDeinit { var count = 0 }
    @MainActor final class MainActorIsolatedDeinit { var count = 0; isolated deinit { } }
    class NonisolatedRoot { let count: Int; init(count: Int) { self.count = count }; nonisolated deinit { } }
    final class SubclassNoDeinit: NonisolatedRoot { }
    final class SubclassNonisolatedDeinit: NonisolatedRoot { nonisolated deinit { } }
    nonisolated class NonisolatedClass { let count: Int; init(count: Int) { self.count = count } }
    final class SubclassOfNonisolatedClass: NonisolatedClass { }
    final class SubclassOfNonisolatedClassDeinit: NonisolatedClass { deinit { } }
    """
let names = ["NoDeinit", "WrittenDeinit", "NonisolatedDeinit", "MainActorNoDeinit", "MainActorIsolatedDeinit",
             "NonisolatedRoot", "SubclassNoDeinit", "SubclassNonisolatedDeinit",
             "NonisolatedClass", "SubclassOfNonisolatedClass", "SubclassOfNonisolatedClassDeinit"]

/// SILGen's output for the classes, compiled with `flags`.
func silgen(_ flags: [String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deinit-silgen-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("Classes.swift")
    try classes.write(to: source, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-swift-version", "6", "-parse-as-library", "-module-name", "Classes"]
        + flags + ["-emit-silgen", source.path, "-o", "-"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    return String(decoding: output, as: UTF8.self)
}

for (title, flags) in [("-default-isolation MainActor", ["-default-isolation", "MainActor"]), ("no default isolation", [])] {
    let sil = try silgen(flags)
    // The comment line SILGen prints above each function, demangled: "// NoDeinit.__isolated_deallocating_deinit"
    let isolated = names.filter { sil.contains("// \($0).__isolated_deallocating_deinit\n") }
    print("\(title): isolated deallocating deinit in \(isolated)")
}
