import Foundation
import TrackerSpec

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("tracker: \(error.message)\n\n\(Options.usage)\n".utf8))
    exit(2)
}

if options.verbose { setenv("TRACKER_LOG", "1", 1) }

switch options.command {
case .help:
    print(Options.usage)
case .listStages:
    for stage in Stage.all { print("\(stage.number)  \(stage.target)  \(stage.title)") }
case .catalogue:
    print(CatalogueTable.render())
case .day(let number):
    let day = Day(stage: Stage.all[number], app: app(forStage: number), diskDelay: .milliseconds(options.diskDelayMilliseconds))
    do {
        try await day.run()
    } catch {
        FileHandle.standardError.write(Data("tracker: the day stopped: \(error)\n".utf8))
        exit(1)
    }
}
