import Synchronization

/// A balance that deposits add to, from many tasks at once. Each deposit first awaits
/// `confirm` (the bank's approval, which takes a while), then adds its amount.
public final class Account: Sendable {
    private let state = Mutex(0)

    public init() {}

    /// Today the lock is split around the await: read under it, await, write under it.
    public func deposit(_ amount: Int, confirm: @Sendable () async -> Void) async {
        let current = state.withLock { $0 }
        await confirm()
        state.withLock { $0 = current + amount }
    }

    public var balance: Int { state.withLock { $0 } }
}
