import Ledger

// Main-actor by default (the target's setting): the basket is checked out off the main actor.
final class PaymentGateway {
    func charge(_ cents: Int) async -> Bool { cents > 0 }
}

public struct Checkout {
    let basket = Basket()
    public init() {}

    public func pay() async -> Bool {
        let basket = basket
        let receipt = await Task.detached {
            print("paying \(basket.total) \(defaultCurrency)")
            return basket.items.first
        }.value
        return receipt != nil
    }
}
