/// The gates one simulated SDK handed to a test (`holdNextWrite`, `hold(.query)`), so
/// that the end of a run opens any a failed check left shut, and can tell whether one
/// lapsed while the check still counted on it.
public final class HandedOutGates: Sendable {
    private let gates = SimLock<[Gate]>([])

    public init() {}

    /// A new gate, remembered until `openAll`.
    public func make() -> Gate {
        let gate = Gate()
        gates.withLock { $0.append(gate) }
        return gate
    }

    /// The gates that hold an event now (shut, with a waiter).
    public var held: [Gate] {
        gates.withLock { $0.filter { $0.isHeld && !$0.opened } }
    }

    /// Opens every gate handed out so far and forgets them; returns whether any had
    /// lapsed before it was opened.
    @discardableResult
    public func openAll() -> Bool {
        let all = gates.withLock { gates in defer { gates = [] }; return gates }
        let lapsed = all.contains { $0.lapsedBeforeOpening }
        for gate in all { gate.open() }
        return lapsed
    }
}
