import Foundation
import NotesKit
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

    @Test("each claim's own wrong sentence, planted across a line break in a note, is caught at its line")
    func plantedSentenceInANoteFails() throws {
        for claim in try WrongClaims.load(package) {
            let sentence = try #require(claim.matches.first)
            let words = sentence.split(separator: " ")
            let wrapped = words.prefix(words.count / 2).joined(separator: " ") + "\n" + words.dropFirst(words.count / 2).joined(separator: " ")
            let note = ScannedText(path: "Steps/planted.md", lines: ["# A note", "", "Some text.", wrapped])
            let problems = WrongClaims.problems(in: note, claims: [claim])
            #expect(problems.map(\.line) == [4], "\(claim.id): \(problems)")
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
