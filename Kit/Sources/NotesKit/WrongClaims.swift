import Foundation

/// A claim a review found wrong, as `Kit/wrong-claims.json` records it: where it was
/// searched for, what changed, what settles it now, and a pattern for its wrong wording.
public struct WrongClaim: Codable, Sendable, Equatable {
    public let id: String
    /// Which review found it ("issue 32, finding 1").
    public let review: String
    /// FALSE, MISLEADING, OUTDATED or STYLE, the review's word.
    public let verdict: String
    /// The wrong claim, in a few words.
    public let claim: String
    public let searched: [String]
    public let changed: [String]
    /// The probe, checked block or citation that settles the corrected claim.
    public let settledBy: [String]
    /// A case-insensitive regular expression for the wrong wording, over text whose
    /// line breaks and runs of spaces are one space.
    public let pattern: String
    /// Wrong sentences the pattern must match, so that the pattern itself is tested.
    public let matches: [String]
    /// Corrected sentences it must not match (the wording that replaced it).
    public let allows: [String]
    /// For a claim that was wrong by what it left out: the qualification that must stay.
    public let mustSay: [Qualification]?
    /// Files whose matches wait on another change in flight (another branch fixes them):
    /// listed by `pending`, not failed. Remove a path once its fix has landed.
    public let awaiting: [String]?

    public struct Qualification: Codable, Sendable, Equatable {
        public let path: String
        public let pattern: String
    }
}

/// `Scripts/check-notes` fails when a wrong claim's wording comes back in the notes
/// (Steps/), the router's table, the maintainers' guide or a doc comment.
public enum WrongClaims {
    public static let file = "Kit/wrong-claims.json"

    public static func load(_ package: PackageFacts) throws -> [WrongClaim] {
        guard let text = package.read(file) else { throw CocoaError(.fileNoSuchFile) }
        return try JSONDecoder().decode([WrongClaim].self, from: Data(text.utf8))
    }

    /// The whole check: the list reads, each pattern is tested, and no scanned text matches.
    public static func check(_ package: PackageFacts) -> [Problem] {
        let claims: [WrongClaim]
        do { claims = try load(package) } catch {
            return [Problem(file, 1, "cannot read the list of wrong claims: \(error)")]
        }
        let selfTest = claims.flatMap(problems(testing:))
        guard selfTest.isEmpty else { return selfTest }
        return scannedTexts(package).flatMap { text in
            problems(in: text, claims: claims.filter { !($0.awaiting ?? []).contains(text.path) })
        } + claims.flatMap { missingQualifications($0, package) }
    }

    /// Matches in files a claim is awaiting another change for: to report, not to fail on.
    public static func pending(_ package: PackageFacts) -> [Problem] {
        guard let claims = try? load(package) else { return [] }
        return scannedTexts(package).flatMap { text in
            problems(in: text, claims: claims.filter { ($0.awaiting ?? []).contains(text.path) })
        }
    }

    /// The qualifications a claim's correction added are still there.
    static func missingQualifications(_ claim: WrongClaim, _ package: PackageFacts) -> [Problem] {
        (claim.mustSay ?? []).compactMap { wanted in
            guard let regex = try? NSRegularExpression(pattern: wanted.pattern, options: [.caseInsensitive]) else {
                return Problem(file, 1, "\(claim.id): the qualification's pattern is not a regular expression")
            }
            guard let text = package.read(wanted.path) else { return Problem(file, 1, "\(claim.id): no file \(wanted.path)") }
            return matches(regex, text) ? nil
                : Problem(wanted.path, 1, "\(claim.id) (\(claim.review)): the correction no longer says /\(wanted.pattern)/ (see \(file))")
        }
    }

