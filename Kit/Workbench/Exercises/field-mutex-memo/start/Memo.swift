import Dispatch

/// Computes each key's value once and keeps it, for many threads at once. Today a serial
/// queue guards the dictionary, and the class is `Sendable` only unchecked.
public final class Memo: @unchecked Sendable {
    private let queue = DispatchQueue(label: "Memo")
    private var values: [String: Int] = [:]

    public init() {}

    /// The value for `key`: the cached one, or `compute(key)`, cached for next time.
    public func value(for key: String, compute: (String) -> Int) -> Int {
        if let cached = queue.sync(execute: { values[key] }) { return cached }
        let fresh = compute(key)
        queue.sync { values[key] = fresh }
        return fresh
    }
}
