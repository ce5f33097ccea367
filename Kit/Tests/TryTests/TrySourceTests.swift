import Testing
@testable import TryKit

@Test func aScriptHasTopLevelCodeAndALibraryHasNone() throws {
    #expect(try TrySource(name: "a.swift", text: "import Foundation\nprint(1)\n").hasTopLevelCode)
    #expect(try !TrySource(name: "b.swift", text: "import Foundation\nfunc f() {\n    print(1)\n}\n").runs)
    #expect(try TrySource(name: "c.swift", text: "@main struct App {\n    static func main() {}\n}\n").runs)
}

@Test func aMarkedLineKeepsItsNumberAndGainsTheProbeCall() throws {
    let source = try TrySource(name: "w.swift", text: "let a = 1\n    print(a) // where?\n")
    #expect(source.whereLines == [2])
    let lines = source.compiled(marking: true).split(separator: "\n", omittingEmptySubsequences: false)
    // The import and the line directive come first; the file's line 2 is physical line 4.
    #expect(lines[1] == "#sourceLocation(file: \"w.swift\", line: 1)")
    #expect(lines[3] == "    TryWhere.mark(2); print(a) // where?")
}

@Test func anEmptySnippetIsBadInput() {
    #expect(throws: TryError.self) { try TrySource(name: "e.swift", text: " \n\n") }
}

@Test func aWhereLineIsReadBackAndNamesItsExecutor() throws {
    let place = try #require(TryPlace(line: "\u{1}where?\t7\t140\t0\tcom.apple.main-thread\t1\t1\t1\t"))
    #expect(place.line == 7 && place.onMainQueue && place.executor == "the main actor")
    let actor = try #require(TryPlace(line: "\u{1}where?\t9\t141\t0\t\t0\t1\t0\tCounter"))
    #expect(actor.executor == "actor Counter")
    #expect(TryPlace(line: "where? 7") == nil)
}
