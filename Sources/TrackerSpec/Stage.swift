/// The stages of the migration, in order.
public struct Stage: Sendable, Hashable, CustomStringConvertible {
    public let number: Int
    public let target: String
    public let title: String

    public var description: String { "Stage \(number) (\(title))" }

    public static let all: [Stage] = [
        Stage(number: 0, target: "Stage0_GCD", title: "GCD and completion handlers"),
        Stage(number: 1, target: "Stage1_AsyncAwait", title: "async/await"),
        Stage(number: 2, target: "Stage2_Continuations", title: "continuations"),
        Stage(number: 3, target: "Stage3_MainActor", title: "the main actor"),
        Stage(number: 4, target: "Stage4_Actors", title: "actors"),
        Stage(number: 5, target: "Stage5_Swift6", title: "the Swift 6 language mode"),
        Stage(number: 6, target: "Stage6_Approachable", title: "approachable concurrency"),
    ]
}
