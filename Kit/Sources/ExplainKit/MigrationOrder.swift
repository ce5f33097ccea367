import Foundation

/// The order to migrate a package's targets in, after the migration guide's strategy:
/// begin with the outer-most module (one nothing else depends on) and work inward, except
/// that a dependency whose global state or non-Sendable public types cause diagnostics in
/// the targets that use it comes first, since fixing it there removes them everywhere.
public enum MigrationOrder {
    public struct Node: Sendable {
        public var name: String
        public var dependencies: [String]
        /// The types and global or static variables its sources declare.
        public var declares: Set<String>
        /// Its diagnostics' messages.
        public var messages: [String]
        public init(name: String, dependencies: [String], declares: Set<String>, messages: [String]) {
            (self.name, self.dependencies, self.declares, self.messages) = (name, dependencies, declares, messages)
        }
    }

    public enum Reason: Sendable, Equatable {
        /// Diagnostics in the targets that use it name its declarations: fix them at the source.
        case sharedCause(causedIn: [String: Int], names: [String])
        /// Nothing in the package depends on it.
        case outermost
        /// Every target that depends on it comes before it.
        case afterDependents([String])
    }

    public struct Step: Sendable, Equatable {
        public var target: String
        public var reason: Reason
    }

    public static func steps(_ nodes: [Node]) -> [Step] {
        let dependents = transitiveDependents(nodes)
        var shared: [(name: String, total: Int, reason: Reason)] = []
        for node in nodes {
            var causedIn: [String: Int] = [:]
            var names: Set<String> = []
            for user in nodes where dependents[node.name, default: []].contains(user.name) {
                for message in user.messages {
                    let named = quotedNames(in: message).filter { node.declares.contains($0) && !user.declares.contains($0) }
                    let fromModule = message.contains("from module '\(node.name)'")
                    guard !named.isEmpty || fromModule else { continue }
                    causedIn[user.name, default: 0] += 1
                    names.formUnion(named)
                }
            }
            if !causedIn.isEmpty {
                shared.append((node.name, causedIn.values.reduce(0, +), .sharedCause(causedIn: causedIn, names: names.sorted())))
            }
        }
        shared.sort { $0.total != $1.total ? $0.total > $1.total : $0.name < $1.name }
        let first = Set(shared.map(\.name))
        let heights = heights(nodes, dependents: directDependents(nodes))
        let rest = nodes.filter { !first.contains($0.name) }
            .sorted { (heights[$0.name] ?? 0, $0.name) < (heights[$1.name] ?? 0, $1.name) }
        let direct = directDependents(nodes)
        return shared.map { Step(target: $0.name, reason: $0.reason) } + rest.map { node in
            let users = direct[node.name, default: []].sorted()
            return Step(target: node.name, reason: users.isEmpty ? .outermost : .afterDependents(users))
        }
    }

    /// Identifiers inside the quotes of a message: "type 'Ledger.LineItem?' does …" → Ledger, LineItem.
    static func quotedNames(in message: String) -> Set<String> {
        var names: Set<String> = []
        var inside = false
        var current = ""
        for character in message {
            if character == "'" {
                if inside, !current.isEmpty { names.insert(current) }
                inside.toggle()
                current = ""
            } else if inside {
                if character.isLetter || character.isNumber || character == "_" { current.append(character) } else {
                    if !current.isEmpty { names.insert(current) }
                    current = ""
                }
            }
        }
        return names
    }

    static func directDependents(_ nodes: [Node]) -> [String: Set<String>] {
        var users: [String: Set<String>] = [:]
        for node in nodes { for dependency in node.dependencies { users[dependency, default: []].insert(node.name) } }
        return users
    }

    static func transitiveDependents(_ nodes: [Node]) -> [String: Set<String>] {
        let direct = directDependents(nodes)
        var all: [String: Set<String>] = [:]
        for node in nodes {
            var seen: Set<String> = []
            var queue = Array(direct[node.name, default: []])
            while let next = queue.popLast() {
                if seen.insert(next).inserted { queue += direct[next, default: []] }
            }
            all[node.name] = seen
        }
        return all
    }

    /// 0 for a target nothing depends on; otherwise one more than its highest dependent.
    static func heights(_ nodes: [Node], dependents: [String: Set<String>]) -> [String: Int] {
        var heights: [String: Int] = [:]
        func height(_ name: String, _ path: Set<String>) -> Int {
            if let known = heights[name] { return known }
            let users = dependents[name, default: []].subtracting(path)  // a cycle cannot build; never loop on one
            let value = users.isEmpty ? 0 : 1 + users.map { height($0, path.union([name])) }.max()!
            heights[name] = value
            return value
        }
        for node in nodes { _ = height(node.name, []) }
        return heights
    }
}

/// The names a target declares that other targets can meet in a diagnostic: its types and
/// its global and static variables (read from its sources; a heuristic, not a parse).
public enum Declarations {
    public static func names(inFolder folder: URL) -> Set<String> {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var names: Set<String> = []
        let pattern = try! NSRegularExpression(
            pattern: #"(?m)(?:\b(?:class|struct|enum|actor|protocol|typealias)\s+([A-Za-z_]\w*))|(?:^(?:(?:public|package|internal|nonisolated(?:\(unsafe\))?)\s+)*(?:var|let)\s+([A-Za-z_]\w*))|(?:\bstatic\s+(?:let|var)\s+([A-Za-z_]\w*))"#)
        for case let file as URL in files where file.pathExtension == "swift" {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                for group in 1...3 {
                    if let range = Range(match.range(at: group), in: text) { names.insert(String(text[range])) }
                }
            }
        }
        return names
    }
}
