import MatrixKit
import Testing

@Suite("The command line")
struct MatrixOptionsTests {
    @Test("no argument: one run of every stage, printed, no file written")
    func defaults() throws {
        let options = try MatrixOptions.parse([], knownStages: [0, 1, 2])
        #expect(options.runs == 1 && options.stages == nil && !options.skipStatic && !options.skipSuite)
        #expect(options.outputPath == nil)
        #expect(options.command == "Scripts/race-matrix")
    }

    @Test("--write replaces Steps/MATRIX.md, and the file quotes it")
    func write() throws {
        let options = try MatrixOptions.parse(["--runs", "20", "--write"], knownStages: [0, 1, 2])
        #expect(options.outputPath == "Steps/MATRIX.md")
        #expect(options.command == "Scripts/race-matrix --runs 20 --write")
    }

    @Test("every option, in both spellings")
    func allOptions() throws {
        let options = try MatrixOptions.parse(
            ["--runs", "20", "--stages=2,0", "--skip-static", "--skip-suite", "--output", "/tmp/m.md"], knownStages: [0, 1, 2])
        #expect(options.runs == 20)
        #expect(options.stages == [0, 2])
        #expect(options.skipStatic && options.skipSuite)
        #expect(options.outputPath == "/tmp/m.md")
        #expect(options.command == "Scripts/race-matrix --runs 20 --stages 0,2 --skip-static --skip-suite")
    }

    @Test("a subset of stages writes nothing, and never Steps/MATRIX.md")
    func subsetWritesNothing() throws {
        #expect(try MatrixOptions.parse(["--stages", "1"], knownStages: [0, 1]).outputPath == nil)
        #expect(throws: MatrixOptions.UsageError.self) { try MatrixOptions.parse(["--stages", "1", "--write"], knownStages: [0, 1]) }
    }

    @Test("the stage list comes from the caller (Stage.all), so a sixth stage is accepted once it exists")
    func stagesFromCatalogue() throws {
        #expect(throws: MatrixOptions.UsageError.self) { try MatrixOptions.parse(["--stages", "5"], knownStages: [0, 1, 2, 3, 4]) }
        #expect(try MatrixOptions.parse(["--stages", "5"], knownStages: [0, 1, 2, 3, 4, 5]).stages == [5])
    }

    @Test("bad arguments are usage errors", arguments: [
        ["--runs"], ["--runs", "0"], ["--runs", "x"], ["--stages", "1,,2"], ["--stages", "9"], ["--frobnicate"], ["--output"],
        ["--write", "--output", "/tmp/m.md"],
    ])
    func badArguments(_ arguments: [String]) {
        #expect(throws: MatrixOptions.UsageError.self) { try MatrixOptions.parse(arguments, knownStages: [0, 1, 2]) }
    }
}
