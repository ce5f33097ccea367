// probe: -swift-version 6
// One hop or two. Code off the main actor that makes two main-actor calls with two `await`s
// gives the main actor back between them: work queued meanwhile (here the screen's
// redraw, which the first call asked for) runs in the gap and sees half the change.
// `MainActor.run { … }` makes both calls in one job: nothing runs between them.
import Dispatch

@MainActor final class Day {
    var drinks = 0
    var caffeine = 0
    var drawn: [String] = []

    func addDrink() { drinks += 1; redrawSoon() }
    func addCaffeine(_ mg: Int) { caffeine += mg; redrawSoon() }

    // As SwiftUI does: a change asks for a redraw on main, after the current job.
    private func redrawSoon() {
        DispatchQueue.main.async {
            MainActor.assumeIsolated { self.drawn.append("\(self.drinks) drink(s), \(self.caffeine) mg") }
        }
    }

    // A job queued on main after the redraws the calls asked for.
    func firstDrawing() -> String { drawn.first ?? "nothing" }
}

@concurrent func twoAwaits(_ day: Day) async -> String {
    await day.addDrink()
    await day.addCaffeine(95)
    return await day.firstDrawing()
}

@concurrent func oneHop(_ day: Day) async -> String {
    await MainActor.run {
        day.addDrink()
        day.addCaffeine(95)
    }
    return await day.firstDrawing()
}

print("two awaits, the first redraw shows:           \(await twoAwaits(Day()))")
print("one MainActor.run, the first redraw shows:    \(await oneHop(Day()))")
