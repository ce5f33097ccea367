import Foundation

/// What the caller knows of the build that printed the lines (`explain --package`, `try`);
/// nil where it does not know. `explain` on a pasted log knows nothing.
public struct BuildSettings: Sendable, Equatable {
    public enum Fact: String, Decodable, Sendable {
        /// The module the message names is built in the Swift 5 language mode.
        case swift5Dependency = "swift5-dependency"
        /// The target (or the package it imports) has default main-actor isolation.
        case defaultMainActor = "default-main-actor"
        /// The toolchain is Swift 6.2.x.
        case toolchain62 = "toolchain-6.2"
        /// The target enables the upcoming feature NonisolatedNonsendingByDefault.
        case nonisolatedNonsending = "nonisolated-nonsending"
    }

    public var facts: Set<Fact>
    /// The facts read from the log itself rather than given by the caller, each with the line
    /// that told it ("add '@preconcurrency' to treat …", a pasted `-default-isolation MainActor`).
    public var readFromLog: [Fact: String] = [:]
    public init(facts: Set<Fact> = []) { self.facts = facts }

    /// Adds a fact the log's own `line` shows, unless the caller already gave it.
    public mutating func read(_ fact: Fact, from line: String) {
        guard !facts.contains(fact) else { return }
        facts.insert(fact)
        readFromLog[fact] = line
    }
    public static let unknown = BuildSettings()
}

/// What named a cause: a note (and where it was printed: "", "module", "elsewhere"), the
/// template the message matched, the excerpt's source line, a build setting.
public enum Sign: Sendable, Equatable {
    case note(String, printedAt: String)
    case message(template: String)
    case sourceLine(String)
    case setting(BuildSettings.Fact)
    /// A setting no caller gave, read from a line of the log itself.
    case loggedSetting(BuildSettings.Fact, line: String)
    /// The diagnostic's own location (a prebuilt module's `.swiftinterface`).
    case location(String)
    /// The diagnostic's location matched a cause's `location` template (under `Tests/`).
    case place(String)
}

/// A diagnostic's causes in the order to print them, and what told the first one apart.
public struct CauseChoice: Sendable {
    public var ordered: [Cause]
    /// The signs that named the first cause; nil when nothing did and the causes are printed
    /// in the table's order with how to tell.
    public var toldBy: [Sign]?

    public var first: Cause? { ordered.first }
}

public enum CauseChooser {
    /// The causes whose note, source line, setting or message matches come first: those told
    /// by stronger evidence first (`strength`), then by more signals at once, then table order.
    public static func choose(_ row: Row, for entry: Entry, settings: BuildSettings) -> CauseChoice {
        let causes = row.causes ?? []
        if let location = entry.location, location.contains(".swiftinterface:") {
            return CauseChoice(ordered: [vendorInterface] + causes, toldBy: [.location(location)])
        }
        if row.group != "SendableMetatypes", let type = metatypeNamed(in: entry.message) {
            return CauseChoice(ordered: [metatype] + causes, toldBy: [.message(template: type)])
        }
        var told: [(Cause, [Sign])] = []
        for cause in causes {
            if let why = evidence(for: cause, in: entry, settings: settings) { told.append((cause, why)) }
        }
        // A note describes this program; the message only the shape of a type or a name (a
        // closure type is sent whether it runs off the actor or captures a var used after).
        // Among equals, a cause told by several signals at once (`all`) says more than one told
        // by one of them: a note and the `super.` call it is on, over the note alone.
        told = told.enumerated().sorted { rank($0.element.1, $0.offset) < rank($1.element.1, $1.offset) }.map(\.element)
        let named = Set(told.map(\.0.id))
        return CauseChoice(ordered: told.map(\.0) + causes.filter { !named.contains($0.id) }, toldBy: told.first?.1)
    }

    static func rank(_ signs: [Sign], _ offset: Int) -> (Int, Int, Int) {
        (signs.map(strength).min() ?? 9, -signs.count, offset)
    }

