import Foundation

/// One diagnostic or trap of a developer's input, with the notes that explain it.
public struct Entry: Sendable, Hashable {
    /// `path:line:column` when the line has one.
    public var location: String?
    /// "error", "warning", "note" (a note with no diagnostic before it) or "runtime"; nil for
    /// a bare message pasted without its severity (Xcode's issue navigator copies those).
    public var severity: String?
    /// The message (without location and severity), or the whole line for a trap.
    public var message: String
    /// The `[#Group]` tags printed at its end.
    public var groups: [String]
    /// The compiler's notes printed with it ("task-isolated 'x' is passed as …", "class 'C'
    /// does not conform to the 'Sendable' protocol"): they tell its causes apart.
    public var notes: [String]
    /// For each note, where it was printed when that is not this diagnostic's file: "module"
    /// (a module's interface, `Foundation.OutputStream:1:12`), "elsewhere" (another file), or "".
    public var noteSources: [String] = []
    /// The source line Swift 6's excerpt shows under it (the line the diagnostic points at).
    public var source: String?
    /// The excerpt's numbered lines up to and including `source` (the lines above it show the
    /// code around it: the call whose closure it is in). For a crash: the crashed thread's
    /// frames after its first line, in order (the trap's own, then the code it stopped).
    public var context: [String] = []

    public init(location: String?, severity: String?, message: String, groups: [String], notes: [String] = []) {
        self.location = location
        self.severity = severity
        self.message = message
        self.groups = groups
        self.notes = notes
    }
}

/// What a reading made of the input: its diagnostics (each with its notes), and how many
/// other non-blank lines it skipped (progress, source excerpts, link footers, summaries).
public struct ReadLog: Sendable {
    public var entries: [Entry]
    public var skipped: Int
    /// Notes read with the diagnostic before them.
    public var notesRead: Int
}

/// Reads a build log (SwiftPM, Xcode, `swiftc`, xcpretty), a crash log, a copy of Xcode's
/// issue navigator, or one pasted line. Every line is accounted for: a diagnostic (routed
/// or unknown later), a note read with the diagnostic it explains, a wrapped line joined to
/// the one before, or a skipped line.
public enum LogReader {
    public static func entries(in text: String, matcher: Matcher, single: Bool) -> [Entry] {
        read(text, matcher: matcher, single: single).entries
    }

