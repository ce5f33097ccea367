// probe: -swift-version 6 -default-isolation MainActor
// watch: 6.3.1 keeps a plain `: Sendable` main-actor; SE-0466's amended text exempts it
// Stage 6's default: a declaration that says nothing about isolation is main-actor, unless
// it takes its isolation from elsewhere (SE-0466): a superclass, the protocol it conforms
// to, or a *nonisolated* protocol that refines `SendableMetatype`. A protocol declared here
// without `nonisolated` is itself main-actor under the default, and so are its conformers.
// A plain `: Sendable` is no exception on Swift 6.3.1, though SE-0466's amended text
// exempts a type that directly conforms to a protocol inheriting `SendableMetatype`.
// Each type's `whereAmI()` is called from a `@concurrent` function: a main-actor method
// hops to the main thread, a nonisolated one runs where it is called, on the pool.
// (The compiler warns about `await` on the calls that turn out not to cross: no error.)
import Dispatch

nonisolated let mainKey = DispatchSpecificKey<Bool>()
nonisolated func onMainActor() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

@globalActor actor Disk {
    static let shared = Disk()
}

final class Plain {
    func whereAmI() -> Bool { onMainActor() }
}

struct Value: Sendable {
    func whereAmI() -> Bool { onMainActor() }
}

nonisolated class NonisolatedBase {}
final class Subclass: NonisolatedBase {
    func whereAmI() -> Bool { onMainActor() }
}

@Disk protocol DiskWork {}
final class Writer: DiskWork {
    func whereAmI() -> Bool { onMainActor() }
}

nonisolated protocol Codec: SendableMetatype {}
struct Decoder: Codec {
    func whereAmI() -> Bool { onMainActor() }
}

protocol LocalCodec: SendableMetatype {}
struct LocalDecoder: LocalCodec {
    func whereAmI() -> Bool { onMainActor() }
}

@concurrent func fromThePool() async {
    print("a class that says nothing:             on main \(await Plain().whereAmI())")
    print("a struct that says only : Sendable:    on main \(await Value().whereAmI())")
    print("a subclass of a nonisolated class:     on main \(await Subclass().whereAmI())")
    print("a class conforming to a @Disk protocol: on main \(await Writer().whereAmI())")
    print("a struct conforming to a protocol that")
    print("  refines SendableMetatype:            on main \(await Decoder().whereAmI())")
    print("the same, the protocol declared here")
    print("  without nonisolated:                 on main \(await LocalDecoder().whereAmI())")
}

DispatchQueue.main.setSpecific(key: mainKey, value: true)
await fromThePool()
