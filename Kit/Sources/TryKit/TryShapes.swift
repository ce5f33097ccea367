import Foundation

/// A shape no compiler reports, found in the snippet's text: an actor method that reads one of
/// the actor's stored properties, awaits, then writes the same property. Across the `await`
/// other calls may run on the actor and find the property unchanged (actor reentrancy:
/// Steps/04-actors/reentrancy.md). Read from the text, not proven: `try` says "check".
public struct ReentrancyShape: Sendable, Equatable {
    public var actor: String
    public var method: String
    public var property: String
    /// Line numbers (from 1): the read, the first `await` after it, the write after that.
    public var read: Int
    public var awaits: Int
    public var write: Int

    public var sentence: String {
        "actor \(actor)'s \(method) reads `\(property)` (line \(read)), awaits (line \(awaits)), then writes `\(property)` "
            + "(line \(write)): during the await other calls may run on the actor and find `\(property)` unchanged "
            + "(actor reentrancy; no compiler reports it). Check it: Steps/04-actors/reentrancy.md"
    }
}

extension TrySource {
    /// Every read-await-write of an actor's stored property within one of its methods.
    public var reentrancyShapes: [ReentrancyShape] {
        var shapes: [ReentrancyShape] = []
        var depth = 0
        var actor: (name: String, depth: Int, stored: [String])?
        var method: (name: String, lines: [(Int, String)], opened: Bool)?
        for (index, raw) in lines.enumerated() {
            let line = String(raw.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            if let current = actor, depth == current.depth + 1, method == nil {
                if let name = Self.first(#"^\s*(?:(?:private|fileprivate|internal|public)(?:\(set\))?\s+)*var\s+(\w+)"#, in: line),
                   !line.contains("{") {
                    actor?.stored.append(name)
                } else if let name = Self.first(#"\bfunc\s+(\w+)\s*\(.*\)[^{]*\basync\b"#, in: line) {
                    method = (name, [], false)
                }
            } else if actor == nil, let name = Self.first(#"^\s*(?:\w+\s+)*actor\s+(\w+)"#, in: line) {
                actor = (name, depth, [])
            }
            method?.lines.append((index + 1, line))
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            guard let current = actor else { continue }
            if line.contains("{") { method?.opened = true }
            if let body = method, body.opened, depth <= current.depth + 1 {
                shapes += Self.shapes(in: body.lines, actor: current.name, method: body.name, stored: current.stored)
                method = nil
            }
            if depth <= current.depth, line.contains("}") { actor = nil }
        }
        return shapes
    }

    static func shapes(in body: [(Int, String)], actor: String, method: String, stored: [String]) -> [ReentrancyShape] {
        stored.compactMap { property in
            let name = NSRegularExpression.escapedPattern(for: property)
            let mention = #"(?<![\w.])(?:self\.)?"# + name + #"\b"#
            let write = mention + #"(?:\[[^\]]*\])?\s*(?:[-+*/]?=(?!=)|\.(?:append|insert|remove\w*)\()"#
            guard let read = body.first(where: { matches(mention, $0.1) && !matches(write, $0.1) }),
                  let wait = body.first(where: { $0.0 > read.0 && $0.1.contains("await ") }),
                  let written = body.first(where: { $0.0 > wait.0 && matches(write, $0.1) }) else { return nil }
            return ReentrancyShape(actor: actor, method: "\(method)(…)", property: property,
                                   read: read.0, awaits: wait.0, write: written.0)
        }
    }

    static func matches(_ pattern: String, _ text: String) -> Bool { first(pattern, in: text, group: 0) != nil }

    static func first(_ pattern: String, in text: String, group: Int = 1) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: group), in: text) else { return nil }
        return String(text[range])
    }
}
