import JournalKit

// The app's own unmigrated corner: a cache shared as a global and touched from a task.
final class DraftCache {
    var drafts: [String] = []
}

var cache = DraftCache()

let journal = Journal()
Task.detached {
    cache.drafts.append("first")
    await journal.add(Entry(text: "first"))
}
print(await journal.count)
