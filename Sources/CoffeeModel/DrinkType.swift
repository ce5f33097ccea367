/// The drinks the app offers, with typical caffeine per serving.
public enum DrinkType: String, CaseIterable, Sendable {
    case singleEspresso, doubleEspresso, smallCoffee, largeCoffee, latte, blackTea, greenTea, cola, energyDrink

    public var name: String {
        switch self {
        case .singleEspresso: "Espresso"
        case .doubleEspresso: "Double Espresso"
        case .smallCoffee: "Small Coffee"
        case .largeCoffee: "Large Coffee"
        case .latte: "Latte"
        case .blackTea: "Black Tea"
        case .greenTea: "Green Tea"
        case .cola: "Cola"
        case .energyDrink: "Energy Drink"
        }
    }

    public var mgCaffeinePerServing: Double {
        switch self {
        case .singleEspresso: 64
        case .doubleEspresso: 128
        case .smallCoffee: 96
        case .largeCoffee: 192
        case .latte: 128
        case .blackTea: 47
        case .greenTea: 28
        case .cola: 34
        case .energyDrink: 80
        }
    }
}
