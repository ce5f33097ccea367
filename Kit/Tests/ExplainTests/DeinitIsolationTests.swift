import Foundation
import Testing

/// The router's `deinit` cause and the pre-6.2 `isolated deinit` row rest on what this
/// toolchain compiles (Swift 6.3.1 here): a main-actor class with no deinit under
/// `-default-isolation MainActor` gets an isolated deallocating deinit (a hop to the main
/// actor), a written `nonisolated deinit {}` has none, and `isolated deinit` is accepted.
struct DeinitIsolationTests {
    static func silgen(_ source: String, flags: [String]) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deinit-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("box.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + flags + ["-parse-as-library", "-emit-silgen", "-o", "-", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func aMainActorClassWithNoDeinitHopsToTheMainActorToDeallocate() throws {
        let flags = ["-swift-version", "6", "-default-isolation", "MainActor"]
        let none = try Self.silgen("final class Box { var items: [Int] = [] }\n", flags: flags)
        #expect(none.status == 0)
        #expect(none.output.contains("__isolated_deallocating_deinit") && none.output.contains("swift_task_deinitOnExecutor"))
        let written = try Self.silgen("final class Box { var items: [Int] = []\n nonisolated deinit {} }\n", flags: flags)
        #expect(written.status == 0)
        #expect(!written.output.contains("swift_task_deinitOnExecutor"))
    }

    @Test func thisToolchainAcceptsIsolatedDeinit() throws {
        let result = try Self.silgen("@MainActor final class A { var n = 0\n isolated deinit { n = 1 } }\n", flags: ["-swift-version", "6"])
        #expect(result.status == 0)
        #expect(!result.output.contains("error:"))
    }
}
