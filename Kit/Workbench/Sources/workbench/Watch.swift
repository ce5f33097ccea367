import Foundation
import MatrixKit
import TrackerSpec

/// `watch`: checks again whenever a file of the exercise is saved with a change.
func watchCommand() {
    var interval = 1.0
    if let index = arguments.firstIndex(of: "--interval") {
        guard index + 1 < arguments.count, let value = Double(arguments[index + 1]), value > 0 else { badInput("--interval needs a number of seconds", command: command) }
        interval = value
        arguments.removeSubrange(index...(index + 1))
    }
    noMoreArguments()
    let current = currentExercise()
    let folder = workspace.exercise.appendingPathComponent("Sources/\(current.editedFolder)")
    // What the files hold, not when they were touched: a check that recompiles every file
    // (for a diagnostic) touches them all, and that is no edit.
    func stamp() -> [String: Data] {
        var files: [String: Data] = [:]
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            files[file] = (try? Data(contentsOf: folder.appendingPathComponent(file))) ?? Data()
        }
        return files
    }
    let inotify = Shell(directory: root, scratch: FileManager.default.temporaryDirectory).run(["sh", "-c", "command -v inotifywait"]).succeeded
    print(inotify ? "watch: waiting for saves with inotifywait (Ctrl-C stops)" : "watch: polling every \(interval) s (install inotify-tools for events; Ctrl-C stops)")
    var last = stamp()
    _ = check(raw: false)
    while true {
        if inotify {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["inotifywait", "-qq", "-r", "-e", "close_write,moved_to,create,delete", folder.path]
            try? process.run()
            process.waitUntilExit()
            Thread.sleep(forTimeInterval: 0.2)  // an editor's save may be several writes
        } else {
            Thread.sleep(forTimeInterval: interval)
        }
        let now = stamp()
        if now != last {
            last = now
            print("\n--- \(DateFormatter.localizedString(from: Date(), dateStyle: .none, timeStyle: .medium)): a file changed")
            _ = check(raw: false)
        }
    }
}
