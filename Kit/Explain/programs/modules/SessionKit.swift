// flags: -swift-version 5
// A stand-in for a delegate protocol of a framework built without Swift 6 checking
// (WatchConnectivity's `WCSessionDelegate`, as an Objective-C SDK reaches Swift): nonisolated
// requirements, and a session that tells its delegate on a thread of its own.
import Foundation

public protocol SessionDelegate: AnyObject {
    func session(didReceiveMessage message: [String: Any])
}

public final class Session {
    public weak var delegate: SessionDelegate?
    public init() {}

    /// Tells the delegate of a message later, on a thread of its own, never on the caller's.
    public func activate() {
        Thread { [weak self] in self?.delegate?.session(didReceiveMessage: ["t": "hi"]) }.start()
    }
}
