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
    }

    public var facts: Set<Fact>
    public init(facts: Set<Fact> = []) { self.facts = facts }
    public static let unknown = BuildSettings()
}

/// A diagnostic's causes in the order to print them, and what told the first one apart.
public struct CauseChoice: Sendable {
    public var ordered: [Cause]
    /// What named the first cause ("the note …", "the message names …", "the build settings");
    /// nil when nothing did and the causes are printed in the table's order with how to tell.
    public var toldBy: String?

    public var first: Cause? { ordered.first }
}

public enum CauseChooser {
    /// The causes whose note, message or setting matches come first, in table order.
    public static func choose(_ row: Row, for entry: Entry, settings: BuildSettings) -> CauseChoice {
        let causes = row.causes ?? []
        var told: [(Cause, String)] = []
        for cause in causes {
            if let why = evidence(for: cause, in: entry, settings: settings) { told.append((cause, why)) }
        }
        let named = Set(told.map(\.0.id))
        return CauseChoice(ordered: told.map(\.0) + causes.filter { !named.contains($0.id) }, toldBy: told.first?.1)
    }

    static func evidence(for cause: Cause, in entry: Entry, settings: BuildSettings) -> String? {
        for template in cause.notes ?? [] {
            let regex = Templates.pattern(template, anchored: false)
            let notes = entry.severity == "note" ? [entry.message] + entry.notes : entry.notes
            if let note = notes.first(where: { Templates.matches(regex, Templates.normalize($0)) }) {
                return "the note '\(note)'"
            }
        }
        for template in cause.message ?? [] where Templates.matches(Templates.pattern(template, anchored: false),
                                                                   Templates.normalize(entry.message)) {
            return "the message: \(template.replacingOccurrences(of: "%", with: "…"))"
        }
        if let fact = cause.setting, settings.facts.contains(fact) { return "the build settings (\(fact.rawValue))" }
        return nil
    }
}
