// probe: -swift-version 6 -parse-as-library
// Swift Testing tests run as a program, as `swift test` runs them (see `main` below).
import Foundation
import Testing

/// A defect written down as a known issue: the check must see it, and the run stays green.
struct DefectSeen: Error {}

/// The check, run on an app that `hasDefect` or not.
func check(hasDefect: Bool) throws {
    if hasDefect { throw DefectSeen() }
}

@Suite(.serialized) struct KnownIssues {
    @Test func defectStillThere() {
        withKnownIssue("duplicate-import: two refreshes import one sample twice") {
            try check(hasDefect: true)
        }
        print("defect still there: recorded as a known issue, the test passes")
    }

    @Test func defectFixed() {
        withKnownIssue("duplicate-import: two refreshes import one sample twice") {
            try check(hasDefect: false)
        }
        print("defect fixed: no issue to record, so the test fails")
    }
}

@main struct Probe {
    static func main() async {
        exit(await Testing.__swiftPMEntryPoint() as CInt)
    }
}
