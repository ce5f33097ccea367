// source: https://docs.swift.org/compiler/documentation/diagnostics/sending-closure-risks-data-race
// flags: -swift-version 6
// expect: sending-closure global-actor
// shape: a detached task captures a value read from a main-actor (or another global actor's) object
final class Client { var token = "" }
@globalActor actor DB { static let shared = DB() }
#if FIXED
@MainActor final class Screen {
    var client = Client()
    func start() {
        let c = client
        Task { @MainActor in print(c.token) }
        Task { print(c.token) }
    }
}
@DB final class Store {
    var client = Client()
    func start() {
        let c = client
        Task { @DB in print(c.token) }
    }
}
#else
@MainActor final class Screen {
    var client = Client()
    func start() {
        let c = client
        Task.detached { print(c.token) }
    }
}
@DB final class Store {
    var client = Client()
    func start() {
        let c = client
        Task.detached { print(c.token) }
    }
}
#endif
