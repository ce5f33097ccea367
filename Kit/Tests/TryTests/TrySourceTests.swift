import Testing
@testable import TryKit

@Test func aScriptHasTopLevelCodeAndALibraryHasNone() throws {
    #expect(try TrySource(name: "a.swift", text: "import Foundation\nprint(1)\n").hasTopLevelCode)
    #expect(try !TrySource(name: "b.swift", text: "import Foundation\nfunc f() {\n    print(1)\n}\n").runs)
    #expect(try TrySource(name: "c.swift", text: "@main struct App {\n    static func main() {}\n}\n").runs)
}