    /// How much a sign says about this program: its location and the build's settings most,
    /// then a note, the excerpt's line, and the message least.
    static func strength(_ sign: Sign) -> Int {
        switch sign {
        case .location: return 0
        case .setting, .loggedSetting: return 1  // what is known of the build: why it is isolated at all
        case .note: return 2
        case .sourceLine: return 3
        case .message: return 4
        case .place: return 5  // where the file is: test code, say, not what the code does
        }
    }

    static func evidence(for cause: Cause, in entry: Entry, settings: BuildSettings) -> [Sign]? {
        var found: [Sign] = []
        var wanted = 0
        if let templates = cause.allNotes {
            wanted += 1
            let sources = entry.noteSources + Array(repeating: "", count: max(0, entry.notes.count - entry.noteSources.count))
            let notes = entry.severity == "note" ? [(entry.message, "")] : Array(zip(entry.notes, sources))
            let placed = notes.filter { _, source in
                switch cause.notesFrom {
                case "module": return source == "module"
                case "elsewhere": return source == "module" || source == "elsewhere"
                default: return true
                }
            }
            let regexes = templates.map { Templates.pattern($0, anchored: false) }
            if let note = placed.first(where: { note in regexes.contains { Templates.matches($0, Templates.normalize(note.0)) } }) {
                found.append(.note(note.0, printedAt: note.1))
            }
        }
        if let templates = cause.message {
            wanted += 1
            if let template = templates.first(where: { Templates.matches(Templates.pattern($0, anchored: false), Templates.normalize(entry.message)) }) {
                found.append(.message(template: template))
            }
        }
        if let templates = cause.source {
            wanted += 1
            if let line = entry.source, templates.contains(where: { Templates.matches(Templates.pattern($0, anchored: false), Templates.normalize(line)) }) {
                found.append(.sourceLine(line))
            }
        }
        if let templates = cause.context {
            wanted += 1
            let regexes = templates.map { Templates.pattern($0, anchored: false) }
            if let line = entry.context.reversed().first(where: { line in regexes.contains { Templates.matches($0, Templates.normalize(line)) } }) {
                found.append(.sourceLine(line))
            }
        }
        if let kinds = cause.values {
            wanted += 1
            if let value = ValueKind.of(entry) {
                // The note's wording says where the value's region is; the excerpt says what the
                // value is. A parameter's note and a property's read the same ("sending main
                // actor-isolated 'doc' to …"): the excerpt decides.
                guard kinds.contains(value.kind.rawValue) else { return nil }
                found.append(.sourceLine(value.line))
            }
        }
        if let templates = cause.entered {
            wanted += 1
            if let frame = enteredFrame(of: entry),
               templates.contains(where: { Templates.matches(Templates.pattern($0, anchored: false), Templates.normalize(frame)) }) {
                found.append(.sourceLine(frame))
            }
        }
        if let fact = cause.setting {
            wanted += 1
            if let line = settings.readFromLog[fact] {
                found.append(.loggedSetting(fact, line: line))
            } else if settings.facts.contains(fact) {
                found.append(.setting(fact))
            }
        }
        if let templates = cause.location {
            wanted += 1
            if let place = entry.location,
               templates.contains(where: { Templates.matches(Templates.pattern($0, anchored: false), Templates.normalize(place)) }) {
                found.append(.place(place))
            }
        }
        if cause.all == true { return found.count == wanted && wanted > 0 ? found.sorted { strength($0) < strength($1) } : nil }
        // One signal is enough; the strongest found tells it (a context line over the message).
        return found.min { strength($0) < strength($1) }.map { [$0] }
    }

