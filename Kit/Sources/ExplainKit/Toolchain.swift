import Foundation

/// The toolchain `explain` runs on, as `swiftc --version` names it ("Swift 6.3.1, Linux").
public enum Toolchain {
    public static func current() -> String? {
        let run = Run.command(["swiftc", "--version"], in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        guard run.status == 0, let range = run.output.range(of: #"Swift version \S+"#, options: .regularExpression) else {
            return nil
        }
        #if os(Linux)
        let system = "Linux"
        #else
        let system = "macOS"
        #endif
        return "Swift \(run.output[range].dropFirst("Swift version ".count)), \(system)"
    }
}
