import Foundation
import MatrixKit

/// Runs a command in `directory`; returns its exit status and its output (stdout and
/// stderr merged). A thin use of MatrixKit's `Shell`, which both tools share.
func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) -> (status: Int32, output: String) {
    let shell = Shell(directory: directory, scratch: FileManager.default.temporaryDirectory)
    let result = shell.run(arguments, environment: environment)
    return (result.succeeded ? 0 : (result.status == 0 ? 1 : result.status), result.output)
}
