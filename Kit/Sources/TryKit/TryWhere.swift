import Foundation
import MatrixKit

/// Where one line marked `// where?` ran, as the timeline's recorder measured it.
public struct TryPlace: Sendable, Hashable {
    public var line: Int
    /// `pthread_t` as a number; numbered in order of appearance when printed.
    public var thread: UInt
    /// The process's first thread.
    public var firstThread: Bool
    public var queue: String
    public var onMainQueue: Bool
    public var inTask: Bool
    public var onMainActor: Bool
    public var actor: String?

    static let marker = "\u{1}where?\t"

    /// Reads a line the probe module printed; nil for any other line.
    init?(line: Substring) {
        guard line.hasPrefix(Self.marker) else { return nil }
        let fields = line.dropFirst(Self.marker.count).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 8, let number = Int(fields[0]), let thread = UInt(fields[1]) else { return nil }
        self.line = number
        self.thread = thread
        firstThread = fields[2] == "1"
        queue = fields[3]
        onMainQueue = fields[4] == "1"
        inTask = fields[5] == "1"
        onMainActor = fields[6] == "1"
        actor = fields[7].isEmpty ? nil : fields[7]
    }

    /// "the main actor", "actor Counter", "the global executor (a task)", "none (no task)".
    public var executor: String {
        if onMainActor { return "the main actor" }
        if let actor { return "actor \(actor)" }
        return inTask ? "the global executor (a task)" : "none (no task)"
    }
}

/// `--where` builds the snippet as a package of its own that links the timeline's recorder
/// (SimSupport's `TimelineRecorder`, asking TrackerSpec's `Executors.current`, which asks
/// the runtime through SimExecutor's C API): the same measurement as `tracker --timeline`.
struct TryWherePackage {
    let root: URL
    let scratch: URL
    let tsan: Bool

    var folder: URL { scratch.appendingPathComponent("where-package") }

    /// Writes the package (every column's copy of the snippet) and builds one column's
    /// program; returns its path.
    func executable(for source: TrySource, in column: TryColumn) -> Result<String, RunFailure> {
        do { try write(source, columns: [column]) } catch {
            return .failure(RunFailure(what: "cannot write \(folder.path)", output: "\(error)"))
        }
        let shell = Shell(directory: folder, scratch: scratch)
        let build = ["swift", "build", "--scratch-path", folder.appendingPathComponent(tsan ? ".build-tsan" : ".build").path]
            + (tsan ? ["--sanitize=thread"] : []) + BuildSystem.arguments
        let built = shell.run(build + ["--product", "snippet_\(column.id)"], timeout: 1800)
        guard built.succeeded else {
            return .failure(RunFailure(what: "the --where build failed (\(built.failure)); a line marked "
                + "'// where?' must be a statement", output: built.tail(12)))
        }
        let bin = shell.run(build + ["--show-bin-path"])
        let path = bin.output.split(separator: "\n").last.map(String.init) ?? ""
        return .success(URL(fileURLWithPath: path).appendingPathComponent("snippet_\(column.id)").path)
    }

    func write(_ source: TrySource, columns: [TryColumn]) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("TryWhere"), withIntermediateDirectories: true)
        try Self.probe.write(to: folder.appendingPathComponent("TryWhere/TryWhere.swift"), atomically: true, encoding: .utf8)
        for column in columns {
            let sources = folder.appendingPathComponent(column.id)
            try? manager.removeItem(at: sources)
            try manager.createDirectory(at: sources, withIntermediateDirectories: true)
            try source.compiled(marking: true)
                .write(to: sources.appendingPathComponent(source.hasMainAttribute ? "snippet.swift" : "main.swift"),
                       atomically: true, encoding: .utf8)
        }
        // The app package reached through a link named as the kit names it (its identity).
        let link = folder.appendingPathComponent("CoffeeTrackerKit")
        if (try? manager.destinationOfSymbolicLink(atPath: link.path)) != root.path {
            try? manager.removeItem(at: link)
            try manager.createSymbolicLink(atPath: link.path, withDestinationPath: root.path)
        }
        let targets = columns.map { column in
            "        .executableTarget(name: \"snippet_\(column.id)\", dependencies: [\"TryWhere\"], path: \"\(column.id)\",\n"
                + "                          swiftSettings: [\(column.manifestSettings.joined(separator: ", "))]),"
        }
        let manifest = """
            // swift-tools-version:6.2
            // Written by Scripts/try --where (Kit/Sources/TryKit/TryWhere.swift); rewritten each run.
            import PackageDescription
            let app = "CoffeeTrackerKit"
            let package = Package(
                name: "TryWherePackage",
                platforms: [.macOS(.v15)],
                dependencies: [.package(path: app)],
                targets: [
                    .target(name: "TryWhere", dependencies: [.product(name: "TrackerSpec", package: app),
                                                             .product(name: "SimSupport", package: app)],
                            path: "TryWhere", swiftSettings: [.swiftLanguageMode(.v6)]),
            \(targets.joined(separator: "\n"))
                ]
            )

            """
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    }

    /// The probe module: one call per marked line, printed at once (a line the runner reads).
    static let probe = """
        import Foundation
        import SimSupport
        import TrackerSpec

        /// Scripts/try --where: notes where a marked line runs with the timeline's recorder.
        public enum TryWhere {
            static let recorder = TimelineRecorder(executor: Executors.current)

            public static func mark(_ line: Int) {
                let id = recorder.note(.phase, "where? \\(line)")
                let place = recorder.events[id].place
                let fields = [String(line), String(place.thread), Thread.isMainThread ? "1" : "0", place.queue,
                              place.onMainQueue ? "1" : "0", place.inTask ? "1" : "0", place.onMainActor ? "1" : "0",
                              place.actor ?? ""]
                // The program's own buffered output first, so the lines keep their order.
                fflush(nil)
                FileHandle.standardOutput.write(Data(("\\u{1}where?\\t" + fields.joined(separator: "\\t") + "\\n").utf8))
            }
        }

        """
}
