/// One ThreadSanitizer report, as read from a `log_path` file or handed over by the runtime
/// in the test process (`SpecTesting`'s `RaceLedger`).
public struct TSanReport: Sendable, Hashable {
    /// What TSan found: "data race", "Swift access race", "heap-use-after-free", ...
    public var kind: String
    /// The two conflicting accesses of a race (current first), empty for other kinds.
    public var accesses: [MemoryAccess]
    /// The report's text, from its WARNING line to its SUMMARY line.
    public var text: String

    public init(kind: String, accesses: [MemoryAccess], text: String) {
        self.kind = kind
        self.accesses = accesses
        self.text = text
    }

    /// Data races and Swift access races: two unordered accesses to one location.
    public var isRace: Bool { kind == "data race" || kind == "Swift access race" }
}

/// One side of a race: what was accessed, by which thread, from which stack.
public struct MemoryAccess: Sendable, Hashable {
    /// The header as TSan prints it: "Write of size 1 at 0x7214... by thread T7".
    public var header: String
    /// "main thread", "thread T7", ...
    public var thread: String
    public var frames: [StackFrame]

    public init(header: String, thread: String, frames: [StackFrame]) {
        self.header = header
        self.thread = thread
        self.frames = frames
    }

    public var isMainThread: Bool { thread == "main thread" }

    /// The innermost frame in a stage's sources ("…/Sources/Stage…").
    public var topStageFrame: StackFrame? { frames.first { $0.stageSourcePath != nil } }

    /// The frame that made the access: the first that is not the runtime's (TSan's
    /// interceptors, Swift's and the system's libraries, compiler-generated thunks).
    public var racingFrame: StackFrame? { frames.first { !$0.isRuntime } }

    /// "read" or "write", from the header ("Previous write of size 8 …", "Modifying access …").
    public var kind: String {
        let lowered = header.lowercased()
        return lowered.contains("write") || lowered.contains("modifying") ? "write" : "read"
    }
}

/// One line of a TSan stack: `#0 <function> <file>[:line[:column]] (<module>+0x…) (BuildId: …)`.
public struct StackFrame: Sendable, Hashable {
    public var function: String
    /// The file as printed (absolute path, a bare name, "<null>", "/<compiler-generated>").
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// The binary the code is in, as printed ("libswiftCore.so", "CoffeeTrackerKitPackageTests.xctest"
    /// from the native build system, "Stage0Tests.so" from Swift Build).
    public var module: String?

    public init(function: String, file: String? = nil, line: Int? = nil, column: Int? = nil, module: String? = nil) {
        self.function = function
        self.file = file
        self.line = line
        self.column = column
        self.module = module
    }

    /// Code that is neither the app's nor the kit's: TSan's runtime and interceptors, the
    /// shared libraries (Swift's runtime, Dispatch, Foundation, libc), and thunks the
    /// compiler generated.
    public var isRuntime: Bool {
        if function.hasPrefix("__tsan") || function.hasPrefix("swift_") || function.hasPrefix("swift::") { return true }
        if let file, file.contains("/compiler-rt/") || file == "/<compiler-generated>" || file == "<null>" { return true }
        if let module, Self.isSystemLibrary(module) { return true }
        return false
    }

    /// A shared library the system or the toolchain ships: named as the linker finds
    /// libraries (`lib<name>.so[.N]`, `lib<name>.dylib`), or the dynamic loader. Not every
    /// `.so`: Swift Build links each test target into `<Target>.so`, loaded by a runner
    /// executable, so the app's and the kit's code is in a `.so` there (under the native
    /// build system it is in `<Package>PackageTests.xctest`, an executable on Linux).
    static func isSystemLibrary(_ module: String) -> Bool {
        let shared = module.hasSuffix(".so") || module.contains(".so.") || module.hasSuffix(".dylib")
        return shared && (module.hasPrefix("lib") || module.hasPrefix("ld-") || module.hasPrefix("linux-vdso"))
    }

    /// The file relative to the package root when it is under `Sources/`.
    public var packageSourcePath: String? {
        guard let file, let range = file.range(of: "Sources/") else { return nil }
        guard range.lowerBound == file.startIndex || file[file.index(before: range.lowerBound)] == "/" else { return nil }
        return String(file[range.lowerBound...])
    }

    /// The file relative to the package root ("Sources/Stage0_GCD/CoffeeData.swift") when
    /// it is in a stage's sources, wherever the package was built.
    public var stageSourcePath: String? {
        guard let file, let range = file.range(of: "Sources/Stage") else { return nil }
        guard range.lowerBound == file.startIndex || file[file.index(before: range.lowerBound)] == "/" else {
            return nil
        }
        return String(file[range.lowerBound...])
    }

    /// "Sources/WatchKitSim/TextUI.swift:12", or the function where the frame has no file
    /// under Sources/.
    public var racingLocation: String {
        guard let path = packageSourcePath else { return "\(function) (\(file ?? module ?? "?"))" }
        return line.map { "\(path):\($0)" } ?? path
    }

    /// "Sources/Stage0_GCD/CoffeeData.swift:83" (or without the line when it has none).
    public var shortLocation: String {
        let path = stageSourcePath ?? file ?? "?"
        return line.map { "\(path):\($0)" } ?? path
    }
}
