/// The verdicts a stage suite records in the `TRACKER_VERDICTS` file:
/// "stage<TAB>defect<TAB>present|fixed", one line per check it ran.
public struct SuiteVerdicts: Sendable, Hashable {
    /// stage → defect id → measured present.
    public var verdicts: [Int: [String: Bool]] = [:]
    /// Lines that could not be read, and verdicts that contradict an earlier one.
    public var problems: [String] = []

    public init() {}

    public init(parsing text: String) {
        self.init()
        add(text)
    }

    public mutating func add(_ text: String) {
        for line in text.split(separator: "\n") where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let stage = Int(fields[0]), ["present", "fixed"].contains(fields[2]) else {
                problems.append("unreadable verdict line: \(line)")
                continue
            }
            let defect = String(fields[1])
            let present = fields[2] == "present"
            if let earlier = verdicts[stage]?[defect], earlier != present {
                problems.append("stage \(stage) \(defect): measured both present and fixed")
            }
            verdicts[stage, default: [:]][defect] = (verdicts[stage]?[defect] ?? false) || present
        }
    }

    public func verdict(stage: Int, defect: String) -> Bool? { verdicts[stage]?[defect] }
}
