// probe: -swift-version 6
// watch: SE-0314 and Apple's documentation promise this trap for both stream types; 6.3.1 traps only here
// Two loops over one AsyncThrowingStream at the same time. SE-0314 calls concurrent
// iteration a programmer error that ends in fatalError; with Swift 6.3.1 the throwing
// stream stops the program as soon as a second loop waits while the first is waiting
// (AsyncStream, contrary to that text, queues it instead: probe field-stream-consumers).
import Foundation

// Written unbuffered, so the line is out before the trap.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let (readings, input) = AsyncThrowingStream.makeStream(of: Int.self)
func count(_ stream: AsyncThrowingStream<Int, Error>) async throws -> Int {
    var seen = 0
    for try await _ in stream { seen += 1 }
    return seen
}
say("two loops wait on one throwing stream")
async let first = count(readings)
async let second = count(readings)
// Nothing is ever sent: the trap comes as soon as the second loop waits. The sleep only
// ends the run of a runtime that does not trap (it would hang otherwise); it decides
// nothing on one that does.
try await Task.sleep(for: .seconds(60))
input.finish()
say("no trap: the loops ended with \(try await first + second) values")
