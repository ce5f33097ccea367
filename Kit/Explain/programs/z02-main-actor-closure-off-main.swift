// source: https://github.com/ntd4996/agentpet/pull/7
// flags: -swift-version 6
// expect: executor-assumption main-actor-closure
// uses: NotifyKit
// before: runs
// wrong: HOP
// runs: the @Sendable block hopped: true; the async variant: true
// stand-in: UserNotifications' requestAuthorization(options:completionHandler:): a plain completion handler the framework calls on a queue of its own (a Swift 5 module here, NotifyKit), and its async variant
// shape: (round 7, input 06s) a closure written in a main-actor method is main-actor code; passed to a pre-concurrency API, Swift 6 checks it on entry and the framework's thread traps. A `Task { @MainActor in }` inside it (HOP) traps the same, before the hop; the fix is a `@Sendable` closure that hops, or the async variant
import Foundation
import NotifyKit

@MainActor final class NotificationScheduler {
    var granted = false
    let center = NotificationCenterLike()
#if FIXED
    func requestAuthorization() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            center.requestAuthorization { @Sendable granted, _ in
                Task { @MainActor in
                    self.granted = granted
                    done.resume()
                }
            }
        }
    }
    func requestWithTheAsyncVariant() async -> Bool {
        let granted = (try? await NotificationCenterLike.current().requestAuthorization()) ?? false
        self.granted = granted  // after the await, back on the main actor
        return granted
    }
#elseif HOP
    func requestAuthorization() async {
        center.requestAuthorization { granted, _ in
            Task { @MainActor in self.granted = granted }
        }
        try? await Task.sleep(for: .seconds(2))
    }
#else
    func requestAuthorization() async {
        center.requestAuthorization { granted, _ in
            self.granted = granted
        }
        try? await Task.sleep(for: .seconds(2))
    }
#endif
}

@main enum Run {
    @MainActor static func main() async {
        let scheduler = NotificationScheduler()
        await scheduler.requestAuthorization()
#if FIXED
        let viaAsync = await scheduler.requestWithTheAsyncVariant()
        print("the @Sendable block hopped: \(scheduler.granted); the async variant: \(viaAsync)")
#else
        print("granted: \(scheduler.granted)")
#endif
    }
}
