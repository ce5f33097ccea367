// source: https://github.com/firebase/firebase-ios-sdk/issues/14585
// flags: -swift-version 6
// expect: executor-assumption preconcurrency-witness
// uses: SessionKit
// before: runs
// wrong: NONISOLATED
// runs: got hi on the main actor
// stand-in: WatchConnectivity's WCSessionDelegate: a delegate protocol with nonisolated requirements, told on a queue of the framework's own (a Swift 5 module here, SessionKit)
// shape: (round 7, input 38) a main-actor type's witness in a `@preconcurrency` conformance: Swift 6 checks on entry that it runs on the main actor, and the framework's thread traps. `nonisolated` on the witness with its body unchanged (NONISOLATED) is refused; the fix is a plain conformance whose nonisolated witness copies what it needs and hops
import Foundation
import SessionKit

#if FIXED
@MainActor final class WatchSync: SessionDelegate {
    var messages: [String] = []
    let session = Session()
    func start() { session.delegate = self; session.activate() }
    nonisolated func session(didReceiveMessage message: [String: Any]) {
        let text = message["t"] as? String ?? ""
        Task { @MainActor in self.messages.append(text) }
    }
}
#elseif NONISOLATED
@MainActor final class WatchSync: SessionDelegate {
    var messages: [String] = []
    let session = Session()
    func start() { session.delegate = self; session.activate() }
    nonisolated func session(didReceiveMessage message: [String: Any]) {
        messages.append(message["t"] as? String ?? "")
    }
}
#else
@MainActor final class WatchSync: @preconcurrency SessionDelegate {
    var messages: [String] = []
    let session = Session()
    func start() { session.delegate = self; session.activate() }
    func session(didReceiveMessage message: [String: Any]) {
        messages.append(message["t"] as? String ?? "")
    }
}
#endif

@main enum Run {
    @MainActor static func main() async {
        let sync = WatchSync()
        sync.start()
        for _ in 0..<200 where sync.messages.isEmpty { try? await Task.sleep(for: .milliseconds(10)) }
        print("got \(sync.messages.joined()) on the main actor")
    }
}
