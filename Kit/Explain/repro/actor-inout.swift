// explain: -swift-version 6
// An actor's stored state passed `inout`: to an async function (the access would span its
// suspensions), to another actor's method (an implicitly async call), and from code that
// is not on the actor at all (a nonisolated method, another instance, a free function).
func advance(_ position: inout Int) async { position += 1 }
func nudge(_ position: inout Int) { position += 1 }

actor Gauge {
    func adjust(_ value: inout Int) { value += 1 }
}

actor Reader {
    var position = 0
    let gauge = Gauge()

    func next() async { await advance(&position) }
    func calibrate() async { await gauge.adjust(&position) }
    nonisolated func peek() { nudge(&position) }
    func follow(_ other: Reader) { nudge(&other.position) }
}

func skip(_ reader: Reader) async {
    await advance(&reader.position)
}
