// source: https://github.com/DataDog/swift-jsonapi/issues/19
// flags: -swift-version 6 -default-isolation MainActor
// expect: isolated-conformance-use default-main-actor
// shape: a Codable value type, main-actor by default isolation, decoded in a nonisolated function
import Foundation
#if FIXED
nonisolated struct Row: Codable { var id: Int }
nonisolated func decode(_ data: Data) throws -> Row { try JSONDecoder().decode(Row.self, from: data) }
#else
struct Row: Codable { var id: Int }
nonisolated func decode(_ data: Data) throws -> Row { try JSONDecoder().decode(Row.self, from: data) }
#endif
