import Foundation
import MatrixKit

/// Where a grade's build put what the grade runs, asked of SwiftPM (`BuildProducts`), not
/// assumed: the native build system and Swift Build lay their products out differently.
extension Workspace {
    /// A grade's build: its scratch path (relative to Exercise/), TSan for the exercises that
    /// use it, and the build system `KIT_BUILD_SYSTEM` names (none: SwiftPM's default).
    static func buildArguments(scratch: String, tsan: Bool) -> [String] {
        BuildSystem.arguments + ["--scratch-path", scratch] + (tsan ? ["--sanitize=thread"] : [])
    }

    /// The test executable that runs `suite`, from the build `buildArguments` describes.
    static func testExecutable(_ shell: Shell, scratch: String, tsan: Bool, suite: String) -> String? {
        guard case .success(let products) = BuildProducts.cached(shell, arguments: buildArguments(scratch: scratch, tsan: tsan)) else {
            return nil
        }
        return products.testExecutable(for: suite)
    }

    /// The folder of that build's modules (for `swiftc -I`).
    static func moduleFolder(_ shell: Shell, scratch: String, tsan: Bool) -> String? {
        guard case .success(let products) = BuildProducts.cached(shell, arguments: buildArguments(scratch: scratch, tsan: tsan)) else {
            return nil
        }
        return products.moduleFolder
    }
}
