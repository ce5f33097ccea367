import Foundation

/// Blocks the calling thread for `duration`: the simulators' latency and slow disk.
///
/// A plain `usleep`, which ThreadSanitizer does not treat as synchronisation, so simulated
/// latency never orders two of the app's accesses for it.
public func pause(for duration: Duration) {
    let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    if microseconds > 0 { usleep(UInt32(clamping: microseconds)) }
}
