// The shared library: global state and public types that say nothing about Sendable.

public var defaultCurrency = "EUR"

public struct LineItem {
    public var name: String
    public var cents: Int
    public init(name: String, cents: Int) { (self.name, self.cents) = (name, cents) }
}

public final class Basket {
    public private(set) var items: [LineItem] = []
    public init() {}
    public func add(_ item: LineItem) { items.append(item) }
    public var total: Int { items.reduce(0) { $0 + $1.cents } }
}
