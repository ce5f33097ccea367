// probe: -swift-version 6
// The completion handler's three bugs, in the shape of a URLSession data task's
// (Data?, Error?) callback, and the async function that cannot have them.
import Dispatch
import Synchronization

let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
func onMain() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }
struct ServerError: Error {}
let sessionQueue = DispatchQueue(label: "session")

func fetchMenu(status: Int, completion: @escaping @Sendable (String?, Error?) -> Void) {
    sessionQueue.async {
        if status == 500 {
            completion(nil, ServerError())         // bug 1: on the session's queue
        }                                          // bug 2: no return here
        if status == 204 {                         // bug 3: neither data nor error
            DispatchQueue.main.async { completion(nil, nil) }
            return
        }
        DispatchQueue.main.async { completion("espresso", nil) }
    }
}

let calls = Mutex<[String]>([])
for status in [200, 500, 204] {
    fetchMenu(status: status) { data, error in
        let line = "status \(status): data \(data ?? "nil"), error \(error.map { "\($0)" } ?? "nil"), on main \(onMain())"
        calls.withLock { $0.append(line) }
    }
    sessionQueue.sync {}                           // the session's block has run...
    await withCheckedContinuation { done in        // ...and so have the main-queue blocks it queued
        DispatchQueue.main.async { done.resume() }
    }
}
calls.withLock { $0.forEach { print("handler:", $0) } }

// The async version: one return or one throw per call, and the caller resumes in its
// own isolation (here the main actor), whichever thread the work ran on.
nonisolated func fetchMenu(status: Int) async throws -> String {
    await Task.yield()
    if status == 500 { throw ServerError() }
    if status == 204 { throw ServerError() }       // "no data" must be said: the type has no third way
    return "espresso"
}
for status in [200, 500, 204] {
    let result: String
    do { result = "returned \(try await fetchMenu(status: status))" } catch { result = "threw \(error)" }
    print("async status \(status): \(result), on main \(onMain())")
}
