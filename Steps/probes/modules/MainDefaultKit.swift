// probe: -swift-version 6 -default-isolation MainActor
// A library built as an app target is, with main-actor default isolation: everything it
// exports is main-actor unless it says otherwise. Used by field-library-default-isolation.
import Foundation

nonisolated public let mainKey = DispatchSpecificKey<Bool>()
nonisolated public func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

/// Left to the default: main-actor, so a caller elsewhere must await it, and it runs on main.
public struct CaffeineCurve {
    public init() {}
    public func remaining(after hours: Double, from mg: Double) -> (mg: Double, onMain: Bool) {
        (mg * pow(0.5, hours / 5), onMainQueue())
    }
}

/// The guard: this type belongs to no actor, so it runs where it is called.
nonisolated public struct GuardedCurve {
    public init() {}
    public func remaining(after hours: Double, from mg: Double) -> (mg: Double, onMain: Bool) {
        (mg * pow(0.5, hours / 5), onMainQueue())
    }
}
