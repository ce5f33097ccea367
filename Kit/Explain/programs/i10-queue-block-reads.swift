// source: https://fatbobman.com/en/posts/letting-swift-closures-automatically-inherit-isolation
// flags: -swift-version 6
// expect: isolated-ref-nonisolated sendable-closure
// shape: a background queue block reading a main-actor property
#if FIXED
import Dispatch
@MainActor final class Composer {
    var draftID = 1
    func archive() { DispatchQueue.global().async { [draftID] in print(draftID) } }
}
#else
import Dispatch
@MainActor final class Composer {
    var draftID = 1
    func archive() { DispatchQueue.global().async { print(self.draftID) } }
}
#endif
