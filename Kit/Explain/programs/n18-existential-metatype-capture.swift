// source: https://github.com/swiftlang/swift/issues/82116
// flags: -swift-version 6
// expect: sendable-closure-capture metatype
// runs: 2
// shape: an existential metatype (`any P.Type`) captured by a `@Sendable` closure
#if FIXED
protocol Record: SendableMetatype { static func columns() -> Int }
#else
protocol Record { static func columns() -> Int }
#endif
struct Drink: Record, Sendable { static func columns() -> Int { 2 } }
func counter(for type: any Record.Type) -> @Sendable () -> Int {
    let recordType: any Record.Type = type
    return { recordType.columns() }
}
#if FIXED
@main enum Run { static func main() { print(counter(for: Drink.self)()) } }
#endif
