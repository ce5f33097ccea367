import Foundation

/// Mangled Swift names (and whole TSan reports) through `swift demangle --simplified`, as
/// `Scripts/tsan` and `Scripts/try --tsan` print them (TSan prints mangled names on Linux).
public enum Demangle {
    public static func text(_ text: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "demangle", "--simplified"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return text }
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: result, as: UTF8.self)
    }
}