    /// A claim's pattern compiles, matches every wrong sentence and none of the corrected ones.
    static func problems(testing claim: WrongClaim) -> [Problem] {
        guard let regex = try? NSRegularExpression(pattern: claim.pattern, options: [.caseInsensitive]) else {
            return [Problem(file, 1, "\(claim.id): the pattern is not a regular expression")]
        }
        var problems: [Problem] = []
        if claim.matches.isEmpty { problems.append(Problem(file, 1, "\(claim.id): give a sentence the pattern must match")) }
        for sentence in claim.matches where !matches(regex, sentence) {
            problems.append(Problem(file, 1, "\(claim.id): the pattern does not match its wrong sentence: \(sentence)"))
        }
        for sentence in claim.allows where matches(regex, sentence) {
            problems.append(Problem(file, 1, "\(claim.id): the pattern matches a corrected sentence: \(sentence)"))
        }
        return problems
    }

    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        let flat = ScannedText.flattened(text)
        return regex.firstMatch(in: flat, range: NSRange(flat.startIndex..., in: flat)) != nil
    }

    /// Every match of every claim's pattern in one text, at the line where it starts.
    public static func problems(in text: ScannedText, claims: [WrongClaim]) -> [Problem] {
        claims.flatMap { claim -> [Problem] in
            guard let regex = try? NSRegularExpression(pattern: claim.pattern, options: [.caseInsensitive]) else { return [] }
            let range = NSRange(text.flat.startIndex..., in: text.flat)
            return regex.matches(in: text.flat, range: range).map { match in
                let quoted = (text.flat as NSString).substring(with: match.range)
                return Problem(text.path, text.line(at: match.range.location),
                               "a claim the reviews found wrong is back (\(claim.id), \(claim.review): see \(file)): \(quoted)")
            }
        }
    }

    /// What the check reads: the notes and probes in Steps/, the router's table, the
    /// maintainers' guide, and the `///` comments of the package's and the kit's sources.
    public static func scannedTexts(_ package: PackageFacts) -> [ScannedText] {
        var texts: [ScannedText] = []
        let whole = package.files(under: "Steps", endingIn: ".md") + package.files(under: "Steps", endingIn: ".swift")
            + ["Kit/Explain/table.json", "Kit/MAINTAINERS.md"]
        for path in whole {
            if let text = package.read(path) { texts.append(ScannedText(path: path, lines: text.components(separatedBy: "\n"))) }
        }
        for path in swiftFiles(package, under: "Sources") + swiftFiles(package, under: "Kit") {
            if let text = package.read(path) { texts.append(ScannedText(docCommentsOf: path, text: text)) }
        }
        return texts
    }

    /// Swift files below `folder`, not following links (Kit/CoffeeTrackerKit is the root)
    /// nor entering hidden folders (the build's).
    static func swiftFiles(_ package: PackageFacts, under folder: String) -> [String] {
        let manager = FileManager.default
        var found: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            for name in (try? manager.contentsOfDirectory(atPath: package.url(current).path)) ?? [] where !name.hasPrefix(".") {
                let path = "\(current)/\(name)"
                let attributes = try? manager.attributesOfItem(atPath: package.url(path).path)
                let type = attributes?[.type] as? FileAttributeType
                if type == .typeDirectory { pending.append(path) } else if type == .typeRegular, name.hasSuffix(".swift") { found.append(path) }
            }
        }
        return found.sorted()
    }
}

/// One file's text as the check reads it: its lines (or only its doc comments) joined
/// with single spaces, with the offset where each line starts, so a match across a line
/// break is found and reported at its first line.
public struct ScannedText: Sendable {
    public let path: String
    let flat: String
    /// (offset in `flat` in UTF-16 units, line number), in order.
    let starts: [(offset: Int, line: Int)]

    public init(path: String, lines: [String]) {
        self.init(path: path, numbered: lines.enumerated().map { ($0.offset + 1, $0.element) })
    }

    /// Only the `///` lines; a line that is not one ends a comment, so no match spans two.
    public init(docCommentsOf path: String, text: String) {
        let lines = text.components(separatedBy: "\n").enumerated().map { index, line -> (Int, String) in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return (index + 1, trimmed.hasPrefix("///") ? String(trimmed.dropFirst(3)) : "\u{B6}")
        }
        self.init(path: path, numbered: lines)
    }

    init(path: String, numbered: [(Int, String)]) {
        self.path = path
        var flat = "", starts: [(Int, Int)] = []
        for (number, line) in numbered {
            starts.append(((flat as NSString).length, number))
            flat += Self.flattened(line) + " "
        }
        self.flat = flat
        self.starts = starts
    }

    /// Runs of white space as one space, trimmed.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func line(at offset: Int) -> Int {
        starts.last { $0.offset <= offset }?.line ?? 1
    }
}
