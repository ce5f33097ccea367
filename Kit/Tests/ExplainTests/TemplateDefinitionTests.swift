import ExplainKit
import Foundation
import Testing

/// The self-check against the compiler's own definitions: every template a row says the
/// current toolchain prints must match, whole, one of that compiler's diagnostic texts with
/// its arguments filled in. A template that stops before the definition's last argument
/// (a name the compiler prints after it) fails here even when a reproduction happens to
/// print that name empty. The texts are read from the `swift-frontend` next to `swift` on
/// PATH (release/6.3 for the kit's Swift 6.3.1).
struct TemplateDefinitionTests {
    /// The frontend's printable strings that look like diagnostic texts; nil without `strings`.
    static let definitions: [String]? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"command -v strings >/dev/null || exit 9; f="$(dirname "$(readlink -f "$(command -v swift)")")/swift-frontend"; strings -n 16 "$f""#]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
            // Diagnostic texts start in lower case, with an argument or a quote.
            .filter { $0.count < 400 && $0.contains(" ") && !$0.contains("\t")
                && ($0.first.map { $0.isLowercase || $0 == "%" || $0 == "'" } ?? false) }.map(String.init)
    }()

    static let argument = "\u{1}"

    /// A definition with its arguments filled in (each `argument`): each `%select{a|b}N`
    /// branch taken in turn, `%kindN` as each common kind of declaration and its name.
    static func expansions(_ definition: String, limit: Int = 512) -> [String] {
        guard let start = definition.range(of: "%select{") else {
            // `%kindN` prints a declaration's kind and name ("class 'Counter'"): each common kind in turn.
            if let kind = definition.range(of: #"%kind[a-z]*\d+"#, options: .regularExpression) {
                return ["", "class ", "struct ", "enum ", "actor ", "protocol ", "property ", "instance method ", "static property ",
                        "global function ", "initializer ", "let ", "var ", "static method ", "subscript "]
                    .flatMap { expansions(definition.replacingCharacters(in: kind, with: "\($0)\(argument)"), limit: 64) }
            }
            return [definition.replacingOccurrences(of: #"%[a-z]*\d+"#, with: argument, options: .regularExpression)]
        }
        var depth = 1
        var index = start.upperBound
        var parts: [String] = []
        var part = ""
        while index < definition.endIndex, depth > 0 {
            let character = definition[index]
            if character == "{" { depth += 1 }
            if character == "}" { depth -= 1; if depth == 0 { break } }
            if character == "|", depth == 1 { parts.append(part); part = "" } else { part.append(character) }
            index = definition.index(after: index)
        }
        parts.append(part)
        var after = definition.index(after: min(index, definition.index(before: definition.endIndex)))
        while after < definition.endIndex, definition[after].isNumber { after = definition.index(after: after) }
        let head = definition[..<start.lowerBound], tail = definition[after...]
        var results: [String] = []
        for choice in parts where results.count < limit {
            results += expansions(head + choice + tail, limit: limit - results.count)
        }
        return results
    }

    /// The template's long words: a candidate definition holds two of them (or all, when
    /// fewer), wherever they are: some may sit in a `%select` until it is expanded.
    static func keys(_ template: String) -> [String] {
        Templates.normalize(template).replacingOccurrences(of: "%", with: " ").split(separator: " ")
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'.,;:")) }.filter { $0.count >= 6 }
    }

    /// Does `text` read as the literal `parts` in order, each gap any run of characters?
    static func wildcardMatch(_ parts: [String], _ text: String) -> Bool {
        guard let first = parts.first, text.hasPrefix(first) else { return false }
        if parts.count == 1 { return text == first }
        guard let last = parts.last, text.dropFirst(first.count).hasSuffix(last),
              text.count >= first.count + last.count + 1 else { return false }
        var rest = text.dropFirst(first.count).dropLast(last.count)
        for middle in parts.dropFirst().dropLast() {
            guard let range = rest.dropFirst().range(of: middle) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    static func isCandidate(_ text: String, keys: [String]) -> Bool {
        keys.filter { text.contains($0) }.count >= min(2, keys.count)
    }

    /// Does the template match one of `definitions` whole? If not, the definition it is a
    /// cut-short form of, when there is one.
    static func match(_ template: String, in definitions: [String], lowered: [String]) -> (matched: Bool, cut: String?) {
        let whole = Templates.pattern(template, anchored: true)
        let keys = keys(template)
        let example = Templates.normalize(template.replacingOccurrences(of: "%", with: "'x'"))
        var cut: String?
        for (index, text) in lowered.enumerated() where isCandidate(text, keys: keys) {
            for parts in expanded(index, definitions) {
                // Either the template matches the text with names filled in, or the text (its
                // arguments any run) matches the template with names filled in: a template may
                // spell out part of an argument ('…: %async%').
                let filled = parts.joined(separator: "'x'")
                if Templates.matches(whole, filled) { return (true, nil) }
                if wildcardMatch(parts, example) { return (true, nil) }
                if filled.hasPrefix(example + " ") { cut = definitions[index] }
            }
        }
        return (false, cut)
    }

    /// As `Templates.normalize` reads a message, for texts that need less of it (and faster).
    static func plain(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "can not ", with: "cannot ")
            .replacingOccurrences(of: "non-isolated", with: "nonisolated").trimmingCharacters(in: CharacterSet(charactersIn: " .;!"))
    }

    static let lowered = definitions?.map(plain) ?? []

    /// Each definition's expansions, as literal parts between its arguments, made once.
    nonisolated(unsafe) static var cache: [Int: [[String]]] = [:]
    static let cacheLock = NSLock()

    static func expanded(_ index: Int, _ definitions: [String]) -> [[String]] {
        cacheLock.lock(); defer { cacheLock.unlock() }
        if let parts = cache[index] { return parts }
        let parts = expansions(definitions[index]).map { plain($0).components(separatedBy: argument) }
        cache[index] = parts
        return parts
    }

    @Test func everyCurrentTemplateMatchesOneOfTheCompilersTextsWhole() throws {
        let definitions = try #require(Self.definitions, "`strings` or the frontend not found: not measured")
        var checked = 0
        for row in Kit.table.rows where !row.isRuntime && row.unreproducible == nil {
            for template in row.templates {
                checked += 1
                let result = Self.match(template, in: definitions, lowered: Self.lowered)
                let why = "\(row.id): '\(template)' matches none of the compiler's texts whole"
                    + (result.cut.map { "; it stops before the end of: \($0)" } ?? "")
                #expect(result.matched, "\(why)")
            }
        }
        #expect(checked > 60)
    }

    /// The check notices a template cut before the compiler's last argument.
    @Test func aTemplateCutBeforeTheLastNameIsNoticed() throws {
        let definitions = try #require(Self.definitions, "`strings` or the frontend not found: not measured")
        let cut = "non-Sendable type % cannot be returned from % implementation to caller of protocol requirement"
        let result = Self.match(cut, in: definitions, lowered: Self.lowered)
        #expect(!result.matched)
        #expect(result.cut?.hasSuffix("protocol requirement %1") == true)
    }
}
