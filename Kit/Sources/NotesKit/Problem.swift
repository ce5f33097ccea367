/// Something a note says that the package no longer bears out.
public struct Problem: Sendable, CustomStringConvertible, Equatable {
    public let file: String
    public let line: Int
    public let message: String

    public init(_ file: String, _ line: Int, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}
