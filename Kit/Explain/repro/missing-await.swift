// explain: -swift-version 5 -strict-concurrency=complete
// An actor's method called without `await`, and async calls from synchronous code.
actor Ledger {
    func record() {}
}

func tally(_ ledger: Ledger) async {
    ledger.record()
}

func fetch() async -> Int { 1 }
func legacy() -> Int { await fetch() }

func refreshAll() async {}
func launch() async { refreshAll() }

// One actor's method reading and writing another actor's property (no `await` can help the write).
actor Gauge { var reading = 0 }
actor Dashboard {
    func sync(_ gauge: Gauge) {
        _ = gauge.reading
        gauge.reading = 1
    }
}
