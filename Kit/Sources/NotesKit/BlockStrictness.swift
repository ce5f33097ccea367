import Foundation
import TrackerSpec

extension QuickChecks {
    /// What no block may do, whatever it shows: be empty (but for a flips block: no row flips); be an illustration that holds
    /// ThreadSanitizer output or compiler locations (real output must be checked, so it
    /// cannot be waved through); name a catalogue row that does not exist; ask for a
    /// `(no report)` from a row that has no race scenario to run.
    public static func strictnessProblem(_ fence: Note.Fence) -> String? {
        // An empty flips block is a claim (no row flips) that the flips check verifies.
        if fence.content.isEmpty && !fence.info.contains("flips") { return "an empty code block" }
        let text = fence.content.joined(separator: "\n")
        if fence.isIllustration {
            if text.contains("ThreadSanitizer") || text.range(of: #"(Read|Write) of size \d+"#, options: .regularExpression) != nil {
                return "an illustration must not hold ThreadSanitizer output: quote a checked tsan=STAGE race=ROW block, or describe it in prose"
            }
            if text.range(of: #"Sources/[^\s:]+\.swift:\d+"#, options: .regularExpression) != nil {
                return "an illustration must not hold compiler or stack locations (Sources/...swift:LINE): use a checked block"
            }
            return nil
        }
        if fence.value("tsan") != nil {
            guard let race = fence.value("race"), Catalogue.defects.contains(where: { $0.id == race }) else {
                return "a tsan block needs race=ROW naming a catalogue row"
            }
            guard Check.races.contains(where: { $0.defect == race }) else {
                return "no race scenario for \(race): its tsan block, (no report) included, could not be run"
            }
        }
        return nil
    }
}