    /// A crash's frames that are the runtime's own: the check and what calls it (libdispatch's
    /// queue assertion, Swift Concurrency's executor checks, libswiftDispatch's precondition).
    static let runtimeFrameMarks = ["libdispatch", "libswift_Concurrency", "libswiftDispatch", "libswiftCore",
                                    "swift_task_", "_checkExpectedExecutor", "dispatch_assert_queue", "_dispatchPreconditionTest"]

    /// Swift Concurrency's executor checks: the frame above code they stopped on entry.
    static let executorCheckMarks = ["swift_task_isCurrentExecutor", "_checkExpectedExecutor"]

    /// The code Swift's executor check stopped as it was entered: the first frame of a crash's
    /// stack (its `context`) outside the runtime, when the frame above it is that check (a
    /// closure or a witness the Swift 6 mode checks on entry). Nil for a compiler diagnostic, a
    /// crash pasted without such a frame, or another check (`_dispatchPreconditionTest`).
    public static func enteredFrame(of entry: Entry) -> String? {
        guard entry.severity == "runtime" else { return nil }
        var above = entry.message
        for frame in entry.context where ReadState.isFrame(frame) {
            if !runtimeFrameMarks.contains(where: frame.contains) {
                return executorCheckMarks.contains(where: above.contains) ? frame : nil
            }
            above = frame
        }
        return nil
    }

    /// The built-in causes whose fixes replace the row's (which would edit a vendor's
    /// declaration, or make a nominal type Sendable).
    public static let replaceRowFixes: Set<String> = [vendorInterface.id, metatype.id]

    /// The quoted metatype (`'any P.Type'`, `'T.Type'`) a Sendable diagnostic names, if any.
    static func metatypeNamed(in message: String) -> String? {
        guard message.lowercased().contains("sendable"),
              let range = message.range(of: #"'[^']+\.(Type|Protocol)\??'"#, options: .regularExpression) else { return nil }
        return String(message[range])
    }

    /// Whatever its kind, a diagnostic whose non-Sendable type is a metatype: no change to the
    /// conforming types makes it Sendable; the protocol (or the requirement) must promise it.
    public static let metatype = Cause(
        id: "metatype",
        name: "the non-Sendable type is a metatype (`any P.Type`, `T.Type`): its protocol does not promise that "
            + "every conformance may be used from any isolation, since one may be isolated to an actor (SE-0470)",
        tell: "the type the message names ends in `.Type`",
        fixes: ["when the protocol is yours, refine `SendableMetatype` (`protocol P: SendableMetatype`, Swift 6.2): every "
                    + "`any P.Type` is then Sendable, and a conformance isolated to an actor is refused (program n18)",
                "otherwise state it where the type is stored or passed: `any (P & SendableMetatype).Type`, "
                    + "or `T: P & SendableMetatype` on a generic parameter (program n19)"],
        wrongFixes: ["making the conforming types Sendable (a struct, a final class): the metatype is still not, and "
                        + "Swift 6.3.1 prints the same diagnostic",
                     "`nonisolated(unsafe)` on a copy of the metatype: a conformance isolated to an actor could then run off it"])

    /// Whatever its kind, a diagnostic located in a prebuilt module's interface (a vendor's
    /// binary framework, rebuilt from its `.swiftinterface` by this compiler) is about a
    /// declaration the developer cannot edit.
    public static let vendorInterface = Cause(
        id: "vendor-interface",
        name: "a declaration in a prebuilt module's interface (a vendor's binary framework), not in your code",
        tell: "the location is a `.swiftinterface` file inside a framework or `.swiftmodule`",
        fixes: ["use a build of that framework made for this compiler (its vendor's newer release); "
                    + "a line of the same log saying the module failed to build for this compiler confirms it",
                "until then, keep the framework's types out of your concurrent code, and report the warning to its vendor"],
        wrongFixes: ["editing the `.swiftinterface` file: the next install or build puts it back",
                     "changing your declarations to match: the one named is the framework's"])
}

/// What the value a diagnostic names is, read from the excerpt's lines above it: a parameter
/// of the function shown (or read from one), actor state (`self.x`, a property, or a local
/// read from one: `let doc = model.draft`), or a local made here. Nil when the excerpt does not
/// show it (a line pasted alone, a declaration out of view).
public enum ValueKind: String, Sendable {
    case parameter, state, local

