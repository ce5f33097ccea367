/// The simulators' canary, measured: in how many runs TSan reported both races planted
/// through the simulators' hand-offs (`Tests/SimTests/SimulatorCanary.swift`). Each must
/// show every run; a run without one means the simulators synchronised the two accesses,
/// and could hide a stage's race the same way.
public struct CanaryTally: Sendable {
    public static let file = "Tests/SimTests/SimulatorCanary.swift"
    /// The planted races: one per test of the canary.
    public static let planted = 2

    public private(set) var runs = 0
    public private(set) var fullySeen = 0

    public init() {}

    /// Records one run's reports.
    public mutating func record(_ reports: [TSanReport]) {
        runs += 1
        if Self.planted(in: reports) >= Self.planted { fullySeen += 1 }
    }

    /// How many distinct planted races these reports show: races whose two racing frames
    /// are both in the canary's file, told apart by the line of each access.
    public static func planted(in reports: [TSanReport]) -> Int {
        let lines = reports.filter(\.isRace).compactMap { report -> [Int]? in
            let frames = report.accesses.compactMap(\.racingFrame)
            guard frames.count == 2, frames.allSatisfy({ $0.file?.hasSuffix(file) == true }) else { return nil }
            return frames.compactMap(\.line).sorted()
        }
        return Set(lines).count
    }

    public var problem: String? {
        fullySeen == runs ? nil
            : "canary: both races planted through the simulators were reported in \(fullySeen)/\(runs) runs "
                + "(every run expected): the simulators may be ordering accesses for TSan (\(Self.file))"
    }
}
