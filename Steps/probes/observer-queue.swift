// probe: -swift-version 5
// Where the block of addObserver(forName:object:queue:using:) runs when the notification is
// posted from a background queue: the queue given, or, with none, the posting thread.
import Foundation

let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
let poster = DispatchQueue(label: "poster")
let posterKey = DispatchSpecificKey<Bool>()
poster.setSpecific(key: posterKey, value: true)

func whereAmI() -> String {
    if DispatchQueue.getSpecific(key: mainKey) == true { return "the main queue" }
    if DispatchQueue.getSpecific(key: posterKey) == true { return "the posting queue" }
    return "somewhere else"
}

let name = Notification.Name("probe.dayChanged")
let lock = NSLock()
var seen: [String: String] = [:]
let observers = [("queue: .main", OperationQueue.main), ("queue: nil  ", nil)].map { label, queue in
    NotificationCenter.default.addObserver(forName: name, object: nil, queue: queue) { _ in
        let place = whereAmI()
        lock.withLock { seen[label] = place }
    }
}

poster.async {
    NotificationCenter.default.post(name: name, object: nil)
    // Behind the main-queue observer's block, whether or not the post waited for it.
    DispatchQueue.main.async {
        for label in seen.keys.sorted() { print("\(label) -> the block ran on \(seen[label]!)") }
        exit(0)
    }
}
dispatchMain()
