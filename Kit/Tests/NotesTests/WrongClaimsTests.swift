import Foundation
@testable import NotesKit
import Testing

/// The list of wrong claims: every pattern is tested by its own sentences, none matches
/// the kit today, and a wrong sentence planted in a note, a doc comment or the table fails.
@Suite("Wrong claims stay out")
struct WrongClaimsTests {
    let package = PackageFacts(containing: #filePath)

    @Test("the list reads, and every pattern matches its wrong sentences and none of the corrected ones")
    func everyPatternIsTested() throws {
        let claims = try WrongClaims.load(package)
        #expect(!claims.isEmpty)
        #expect(Set(claims.map(\.id)).count == claims.count, "ids must be unique")
        let problems = WrongClaims.check(package)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test("each claim's own wrong sentences, planted in a note wrapped across two lines, are caught")
    func plantedSentenceInANoteFails() throws {
        for claim in try WrongClaims.load(package) {
            for sentence in claim.matches {
                let words = sentence.split(separator: " ").map(String.init)
                let half = words.count / 2
                let lines = ["# A note", "", "Some text.", words.prefix(half).joined(separator: " "), "  " + words.dropFirst(half).joined(separator: " ")]
                let problems = WrongClaims.problems(in: ScannedText(path: "Steps/planted.md", lines: lines), claims: [claim])
                #expect(!problems.isEmpty && problems.allSatisfy { [4, 5].contains($0.line) }, "\(claim.id): \(sentence): \(problems)")
            }
        }
    }

    @Test("a match is reported at the line where it starts, in the note's own numbering")
    func matchIsReportedWhereItStarts() throws {
        let claim = try #require(try WrongClaims.load(package).first { $0.id == "linux-has-no-pool" })
        let lines = ["# TSan", "", "Two short tasks.", "On Darwin a pool of its own. On Linux", "there is no such pool, so."]
        let problems = WrongClaims.problems(in: ScannedText(path: "Steps/TSAN.md", lines: lines), claims: [claim])
        #expect(problems.map(\.line) == [4], "\(problems)")
        #expect(problems.first?.file == "Steps/TSAN.md")
    }

    @Test("a correction that loses its qualification fails; matches awaiting another branch do not")
    func qualificationsAndAwaiting() throws {
        let claims = try WrongClaims.load(package)
        let qualified = try #require(claims.first { !($0.mustSay ?? []).isEmpty })
        #expect(WrongClaims.missingQualifications(qualified, package).isEmpty)
        let emptied = PackageFacts(root: FileManager.default.temporaryDirectory.appendingPathComponent("no-kit-\(UUID().uuidString)"))
        #expect(!WrongClaims.missingQualifications(qualified, emptied).isEmpty)
        let awaiting = claims.filter { !($0.awaiting ?? []).isEmpty }
        for claim in awaiting {
            #expect(!WrongClaims.check(package).contains { $0.message.contains(claim.id) }, "\(claim.id) fails though it is awaiting")
        }
    }

    @Test("a wrong sentence in a doc comment is caught; the same words in code are not")
    func plantedDocCommentFails() throws {
        let claim = try #require(try WrongClaims.load(package).first)
        let sentence = try #require(claim.matches.first)
        let source = "struct A {}\n/// \(sentence)\nfunc f() {}\nlet s = \"\(sentence)\"\n"
        let problems = WrongClaims.problems(in: ScannedText(docCommentsOf: "Sources/X/A.swift", text: source), claims: [claim])
        #expect(problems.map(\.line) == [2], "\(problems)")
    }

    @Test("the check reads the router's table, the maintainers' guide and the stage sources' doc comments")
    func scansEveryPlace() {
        let paths = Set(WrongClaims.scannedTexts(package).map(\.path))
        #expect(paths.contains("Kit/Explain/table.json"))
        #expect(paths.contains("Kit/MAINTAINERS.md"))
        #expect(paths.contains("Steps/06-approachable-concurrency/current-swift.md"))
        #expect(paths.contains("Sources/Stage6_Approachable/ComplicationController.swift"))
        #expect(paths.contains("Kit/Sources/NotesKit/WrongClaims.swift"))
        #expect(!paths.contains { $0.hasPrefix("Kit/CoffeeTrackerKit/") || $0.contains("/.build") })
    }
}
