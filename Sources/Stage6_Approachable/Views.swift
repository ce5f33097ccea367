import CoffeeModel
import WatchKitSim

/// The main screen: caffeine now, HealthKit status, today's drinks.
struct ContentView: WKView {
    let model: CoffeeData

    var body: [ViewElement] {
        var lines: [ViewElement] = [
            .text("Caffeine: \(Display.milligrams(model.currentMGCaffeine))"),
            .text(healthLine),
        ]
        if let problem = model.loadProblem {
            lines.append(.text("! \(problem)"))
        }
        if let reminder = model.reminder {
            lines.append(.text(reminder))
        }
        if model.currentDrinks.isEmpty {
            lines.append(.text("No drinks today"))
        }
        lines += model.currentDrinks.reversed().map { .text(Display.row($0)) }
        lines.append(.link("Add Drink") { DrinkPicker(model: model) })
        return lines
    }

    private var healthLine: String {
        switch model.healthAccess {
        case .asking: "Health: asking..."
        case .granted: "Health: on"
        case .unavailable: "Health: unavailable"
        }
    }
}

/// Picks a drink to add, then closes.
struct DrinkPicker: WKView {
    let model: CoffeeData

    var body: [ViewElement] {
        DrinkType.allCases.map { type in
            .button(type.name, dismisses: true) {
                Task(name: "Add drink") { await model.addDrink(type) }
            }
        }
    }
}
