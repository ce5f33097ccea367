// probe: -swift-version 6 -default-isolation MainActor
// watch: 6.3.1 keeps a plain `: Sendable` main-actor; SE-0466's amended text exempts it
// Under default main-actor isolation (SE-0466), a conformance whose witnesses are the
// type's main-actor methods is main-actor isolated too (SE-0470): Decodable's synthesized
// init(from:) is one. Off the main actor such a conformance
// must not be used: the compiler rejects Reading.self there, a dynamic cast fails (with the Swift 6.2 runtime), and
// (measured with Swift 6.3.1) [Reading].self slips through and runs main-actor code off main.
import Foundation

let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
func onMain() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

struct Reading: Decodable {               // main actor: the default
    var grams: Double
    init(from decoder: any Decoder) throws {
        grams = try decoder.singleValueContainer().decode(Double.self)
        print("Reading.init(from:), main-actor code, ran on main: \(onMain())")
    }
}
nonisolated struct Drink: Decodable {     // the fix: a plain value type, no actor
    var grams: Double
}
struct Note: nonisolated Decodable {      // or: a nonisolated conformance only
    var text: String
}
struct Cup: Decodable, Sendable {         // not a fix on 6.3.1: still on the main actor
    var grams: Double
}

@concurrent func decodeReadings(_ data: Data) async throws -> Int {
    try JSONDecoder().decode([Reading].self, from: data).count    // no diagnostic
}
@concurrent func decodeDrinks(_ data: Data) async throws -> Int {
    try JSONDecoder().decode([Drink].self, from: data).count
}
@concurrent func isDecodableOffMain(_ value: Any) async -> Bool {
    value is any Decodable
}

print("off main, [Reading]: \(try await decodeReadings(Data("[95]".utf8))) decoded")
print("off main, [Drink]: \(try await decodeDrinks(Data(#"[{"grams": 95}]"#.utf8))) decoded")
let reading = try JSONDecoder().decode(Reading.self, from: Data("64".utf8))
print("Reading is Decodable on main: \((reading as Any) is any Decodable)")
print("Reading is Decodable off main: \(await isDecodableOffMain(reading))")
print("Drink is Decodable off main: \(await isDecodableOffMain(Drink(grams: 95)))")
print("Note is Decodable off main: \(await isDecodableOffMain(Note(text: "decaf")))")
print("Cup (Sendable) is Decodable off main: \(await isDecodableOffMain(Cup(grams: 64)))")
