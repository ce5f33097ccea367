import MatrixKit
import Testing

@Suite("Finding racing properties")
struct PropertyFinderTests {
    let finder = PropertyFinder(names: ["anchor", "isAuthorized", "savedValue", "currentDrinks", "healthAccess"])

    @Test("a source line yields the catalogue names it holds as whole identifiers")
    func wholeIdentifiers() {
        #expect(finder.properties(inSourceLine: "                self.savedValue = self.currentDrinks") == ["savedValue", "currentDrinks"])
        #expect(finder.properties(inSourceLine: "        anchor = newAnchor") == ["anchor"])
        #expect(finder.properties(inSourceLine: "        let anchored = lastAnchor // anchors") == [])
        #expect(finder.properties(inSourceLine: "guard isAuthorized2 else { return }") == [])
    }

    @Test("a mangled symbol yields the names it holds as <length><name>")
    func mangledSymbols() {
        #expect(finder.properties(inMangledSymbol: "$s10Stage0_GCD10CoffeeDataC13currentDrinksSay0C5Model5DrinkVGvs") == ["currentDrinks"])
        #expect(finder.properties(inMangledSymbol: "$s17Stage1_AsyncAwait19HealthKitControllerC12isAuthorizedSbvg") == ["isAuthorized"])
        // "6anchor" inside "9newAnchor" is not there; nor a length that is the tail of another number.
        #expect(finder.properties(inMangledSymbol: "$s4main1fyy9newAnchorF") == [])
        #expect(finder.properties(inMangledSymbol: "$s4main116anchorSgvg") == [])
        // Only an accessor names its property: a function with an `anchor:` label does not.
        #expect(finder.properties(inMangledSymbol: "$s4main1C13queryFinished7samples6anchoryySaySiG_SitF") == [])
    }

    @Test("an access's properties come from its racing frame: line and accessor symbol")
    func accessProperties() throws {
        let reports = TSanLogParser.reports(in: try Fixture.text("stage0-saved-drinks.tsan"))
        // The setter frame has no line: the symbol names the property.
        #expect(finder.properties(of: reports[0].accesses[1], sources: Fixture.sources) == ["currentDrinks"])
        #expect(finder.properties(of: reports[0].accesses[0], sources: Fixture.sources) == ["savedValue", "currentDrinks"])
        #expect(finder.properties(of: reports[1].accesses[1], sources: Fixture.sources) == ["savedValue", "currentDrinks"])
    }

    @Test("lines are read from the package's files, by their path from Sources/")
    func packageSourceLines() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kit-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Sources/Stage0_GCD/A.swift")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "line one\n    anchor = next\n".write(to: file, atomically: true, encoding: .utf8)
        let lines = PackageSourceLines(root: root)
        #expect(lines.line(2, of: "Sources/Stage0_GCD/A.swift") == "    anchor = next")
        #expect(lines.line(9, of: "Sources/Stage0_GCD/A.swift") == nil)
        #expect(lines.line(1, of: "Sources/Stage0_GCD/Missing.swift") == nil)
    }
}

import Foundation
