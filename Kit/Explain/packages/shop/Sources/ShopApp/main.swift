import Checkout
import Reports
import Ledger

final class Session {
    var paid = false
}

let session = Session()
Task.detached {
    session.paid = await Checkout().pay()
}
print(await dailyReport([LineItem(name: "coffee", cents: 320)]))
