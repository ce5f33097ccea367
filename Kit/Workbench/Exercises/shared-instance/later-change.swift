import Foundation

// A later change, by someone who has not read this exercise: the model read off the main
// thread. The grader type-checks it beside your answer; the compiler must object.
func logTheModelInTheBackground() {
    DispatchQueue.global().async {
        print(CoffeeData.shared?.currentDrinks.count ?? 0)
    }
}