    /// The kind and the line that shows it.
    public static func of(_ entry: Entry) -> (kind: ValueKind, line: String)? {
        guard entry.severity != "runtime", !entry.context.isEmpty, let name = valueNamed(in: entry.message) else { return nil }
        return resolve(name, in: entry.context, depth: 0).map { ($0.kind, $0.line ?? entry.source ?? name) }
    }

    /// The first quoted name in a message that names a value: not a type ("… of non-Sendable
    /// type 'XCTestCase'"), and spelled as Swift spells values, lower case or `_` first.
    static func valueNamed(in message: String) -> String? {
        var rest = message[...]
        while let range = rest.range(of: #"'[^']+'"#, options: .regularExpression) {
            let name = String(rest[range].dropFirst().dropLast())
            let before = rest[..<range.lowerBound].lowercased()
            if !before.hasSuffix("type "), let first = name.first, first.isLowercase || first == "_" { return name }
            rest = rest[range.upperBound...]
        }
        return nil
    }

    static let identifier = #"[A-Za-z_][A-Za-z0-9_]*"#

    static func resolve(_ name: String, in lines: [String], depth: Int) -> (kind: ValueKind, line: String?)? {
        guard depth < 4 else { return nil }
        // `self.draft`, `model.draft`: a path; its root decides (`self`: the actor's state).
        if name.contains(".") {
            let root = String(name.prefix { $0 != "." })
            if root == "self" { return (.state, nil) }
            return resolve(root, in: lines, depth: depth + 1).map { $0.kind == .local ? (.state, $0.line) : $0 }
        }
        guard name.range(of: "^\(identifier)$", options: .regularExpression) != nil else { return nil }
        let escaped = NSRegularExpression.escapedPattern(for: name)
        for line in lines.reversed() {
            // `let doc = model.draft`, `var doc: Draft = make()`, `if let doc = …`, `guard let doc = …`
            if let match = line.range(of: #"\b(let|var)\s+"# + escaped + #"\b\s*(:[^=]+)?=\s*"#, options: .regularExpression) {
                let value = line[match.upperBound...].trimmingCharacters(in: .whitespaces)
                    .replacingOccurrences(of: #"^(try\??|await)\s+"#, with: "", options: .regularExpression)
                    .replacingOccurrences(of: #"\s*(else\s*\{.*|\{.*|;.*)$"#, with: "", options: .regularExpression)
                // A read of a path with no call (`model.draft`, `self.items`): the local is that state.
                if value.range(of: "^\(identifier)(\\.\(identifier))+$", options: .regularExpression) != nil {
                    return resolve(value, in: lines, depth: depth + 1).map { ($0.kind == .local ? .state : $0.kind, line) }
                        ?? (.state, line)
                }
                return (.local, line)
            }
            // A parameter: `func share(_ doc: Draft)`, `init(doc: Draft)`, a closure's `{ doc in`.
            let signature = line.range(of: #"\b(func|init\??|subscript)\b[^(]*\("#, options: .regularExpression) != nil
            if signature, line.range(of: #"[(,]\s*(\w+\s+)?"# + escaped + #"\s*:"#, options: .regularExpression) != nil {
                return (.parameter, line)
            }
            if line.range(of: #"\{\s*(\[[^\]]*\]\s*)?\(?[\w\s,:<>?\[\]@]*\b"# + escaped + #"\b[\w\s,:<>?\[\]@]*\)?\s+in\b"#,
                          options: .regularExpression) != nil {
                return (.parameter, line)
            }
            // The enclosing function's signature does not declare it: a property of `self`.
            if signature { return (.state, line) }
        }
        return nil
    }
}
