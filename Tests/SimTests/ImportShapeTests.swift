import Foundation
import Testing

// The simulators are meant to reach an app as Apple's SDKs do: as Objective-C imports
// (implicitly @preconcurrency, handlers @Sendable where SE-0463 or NS_SWIFT_SENDABLE makes
// them so, @MainActor where the headers say). Tests/ImportShape holds Objective-C headers
// that declare the APIs the stages use with Apple's annotations, and a learner's file of
// call sites. Here the Clang importer reads those headers, the Swift compiler reads the
// simulators' modules, and the two must give the learner's file the same diagnostics.

/// A language mode a learner builds in, as swiftc arguments.
enum LearnerMode: String {
    case swift5Complete = "Swift 5 mode with complete checking"
    case swift6 = "Swift 6 mode"

    var arguments: [String] {
        switch self {
        case .swift5Complete: ["-swift-version", "5", "-strict-concurrency=complete"]
        case .swift6: ["-swift-version", "6"]
        }
    }
}

/// The folder of headers and call sites, and the two ways of compiling the call sites.
enum ImportShape {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("ImportShape")

    /// Where SwiftPM put the simulators' modules, found rather than assumed: the folder
    /// beside the test binary (SwiftPM's bin path) or one below it that holds
    /// `HealthKitSim.swiftmodule`. The native build system writes them to `Modules/` beside
    /// `<Package>PackageTests.xctest`; Swift Build writes them beside the test runner itself.
    static var simulatorModules: URL {
        let binary = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let bin = binary.resolvingSymlinksInPath().deletingLastPathComponent()
        return folder(holding: "HealthKitSim.swiftmodule", in: bin, depth: 2) ?? bin
    }

    /// The first folder at most `depth` levels below `root` (itself included) that holds `name`.
    static func folder(holding name: String, in root: URL, depth: Int) -> URL? {
        let files = FileManager.default
        if files.fileExists(atPath: root.appendingPathComponent(name).path) { return root }
        guard depth > 0, let children = try? files.contentsOfDirectory(
            at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return nil }
        for child in children.sorted(by: { $0.path < $1.path })
        where (try? child.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true && child.pathExtension.isEmpty {
            if let found = folder(holding: name, in: child, depth: depth - 1) { return found }
        }
        return nil
    }

    /// The Clang importer reads Objective-C headers on Linux once told to; on Darwin it also
    /// loads the SDK's real ObjectiveC module, whose NSObject would clash with ObjCBase.h's
    /// stand-in (not tried there).
    static var importerReadsOurHeaders: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// The call sites as written against the real SDKs, with their imports rewritten.
    static func callSites(importing rewrites: [String: String]) throws -> String {
        let source = try String(contentsOf: folder.appendingPathComponent("CallSites.swift"), encoding: .utf8)
        return source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            rewrites[String(line)] ?? String(line)
        }.joined(separator: "\n")
    }

    static func againstSimulators(_ mode: LearnerMode) throws -> TypeCheck {
        let source = try callSites(importing: [
            "import HealthKit": "import HealthKitSim",
            "import WatchKit": "import WatchKitSim",
            "import ClockKit": "import WatchKitSim",
        ])
        return try TypeCheck.run(source, name: "CallSites.swift", arguments: ["-I", simulatorModules.path] + mode.arguments)
    }

    static func againstHeaders(_ mode: LearnerMode) throws -> TypeCheck {
        // Foundation's place is taken by the stand-ins of ObjCBase.h.
        let source = try callSites(importing: ["import Foundation": "import ObjCBase"])
        return try TypeCheck.run(
            source, name: "CallSites.swift",
            arguments: ["-Xfrontend", "-enable-objc-interop", "-I", folder.path] + mode.arguments)
    }
}

@Suite(
    "The simulated SDKs draw the diagnostics of Apple's Objective-C headers",
    .enabled(if: ImportShape.importerReadsOurHeaders, "the stand-in headers need the Linux Clang importer (no ObjectiveC module)"))
struct ImportShapeTests {
    @Test("CallSites.swift draws the same warnings and errors, line by line, against the simulators as against the headers, in the Swift 5 mode with complete checking")
    func sameDiagnosticsSwift5Complete() throws {
        try expectSameDiagnostics(.swift5Complete)
    }

    @Test("CallSites.swift draws the same warnings and errors, line by line, against the simulators as against the headers, in the Swift 6 mode")
    func sameDiagnosticsSwift6() throws {
        try expectSameDiagnostics(.swift6)
    }

    /// Each mode has a test of its own, not a case of one parameterized test: the console
    /// printed only one of the issues that two cases recorded at the same place.
    func expectSameDiagnostics(_ mode: LearnerMode, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let modules = ImportShape.simulatorModules.appendingPathComponent("HealthKitSim.swiftmodule")
        try #require(FileManager.default.fileExists(atPath: modules.path), "no simulator modules at \(modules.path)")
        let simulators = try ImportShape.againstSimulators(mode)
        let headers = try ImportShape.againstHeaders(mode)
        let source = try ImportShape.callSites(importing: [:]).split(separator: "\n", omittingEmptySubsequences: false)

        #expect(simulators.elsewhere.isEmpty, "outside CallSites.swift, against the simulators:\n\(simulators.elsewhere.joined(separator: "\n"))")
        #expect(headers.elsewhere.isEmpty, "outside CallSites.swift, against the headers:\n\(headers.elsewhere.joined(separator: "\n"))")

        let comparison = DiagnosticComparison(source: source, simulators: simulators.diagnostics, headers: headers.diagnostics)
        if !comparison.problems.isEmpty {
            Issue.record(
                "\(comparison.problems.count) line(s) of CallSites.swift fail in the \(mode.rawValue):\n\(comparison.sideBySide)",
                sourceLocation: sourceLocation)
        }
    }
}
