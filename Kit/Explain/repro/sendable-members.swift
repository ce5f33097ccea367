// explain: -swift-version 5 -strict-concurrency=complete
// A Sendable struct and enum holding what is not Sendable: the compiler says "has" for the
// type itself and "contains" for a type that wraps it (an optional), for stored properties
// and for associated values alike. A protocol's metatype is not Sendable (SE-0470).
protocol Shape { static var sides: Int { get } }
final class Paint {}
struct Stroke: Sendable { let kind: any Shape.Type; let spare: (any Shape.Type)? }
enum Brush: Sendable { case shaped(any Shape.Type); case painted(Paint); case maybe(preamble: String? = nil, (any Shape.Type)?) }
