import Testing
@testable import TryKit

/// Round 4's C30: an actor that checks its cache, awaits, then writes the cache builds with no
/// diagnostics in every column; `try` names the shape and the note that teaches it.
@Test func c30AnActorsReadAwaitWriteIsNamedAsReentrancy() throws {
    let text = """
        actor ImageLoader {
          var cache: [String: Int] = [:]
          var downloads = 0
          func image(for key: String) async -> Int {
            if let hit = cache[key] { return hit }
            let value = await download(key)
            cache[key] = value
            return value
          }
          private func download(_ key: String) async -> Int {
            downloads += 1
            try? await Task.sleep(for: .milliseconds(50))
            return key.count
          }
        }
        @main struct Main {
          static func main() async {
            let loader = ImageLoader()
            await withTaskGroup(of: Int.self) { g in
              for _ in 0..<5 { g.addTask { await loader.image(for: "avatar") } }
            }
            print("downloads:", await loader.downloads)
          }
        }
        """
    let shapes = try TrySource(name: "c30.swift", text: text).reentrancyShapes
    #expect(shapes == [ReentrancyShape(actor: "ImageLoader", method: "image(…)", property: "cache", read: 5, awaits: 6, write: 7)])
    #expect(shapes.first?.sentence.contains("Steps/04-actors/reentrancy.md") == true)
}

/// A write before the await, or no write after it, is not the shape.
@Test func aWriteBeforeTheAwaitOrNoWriteAfterIsNotReentrancy() throws {
    let text = """
        actor Counter {
            var count = 0
            var seen: [Int] = []
            func bump() async {
                count += 1
                try? await Task.sleep(for: .milliseconds(1))
                print(count)
            }
            func note(_ x: Int) async { seen.append(x); await Task.yield() }
        }
        """
    #expect(try TrySource(name: "c.swift", text: text).reentrancyShapes.isEmpty)
}
