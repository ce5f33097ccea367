// source: https://github.com/dimasusername/ConcurrencyRecipes/issues/10
// flags: -swift-version 6
// expect: sendable-class-mutable property-wrapper
// wrong: LET
// runs: dark
// shape: (round 7, sc.swift) a class declared Sendable holds a wrapped property: the compiler names its storage '_theme', a `var` the wrapper needs (LET, a `let` wrapped property, is refused); the fix isolates the class to the main actor, which makes it Sendable
@propertyWrapper struct Published<Value> {
    var wrappedValue: Value
}
#if FIXED
@MainActor final class SettingsStore: Sendable {
    @Published var theme = "light"
}
func need<T: Sendable>(_ value: T) {}
@main enum Run {
    @MainActor static func main() {
        let store = SettingsStore()
        need(store)
        store.theme = "dark"
        print(store.theme)
    }
}
#elseif LET
final class SettingsStore: Sendable {
    @Published let theme = "light"
}
#else
final class SettingsStore: Sendable {
    @Published var theme = "light"
}
#endif
