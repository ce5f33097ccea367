import Foundation
import TrackerSpec
import TrackerTimeline

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("tracker: \(error.message)\n\n\(Options.usage)\n".utf8))
    exit(2)
}

if options.verbose { setenv("TRACKER_LOG", "1", 1) }

/// Plays one stage's day; its timeline when the options ask for one.
@MainActor
func day(_ number: Int) async -> Timeline? {
    let day = WatchDay(
        stage: Stage.all[number], app: app(forStage: number), diskDelay: .milliseconds(options.diskDelayMilliseconds),
        recordsTimeline: options.recordsTimeline)
    do {
        return try await day.run()
    } catch {
        FileHandle.standardError.write(Data("tracker: the day stopped: \(error)\n".utf8))
        exit(1)
    }
}

/// Writes `text` to `path`, or stops with a clear message.
func write(_ text: String, to path: String) {
    do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("tracker: cannot write \(path): \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}

switch options.command {
case .help:
    print(Options.usage)
case .listStages:
    for stage in Stage.all { print("\(stage.number)  \(stage.target)  \(stage.title)") }
case .catalogue:
    print(CatalogueTable.render())
case .explore(let number, let count):
    exit(await explore(stage: number, count: count))
case .everyOrder(let number, let seed, let limit):
    exit(await everyOrder(stage: number, seed: seed, limit: limit))
case .replay(let number, let seed, let order):
    exit(await replay(stage: number, seed: seed, order: order))
case .day(let number):
    let first = await day(number)
    guard options.recordsTimeline, let first else { break }
    var timelines = [first]
    if let other = options.compare, let second = await day(other) { timelines.append(second) }
    if options.timelineText {
        print(timelines.map { $0.renderText() }.joined(separator: "\n\n"))
    }
    if let path = options.timelineHTML {
        write(TimelinePage.render(timelines), to: path)
        print("tracker: wrote \(path)")
    }
    if let path = options.timelineTrace {
        write(TimelineTrace.render(timelines), to: path)
        print("tracker: wrote \(path)")
    }
}
