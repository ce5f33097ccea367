// probe: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// A library built with NonisolatedNonsendingByDefault: its nonisolated async functions
// run on their caller's actor. Used by field-library-nonsending.
import Dispatch

public let mainKey = DispatchSpecificKey<Bool>()
public func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

/// A caller's non-Sendable value: a class with mutable state.
public final class DrinkLog {
    public var entries: [Double] = []
    public init() {}
}

/// Under the feature: runs on the caller's actor, and may take the caller's state.
public func total(of log: DrinkLog) async -> (mg: Double, onMain: Bool) {
    (log.entries.reduce(0, +), onMainQueue())
}

/// Says where it runs whatever the setting: off every actor.
@concurrent public func totalInBackground(of entries: [Double]) async -> (mg: Double, onMain: Bool) {
    (entries.reduce(0, +), onMainQueue())
}
