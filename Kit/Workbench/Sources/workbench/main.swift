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

func noMoreArguments() {
    if let extra = arguments.first { badInput("unexpected argument '\(extra)'", command: command) }
}

switch command {
case "list": listCommand()
case "start": startCommand()
case "check":
    let raw = takeFlag("--raw")
    let json = takeFlag("--json")
    noMoreArguments()
    exit(check(raw: raw, json: json) ? 0 : 1)
case "hint": hintCommand()
case "solution": solutionCommand()
case "reset": resetCommand()
case "watch": watchCommand()
case "verify": verifyCommand()
default: badInput("unknown command '\(command)'")
}
