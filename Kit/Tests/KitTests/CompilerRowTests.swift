import MatrixKit
import Testing
@testable import TrackerSpec

@Suite("Compiler rows count by declaration and diagnostic group")
struct CompilerRowTests {
    let row = Defect(
        id: "controller-crosses-domains", summary: "",
        detector: .compiler(declarations: ["HealthKitController", "healthKitController"], groups: ["#SendableClosureCaptures", "#SendingRisksDataRace"]),
        present: [0])

    let sources = InlineSourceLines([
        "Sources/Stage0_GCD/HealthKitController.swift": [
            10: "final class HealthKitController {",
            114: "            self.queryFinished(samples: samples, anchor: anchor)",
        ],
        "Sources/Stage0_GCD/CoffeeData.swift": [
            5: "@Observable @MainActor final class CoffeeData {",
            6: "    // a comment naming HealthKitController",
            40: "        Task { self.refresh() }",
        ],
    ])

    /// Real lines of stage 0's strict build (paths shortened).
    let output = """
        /p/Sources/Stage0_GCD/HealthKitController.swift:114:13: warning: capture of 'self' with non-Sendable type 'HealthKitController' in a '@Sendable' closure; this is an error in the Swift 6 language mode [#SendableClosureCaptures]
        /p/Sources/Stage0_GCD/HealthKitController.swift:114:18: warning: sending 'self' risks causing data races; this is an error in the Swift 6 language mode [#SendingRisksDataRace]
        /p/Sources/Stage0_GCD/HealthKitController.swift:115:13: warning: capture of 'completionHandler' with non-Sendable type '(Bool) -> Void' in a '@Sendable' closure; this is an error in the Swift 6 language mode [#SendableClosureCaptures]
        /p/Sources/Stage0_GCD/CoffeeData.swift:40:9: warning: sending 'self.model.healthKitController' risks causing data races; this is an error in the Swift 6 language mode [#SendingRisksDataRace]
        /p/Sources/Stage0_GCD/CoffeeData.swift:41:9: warning: main actor-isolated property 'healthKitController' can not be referenced from a nonisolated context [#ActorIsolatedCall]
        /p/Sources/Stage0_GCD/CoffeeData.swift:42:9: warning: sending 'self' risks causing data races; this is an error in the Swift 6 language mode [#SendingRisksDataRace]
        /p/Sources/Stage0_GCD/CoffeeData.swift:43:9: warning: capture of 'controller' with non-Sendable type 'HealthKitControllerBox' in a '@Sendable' closure [#SendableClosureCaptures]
        """

    func parsed() -> [CompilerDiagnostic] {
        CompilerDiagnostics.parse(output, target: "Stage0_GCD").map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.subject = DiagnosticSubjects.subject(of: diagnostic, sources: sources)
            return diagnostic
        }
    }

    @Test("subjects: the non-Sendable type, the last name of a quoted value, the declaration `self` is in")
    func subjects() {
        let subjects = parsed().map { "\($0.path.split(separator: "/").last!):\($0.line) \($0.subject ?? "-")" }
        #expect(subjects.contains("HealthKitController.swift:114 HealthKitController"))
        #expect(subjects.contains("HealthKitController.swift:115 (Bool) -> Void"))
        #expect(subjects.contains("CoffeeData.swift:40 healthKitController"))
        #expect(subjects.contains("CoffeeData.swift:42 CoffeeData"))
        #expect(subjects.contains("CoffeeData.swift:43 HealthKitControllerBox"))
    }

    @Test("only the row's groups, only its declarations, never a substring")
    func counting() {
        let counted = DiagnosticSubjects.counted(by: row, in: parsed()).map { "\($0.path.split(separator: "/").last!):\($0.line):\($0.column)" }
        // Not 115 (another subject), not 41 (another group), not 42 (`self` is CoffeeData),
        // not 43 (HealthKitControllerBox only contains the name).
        #expect(counted == ["CoffeeData.swift:40:9", "HealthKitController.swift:114:13", "HealthKitController.swift:114:18"])
    }

    @Test("a row that names nothing counts every diagnostic")
    func everything() {
        let all = Defect(id: "all", summary: "", detector: .compiler(), present: [0])
        #expect(DiagnosticSubjects.counted(by: all, in: parsed()).count == 7)
    }
}
