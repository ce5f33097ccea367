/// A command-line tool that saves the drinks it is given. The harness calls `run` the way
/// the runtime calls `static func main() async`: when `run` returns, the process exits.
public enum Tool {
    /// Today the work is started in a `Task` "at the boundary", as an app would do it.
    public static func run(drinks: [Int], save: @escaping @Sendable (Int) async -> Void) async {
        Task {
            for drink in drinks { await save(drink) }
        }
    }
}
