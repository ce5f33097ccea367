// source: https://fatbobman.com/en/posts/letting-swift-closures-automatically-inherit-isolation
// flags: -swift-version 6
// expect: isolated-ref-nonisolated mutation-sendable-closure
// shape: a background queue block writing a main-actor property
#if FIXED
import Dispatch
@MainActor final class Profile {
    var title = ""
    func refresh() {
        DispatchQueue.global().async {
            let fetched = "fetched"
            Task { @MainActor in self.title = fetched }
        }
    }
    func refreshOnMainQueue() {
        DispatchQueue.global().async {
            let fetched = "fetched"
            DispatchQueue.main.async { self.title = fetched }
        }
    }
}
#else
import Dispatch
@MainActor final class Profile {
    var title = ""
    func refresh() { DispatchQueue.global().async { self.title = "fetched" } }
}
#endif
