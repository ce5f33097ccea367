import Foundation
import NotesKit
import Testing

/// Blocks tagged `swift=X.Y` run only with that toolchain or newer (Kit/NOTES-FORMAT.md).
@Suite("Blocks for a newer toolchain")
struct ToolchainGateTests {
    let block = Note(path: "Steps/x.md", text: "```text output=swift64-cancel-cleanup swift=6.4\nline\n```").fences[0]

    @Test("swift --version's first line gives the version, Linux's and Apple's")
    func readsTheVersion() {
        #expect(SwiftVersion(versionOutput: "Swift version 6.3.1 (swift-6.3.1-RELEASE)")?.description == "6.3.1")
        #expect(SwiftVersion(versionOutput: "Apple Swift version 6.4 (swiftlang-6.4.0.1.2 clang-1700)")?.description == "6.4")
        #expect(SwiftVersion(versionOutput: "no version here") == nil)
        #expect(SwiftVersion("6.4.x") == nil && SwiftVersion("6") == nil)
    }

    @Test("6.3.1 does not run a swift=6.4 block; 6.4 and 6.4.1 and 7.0 do")
    func comparesVersions() throws {
        let why = ToolchainGate.notRunHere(block, toolchain: SwiftVersion("6.3.1"))
        #expect(why == "needs Swift 6.4, this is 6.3.1")
        for newer in ["6.4", "6.4.0", "6.4.1", "7.0"] {
            #expect(ToolchainGate.notRunHere(block, toolchain: SwiftVersion(newer)) == nil, "\(newer)")
        }
        #expect(ToolchainGate.notRunHere(block, toolchain: nil) != nil)
    }

    @Test("a block with no swift= runs everywhere; a swift= that is no version is a problem")
    func untaggedAndMalformed() {
        let untagged = Note(path: "Steps/x.md", text: "```text output=task-order\nline\n```").fences[0]
        #expect(ToolchainGate.notRunHere(untagged, toolchain: SwiftVersion("5.10")) == nil)
        let package = PackageFacts(containing: #filePath)
        let bad = Note(path: "Steps/x.md", text: "```text output=field-cancel-cleanup swift=next\nline\n```")
        #expect(QuickChecks(package: package).check(bad).contains { $0.description.contains("swift=next is not a version") })
    }
}
