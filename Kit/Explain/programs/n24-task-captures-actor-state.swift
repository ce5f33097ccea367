// source: https://docs.swift.org/compiler/documentation/diagnostics/sending-closure-risks-data-race
// flags: -swift-version 6
// expect: sending-closure actor-instance
// shape: an actor's method starts a task that captures a non-Sendable value read from the actor's state
final class Client { var token = "" }
#if FIXED
actor Session {
    var client = Client()
    func start() {
        let c = client
        Task { self.log(c.token) }
        let token = client.token
        Task.detached { print(token) }
    }
    func log(_ s: String) {}
}
#else
actor Session {
    var client = Client()
    func start() {
        let c = client
        Task.detached { print(c.token) }
    }
    func log(_ s: String) {}
}
#endif
