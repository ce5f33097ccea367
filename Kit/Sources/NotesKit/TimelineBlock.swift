import Foundation
import TrackerSpec

/// A `text timeline=N` block: lines of `swift run tracker --stage N --timeline`, the picture
/// of where the day's work ran. A line is compared by its words, which are stable from run
/// to run: the lane's code and the event (or the legend's lane, or the step of the day), not
/// the milliseconds before it, the marks of the lanes' columns (another lane's work in
/// progress comes and goes with timing), a number with a decimal point (a duration, a
/// stall), or the width of a run of spaces. The block's lines must appear in that order.
public enum TimelineBlock {
    /// What a line of the timeline says, with what varies from run to run taken out.
    public static func words(of line: String) -> String {
        var rest = Substring(line.trimmingCharacters(in: .whitespaces))
        // The time column: milliseconds with one decimal.
        if let time = rest.range(of: #"^\d+\.\d+"#, options: .regularExpression) { rest = rest[time.upperBound...] }
        // The lanes' columns: marks and spaces, up to the first letter or digit.
        rest = rest.drop { !$0.isLetter && !$0.isNumber }
        return String(rest)
            .replacingOccurrences(of: #"\d+\.\d+"#, with: "N", options: .regularExpression)
            .replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
            .trimmingCharacters(in: .whitespaces)
    }

    /// The first line of `block` that is not among `output`'s lines in order, `nil` when all are.
    public static func firstMissing(_ block: [String], in output: String) -> String? {
        let printed = output.components(separatedBy: "\n").map(words).filter { !$0.isEmpty }
        var position = printed.startIndex
        for line in block where !words(of: line).isEmpty {
            guard let found = printed[position...].firstIndex(of: words(of: line)) else { return line }
            position = found + 1
        }
        return nil
    }
}

extension QuickChecks {
    /// A timeline block names a stage and holds at least one line with words.
    func checkTimelineBlock(_ fence: Note.Fence, stage: String, in note: Note) -> [Problem] {
        guard let number = Int(stage), Stage.all.indices.contains(number) else {
            return [Problem(note.path, fence.line, "a timeline block needs timeline=N naming a stage, not \(stage)")]
        }
        guard fence.content.contains(where: { !TimelineBlock.words(of: $0).isEmpty }) else {
            return [Problem(note.path, fence.line, "a timeline block with no words checks nothing")]
        }
        return []
    }
}

extension SlowChecks {
    /// Runs `tracker --stage N --timeline` and requires the block's lines, by their words,
    /// in order (see `TimelineBlock`).
    func checkTimeline(_ fence: Note.Fence, stage: String, in note: Note) -> [Problem] {
        let result = run([trackerPath(), "--stage", stage, "--timeline"], in: package.root)
        guard result.status == 0 else {
            return [Problem(note.path, fence.line, "tracker --stage \(stage) --timeline exits \(result.status): \(result.output.prefix(200))")]
        }
        guard let missing = TimelineBlock.firstMissing(fence.content, in: result.output) else { return [] }
        return [Problem(note.path, fence.line, "the timeline of stage \(stage) no longer shows, in this order: \(missing.trimmingCharacters(in: .whitespaces))")]
    }
}
