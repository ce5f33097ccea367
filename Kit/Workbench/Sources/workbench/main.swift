import Foundation
import MatrixKit
import TrackerSpec

// Scripts/workbench: graded exercises on real intermediate states. Each exercise is data in
// its folder (exercise.json, README.md, patches; read by Exercises.swift); the grading is
// Grader.swift and its steps, Grade*.swift; each command is a function of its own file.

setvbuf(stdout, nil, _IOLBF, 0)  // line by line, also into a pipe or a log

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let workspace = Workspace(root: root)
var progress = Progress(file: workspace.state.appendingPathComponent("progress"))

var arguments = Array(CommandLine.arguments.dropFirst())
/// The command word, taken off `arguments`.
func takeCommand() -> String {
    guard let command = arguments.first else { badInput("give a command") }
    arguments.removeFirst()
    return command
}
let command = takeCommand()
if command == "-h" || command == "--help" || command == "help" { print(usage); exit(0) }
guard help[command] != nil else { badInput("unknown command '\(command)'") }
if arguments.contains("-h") || arguments.contains("--help") { print(help[command]!); exit(0) }

func takeFlag(_ flag: String) -> Bool {
    guard let index = arguments.firstIndex(of: flag) else { return false }
    arguments.remove(at: index)
    return true
}

/// `--NAME VALUE`, taken off `arguments`; nil when absent.
func takeOption(_ option: String) -> String? {
    guard let index = arguments.firstIndex(of: option) else { return nil }
    guard index + 1 < arguments.count else { badInput("\(option) needs a value", command: command) }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
    return value
}

func noMoreArguments() {
    if let extra = arguments.first { badInput("unexpected argument '\(extra)'", command: command) }
}

switch command {
case "list": listCommand()
case "start": startCommand()
case "check":
    let raw = takeFlag("--raw")
    let json = takeFlag("--json")
    let seed = takeOption("--seed").map { text -> UInt64 in
        guard let seed = UInt64(text) else { badInput("--seed takes a whole number, not '\(text)'", command: command) }
        // Only a day the kit's solution was recorded on can be judged against it.
        guard ExploredSeeds().contains(seed) else {
            badInput("--seed plays one of the grade's days, \(ExploredSeeds().range), not \(seed)", command: command)
        }
        return seed
    }
    noMoreArguments()
    exit(check(raw: raw, json: json, seed: seed) ? 0 : 1)
case "hint": hintCommand()
case "solution": solutionCommand()
case "reset": resetCommand()
case "watch": watchCommand()
case "verify": verifyCommand()
default: badInput("unknown command '\(command)'")
}
