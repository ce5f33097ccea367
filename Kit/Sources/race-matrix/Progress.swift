import Foundation

/// The progress line on stderr: rewritten in place on a terminal, one line each otherwise.
struct Progress {
    let isTerminal = isatty(STDERR_FILENO) != 0
    private var shown = false

    mutating func show(_ text: String) {
        if isTerminal {
            printError("\r\u{1B}[K" + text, newline: false)
            shown = true
        } else {
            printError(text)
        }
    }

    /// Ends the progress line so that what follows starts on a fresh line.
    mutating func clear() {
        if isTerminal, shown {
            printError("\r\u{1B}[K", newline: false)
            shown = false
        }
    }

    /// Prints a message above the progress line.
    mutating func note(_ text: String) {
        clear()
        printError(text)
    }
}

func printError(_ text: String, newline: Bool = true) {
    FileHandle.standardError.write(Data((text + (newline ? "\n" : "")).utf8))
}
