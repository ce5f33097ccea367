import Foundation
import Synchronization

/// The build system the kit's tools build the app package with: SwiftPM's own
/// `--build-system` option, chosen with `KIT_BUILD_SYSTEM` (`native`, `swiftbuild`) since
/// SwiftPM reads no variable for it (Swift 6.3.1). Unset: no option, so SwiftPM's default
/// (native in 6.3, Swift Build in 6.4). Every `swift build`, `swift test` and `swift run` a
/// tool starts passes `arguments`, so that a build and the question where it went
/// (`--show-bin-path`) are asked of the same build system.
public enum BuildSystem {
    public static let variable = "KIT_BUILD_SYSTEM"

    /// `["--build-system", name]`, or nothing when `KIT_BUILD_SYSTEM` is unset or empty.
    public static var arguments: [String] {
        arguments(in: ProcessInfo.processInfo.environment)
    }

    public static func arguments(in environment: [String: String]) -> [String] {
        guard let name = environment[variable]?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return [] }
        return ["--build-system", name]
    }
}

/// What a build made, found in SwiftPM's bin path (`swift build --show-bin-path`, asked with
/// the build's own arguments), never assumed. The native build system links every test
/// target into one `<Package>PackageTests.xctest` (an executable on Linux) and writes the
/// modules to `Modules/` in the bin path; Swift Build links each test target into
/// `<Target>.so`, run by its own `<Target>-test-runner`, and writes the modules to the bin
/// path itself. Both test executables take the same arguments (a suite to run,
/// `--testing-library swift-testing`, `--filter`).
public struct BuildProducts: Sendable {
    public let binPath: String

    public init(binPath: String) {
        self.binPath = binPath
    }

    /// Asks SwiftPM where the build with `arguments` (the build's own: its scratch path,
    /// sanitizer and build system) put its products.
    public static func ask(_ shell: Shell, arguments: [String]) -> Result<BuildProducts, RunFailure> {
        let result = shell.run(["swift", "build", "--show-bin-path"] + arguments)
        guard result.succeeded, let path = result.output.split(separator: "\n").last.map(String.init), path.hasPrefix("/") else {
            return .failure(RunFailure(what: "swift build --show-bin-path: \(result.failure)", output: result.tail()))
        }
        return .success(BuildProducts(binPath: path))
    }

    /// `ask`, once per folder and arguments in this process (a bin path does not move, and
    /// each question costs SwiftPM a second or so of loading the package).
    public static func cached(_ shell: Shell, arguments: [String]) -> Result<BuildProducts, RunFailure> {
        let key = ([shell.directory.standardizedFileURL.path] + arguments).joined(separator: "\u{1F}")
        if let known = known.withLock({ $0[key] }) { return .success(known) }
        let answer = ask(shell, arguments: arguments)
        if case .success(let products) = answer { known.withLock { $0[key] = products } }
        return answer
    }

    private static let known = Mutex<[String: BuildProducts]>([:])

    /// The executable that runs `suite` ("ExerciseTests.Grading/testGrade"), if the build made one.
    public func testExecutable(for suite: String) -> String? {
        TestLaunch.executables(tests).executable(for: suite)
    }

    /// The test executables: by test target, or "" for one that runs every target.
    public var tests: [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: binPath)) ?? []
        var found: [String: String] = [:]
        for name in names.sorted() {
            let path = binPath + "/" + name
            guard FileManager.default.isExecutableFile(atPath: path) else { continue }
            if name.hasSuffix("PackageTests.xctest") {
                found[""] = path
            } else if name.hasSuffix(Self.runnerSuffix) {
                found[String(name.dropLast(Self.runnerSuffix.count))] = path
            }
        }
        return found
    }

    static let runnerSuffix = "-test-runner"

    /// The folder whose `.swiftmodule`s the build wrote (for `swiftc -I`): the bin path, or
    /// the first folder in it that holds one. `ModuleCache` is the compiler's cache of the
    /// modules it imported (the SDK's among them), never the package's: it sorts before the
    /// native build's `Modules`, and a type-check against it finds none of the package's.
    public var moduleFolder: String? {
        let files = FileManager.default
        func holdsModules(_ folder: String) -> Bool {
            ((try? files.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.hasSuffix(".swiftmodule") }
        }
        if holdsModules(binPath) { return binPath }
        let children = ((try? files.contentsOfDirectory(atPath: binPath)) ?? []).sorted()
            .filter { !$0.contains(".") && $0 != "ModuleCache" }.map { binPath + "/" + $0 }
        return children.first(where: holdsModules)
    }
}
