// source: https://github.com/swiftlang/swift/issues/59573
// flags: -swift-version 6
// expect: isolated-ref-nonisolated actor-instance-mutation
// shape: a synchronous nonisolated function writes an actor's stored property (no note names an isolated method)
#if FIXED
actor Bank {
    var balance = 0
    func deposit(_ amount: Int) { balance += amount }
}
func touch(_ bank: isolated Bank) { bank.balance += 1 }
func pay(_ bank: Bank) async { await bank.deposit(1) }
#else
actor Bank { var balance = 0 }
func touch(_ bank: Bank) { bank.balance += 1 }
#endif
