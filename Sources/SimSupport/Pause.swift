import Foundation

/// Blocks the calling thread for `duration`, as simulated latency.
///
/// Not `Thread.sleep(forTimeInterval:)`: in corelibs Foundation it synchronises in a way
/// ThreadSanitizer counts as happens-before between the threads that call it, which hid
/// the app's races (measured: the `isAuthorized` race went unreported until the Health
/// simulator stopped calling it). `usleep` adds no synchronisation.
public func pause(for duration: Duration) {
    let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    if microseconds > 0 { usleep(UInt32(clamping: microseconds)) }
}
