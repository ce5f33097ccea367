import Foundation

/// Work of the simulators' own that ThreadSanitizer must not see.
///
/// The simulators keep state that the test (on the main thread) and their own queues
/// share. An ordinary lock there is a happens-before edge, and TSan credits it with
/// everything each thread did before: an app race between the main thread and an SDK
/// queue would vanish as soon as the test and the queue took the same lock. Under TSan, a
/// section run here ignores both the synchronisation and the memory accesses in it
/// (TSan's dynamic annotations, looked up when the process runs), so the app's own
/// synchronisation is all TSan judges. Without TSan it is a plain call.
///
/// The rule that keeps this sound: only simulator code runs inside, never the app's; and
/// what leaves a section is either a value or an object built inside it.
public enum Unseen {
    /// Runs `body` out of TSan's sight. Call `prepare()` first, on a thread that starts
    /// the threads that will call this (building a `SimLock` does).
    public static func run<T>(_ body: () throws -> T) rethrows -> T {
        guard let syncBegin, let syncEnd, let readsBegin, let readsEnd, let writesBegin, let writesEnd else {
            return try body()
        }
        syncBegin(nil, 0)
        readsBegin(nil, 0)
        writesBegin(nil, 0)
        defer {
            writesEnd(nil, 0)
            readsEnd(nil, 0)
            syncEnd(nil, 0)
        }
        return try body()
    }

    /// Looks TSan's annotations up, once per process.
    public static func prepare() {
        _ = lookedUp
    }

    /// Whether this process runs under ThreadSanitizer (its runtime exports the annotations).
    public static var underThreadSanitizer: Bool {
        prepare()
        return syncBegin != nil
    }

    /// `(file, line)`: where an annotation was made, for TSan's own diagnostics.
    private typealias Marker = @convention(c) (UnsafePointer<CChar>?, Int32) -> Void

    // Plain statics with constant initial values: Swift initialises them statically, with
    // no once-token. On Linux TSan treats each access to a lazily initialised global as a
    // lock, so `run` must reach the annotations without one. Written once, by `lookedUp`.
    nonisolated(unsafe) private static var syncBegin: Marker?
    nonisolated(unsafe) private static var syncEnd: Marker?
    nonisolated(unsafe) private static var readsBegin: Marker?
    nonisolated(unsafe) private static var readsEnd: Marker?
    nonisolated(unsafe) private static var writesBegin: Marker?
    nonisolated(unsafe) private static var writesEnd: Marker?

    // The TSan runtime exports these when it is linked in; a normal build has none.
    private static let lookedUp: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        func marker(_ name: String) -> Marker? {
            dlsym(process, "Annotate\(name)").map { unsafeBitCast($0, to: Marker.self) }
        }
        let names = ["IgnoreSyncBegin", "IgnoreSyncEnd", "IgnoreReadsBegin", "IgnoreReadsEnd", "IgnoreWritesBegin", "IgnoreWritesEnd"]
        let markers = names.compactMap(marker)
        guard markers.count == names.count else { return false }
        (syncBegin, syncEnd, readsBegin, readsEnd, writesBegin, writesEnd) =
            (markers[0], markers[1], markers[2], markers[3], markers[4], markers[5])
        return true
    }()
}
