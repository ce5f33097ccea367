import SimSupport

/// "A background task completes after its data is saved", judged from the day's ledger.
///
/// A task's data is what the queries its own handling started reported of other apps'
/// samples: a query is the task's when the runtime's task-local value was bound as it
/// started (`DeliveredTask`), so a load the launch or another task started, and joined
/// here, is not. The judgment holds where it matters: a task completed in the background,
/// where watchOS may suspend the app at once. There, the saved log must already hold every
/// sample the task's queries brought (unless the other app deleted it since) and none they
/// reported deleted, and none of the task's queries may still be waiting for its answer.
/// After a failed query the task owes nothing but its completion.
enum TaskSaves {
    /// What each task completed too early lacked, in a person's words ("launch 1, task #2:
    /// ..."). `samples`: the ids of other apps' samples, the only ones a task imports.
    static func completedBeforeSaving(_ entries: [DayLedger.Entry], samples: Set<String>) -> [String] {
        var launch = 0, owner: [Int: Int] = [:], owed: [Int: Owed] = [:]
        var gone = Set<String>(), completed = Set<Int>(), inBackground = Set<Int>(), early: [String] = []
        for entry in entries {
            switch entry {
            case .launched:
                (launch, owner, owed, completed, inBackground) = (launch + 1, [:], [:], [], [])
            case .refreshScheduled, .taskDelivered:
                break
            case .queryStarted(let query, let task):
                guard let task else { break }
                owner[query] = task
                owed[task, default: Owed()].unanswered.insert(query)
                // Its handling goes on after it said it was done.
                if inBackground.remove(task) != nil { early.append("launch \(launch), task #\(task): completed before its query started") }
            case .queryAnswered(let query, let added, let deleted, let failed):
                guard let task = owner[query] else { break }
                owed[task, default: Owed()].answered(query, added: added.intersection(samples),
                                                     deleted: deleted.intersection(samples), failed: failed)
            case .sampleDeleted(let id):
                gone.insert(id)
            case .taskCompleted(let task, let wasInBackground, let saved):
                guard completed.insert(task).inserted, wasInBackground else { break }
                guard let owes = owed[task] else { inBackground.insert(task); break }
                if let lack = owes.lack(saved: saved, gone: gone) { early.append("launch \(launch), task #\(task): \(lack)") }
            }
        }
        return early
    }

    /// What one task's own queries have brought so far.
    private struct Owed {
        var unanswered = Set<Int>()
        var added = Set<String>(), deleted = Set<String>()
        var failed = false

        mutating func answered(_ query: Int, added: Set<String>, deleted: Set<String>, failed: Bool) {
            unanswered.remove(query)
            self.added.formUnion(added)
            self.deleted.formUnion(deleted)
            self.failed = self.failed || failed
        }

        /// What the saved log lacks at the task's completion, or `nil` if nothing.
        func lack(saved: Set<String>, gone: Set<String>) -> String? {
            if failed { return nil }
            if !unanswered.isEmpty { return "completed before its query answered" }
            if !added.subtracting(gone).isSubset(of: saved) { return "completed before the sample its query brought was saved" }
            if !deleted.isDisjoint(with: saved) { return "completed before the deletion its query reported was saved" }
            return nil
        }
    }
}