    public static func read(_ text: String, matcher: Matcher, single: Bool) -> ReadLog {
        var state = ReadState()
        // A full-width colon (a log pasted from a Chinese or Japanese editor) reads as ": ".
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.replacingOccurrences(of: "\u{FF1A}", with: ": ").trimmingCharacters(in: .whitespaces) }
        if single, lines.count == 1, let line = lines.first, !line.isEmpty {
            state.add(Line.classify(line, matcher: matcher).entry ?? bare(line))
            return state.finished()
        }
        for line in lines where !line.isEmpty {
            state.take(Line.classify(line, matcher: matcher), raw: line, matcher: matcher)
        }
        return state.finished()
    }

    static func bare(_ message: String) -> Entry {
        Entry(location: nil, severity: nil, message: message, groups: groups(in: message))
    }

    /// "/Users/me/App/Sources/Model.swift:12:5" → "Sources/Model.swift:12:5"; a prefix that
    /// is not a path (an Xcode "Fatal error" label, a build step) is no location.
    static func shortPath(_ location: String) -> String? {
        guard location.range(of: #"\.swift(interface)?:\d+(:\d+)?$"#, options: .regularExpression) != nil else { return nil }
        let path = location.split(separator: " ").last.map(String.init) ?? location
        if path.hasPrefix("Sources/") || path.hasPrefix("Tests/") { return path }
        for root in ["/Sources/", "/Tests/"] {
            if let range = path.range(of: root, options: .backwards) {
                return String(path[path.index(after: range.lowerBound)...])
            }
        }
        // Elsewhere the path as printed, whole: a cut one ('hr/d3.swift') names no file.
        return path
    }

    /// The "#Group" names in the brackets at the end of a message.
    public static func groups(in message: String) -> [String] {
        guard let range = message.range(of: #"\[#[^\]]*\]\s*$"#, options: .regularExpression) else { return [] }
        return message[range].dropFirst().dropLast().replacingOccurrences(of: "]", with: "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("#") }.map { String($0.dropFirst()) }
    }
}

/// The reader's running state: the entries so far, and whether the last line read belongs
/// to the last entry (so that a note or a wrapped line can join it).
struct ReadState {
    var entries: [Entry] = []
    var skipped = 0
    var notesRead = 0
    /// The last non-blank line was the last entry's (or its note, or its continuation).
    var open = false
    /// Xcode's "Swift Compiler Error (Xcode): …" is followed by a line with only its path.
    var awaitingPath = false
    /// The last numbered source line of an excerpt ("12 |   let x = Model()").
    var lastSource: String?
    /// The excerpt's numbered lines since the last entry began.
    var excerptLines: [String] = []

    mutating func add(_ entry: Entry) {
        entries.append(entry)
        open = true
        excerptLines = []
    }

    /// A crash's frames: the runtime entry they belong to, and whether a frame joined it
    /// since the last "Program crashed" header (a second crash starts a new entry).
    var crashEntry: Int?
    var crashHasFrame = false
    var crashHeaderAfterFrame = false
    /// Another thread's header after the crash's frames: its frames are not the crash's.
    var crashThreadEnded = false

    /// "  3 [ra]  0x00007f… _swift_task_checkIsolatedSwift + 18 in libswift_Concurrency.so"
    static func isFrame(_ raw: String) -> Bool {
        raw.range(of: #"^\d+\s+(\[[a-z]+\]\s+)*0x[0-9a-fA-F]+\s"#, options: .regularExpression) != nil
            || raw.range(of: #"^\d+\s+\S+\s+0x[0-9a-fA-F]+\s"#, options: .regularExpression) != nil
    }

    /// "Thread 4 Crashed:", "Thread 2 "oot.default-qos":", "Thread 0 crashed:": a thread's frames follow.
    static func isThreadHeader(_ raw: String) -> Bool {
        raw.range(of: #"^Thread \d+\b"#, options: .regularExpression) != nil
    }

    mutating func take(_ line: Line, raw: String, matcher: Matcher) {
        if raw.contains("Program crashed") || raw.hasPrefix("Crashed Thread") { crashHeaderAfterFrame = crashHasFrame }
        if Self.isThreadHeader(raw) || raw.contains("Program crashed") { crashThreadEnded = crashHasFrame }
        switch line {
        case .entry(let entry) where entry.severity == "runtime":
            // One crash is one entry: the frames of its stack that name the same trap
            // (`_dispatch_assert_queue_fail`, `dispatch_assert_queue`, …) join the first, as
            // its context: a frame above the trap tells who checked (`_dispatchPreconditionTest`).
            let row = matcher.runtimeRow(forLine: entry.message)?.id
            if Self.isFrame(raw), let index = crashEntry, !crashHeaderAfterFrame,
               matcher.runtimeRow(forLine: entries[index].message)?.id == row {
                entries[index].context.append(entry.message)
                crashHasFrame = true
                skipped += 1
                return
            }
            add(entry)
            crashEntry = entries.count - 1
            crashHasFrame = Self.isFrame(raw)
            crashHeaderAfterFrame = false
            crashThreadEnded = false
            awaitingPath = false
            return
        case .entry(let entry):
            add(entry)
            awaitingPath = entry.location == nil && raw.hasPrefix("Swift Compiler")
            return
        case .note(let note, let location):
            if !entries.isEmpty, open || location != nil {
                entries[entries.count - 1].notes.append(note)
                entries[entries.count - 1].noteSources.append(Self.source(of: location, besides: entries[entries.count - 1]))
                notesRead += 1
            } else {
                add(Entry(location: location.flatMap(LogReader.shortPath), severity: "note", message: note,
                          groups: LogReader.groups(in: note)))
            }
        case .path(let location) where awaitingPath && !entries.isEmpty:
            entries[entries.count - 1].location = location
        case .repeated(let message, let severity):
            // The diagnostic echoed under the source line it points at; pasted without its
            // header line, it is the diagnostic itself.
            guard open, let last = entries.last, Templates.normalize(last.message) == Templates.normalize(message) else {
                add(Entry(location: nil, severity: severity, message: message, groups: LogReader.groups(in: message)))
                return
            }
            if last.source == nil {
                entries[entries.count - 1].source = lastSource
                entries[entries.count - 1].context = excerptLines
            }
            skipped += 1
            return
        case .path:
            skipped += 1
        case .excerpt:
            skipped += 1
            if let range = raw.range(of: #"^\d+\s*\|"#, options: .regularExpression) {
                lastSource = raw[range.upperBound...].trimmingCharacters(in: .whitespaces)
                excerptLines.append(lastSource!)
            }
            return  // an excerpt keeps the entry open: its notes follow it
        case .other where Self.isFrame(raw) && crashEntry == entries.count - 1 && crashEntry != nil && !crashThreadEnded:
            // The crashed thread's other frames join it too, in order: the first outside the
            // runtime is the code the check stopped (`CauseChooser.enteredFrame`), the next its caller.
            entries[entries.count - 1].context.append(raw)
            crashHasFrame = true
            skipped += 1
            return
        case .other:
            if open, let last = entries.last, Continuation.joins(last.message, raw, matcher: matcher) {
                // A terminal breaks mid-word, a log viewer at a space: the join the table knows wins.
                let spaced = last.message + " " + raw, tight = last.message + raw
                entries[entries.count - 1].message = matcher.row(forMessage: tight) != nil ? tight : spaced
                entries[entries.count - 1].groups = LogReader.groups(in: entries[entries.count - 1].message)
                return
            }
            skipped += 1
            open = false
        }
        awaitingPath = false
    }

    static func source(of location: String?, besides entry: Entry) -> String {
        guard let location, !location.isEmpty else { return "" }
        let file = location.replacingOccurrences(of: #":\d+(:\d+)?$"#, with: "", options: .regularExpression)
        guard file.hasSuffix(".swift") else { return "module" }
        let own = (entry.location ?? "").replacingOccurrences(of: #":\d+(:\d+)?$"#, with: "", options: .regularExpression)
        return own.isEmpty || file.hasSuffix(own) ? "" : "elsewhere"
    }

    /// The same diagnostic printed twice (a log that compiled a file twice) counts once.
    func finished() -> ReadLog {
        var seen: Set<String> = []
        var out: [Entry] = []
        for entry in entries {
            let key = "\(entry.location ?? "")|\(entry.severity ?? "")|\(entry.message)"
            if seen.insert(key).inserted { out.append(entry) }
        }
        return ReadLog(entries: out, skipped: skipped + entries.count - out.count, notesRead: notesRead)
    }
}
