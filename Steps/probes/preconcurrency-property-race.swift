// probe: -swift-version 6 -warnings-as-errors -sanitize=thread
// probe uses: OldNotifier
// The closure assigned to the block property, under ThreadSanitizer: no runtime check
// stops it, and TSan reports the race it makes with the main actor.
import Foundation
import OldNotifier
import Synchronization

var taps = 0
let notifier = Notifier()
// Orders the two accesses in time without ordering them for TSan (a relaxed atomic makes
// no happens-before), so that the race is reported on every run, not by luck.
let written = Atomic<Bool>(false)

notifier.handler = {
    taps += 1                                   // on the notifier's queue
    written.store(true, ordering: .relaxed)
}
notifier.fire()
while !written.load(ordering: .relaxed) { usleep(1000) }
print("the main actor reads taps: \(taps)")     // on the main thread
