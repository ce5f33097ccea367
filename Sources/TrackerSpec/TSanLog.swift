import Foundation

/// Reads the reports out of a TSan log (`log_path=DIR/tsan` writes `tsan.<pid>`): for the
/// matrix (`MatrixKit`'s `TSanLogParser`) and for the test process's own verdict line when
/// TSan's report callback is not called there (`SpecTesting`'s `RaceLedger`).
///
/// Reports are separated by "==================" lines; each starts with
/// "WARNING: ThreadSanitizer: <kind> (pid=…)". An access starts with a header such as
/// "  Previous read of size 8 at 0x… by main thread:" and runs to the next blank line.
/// Other sections ("As if synchronized via sleep:", "Location is …", "Thread T1 … created
/// by …", "Mutex M1 …") are not accesses and are skipped.
public enum TSanLog {
    public static func reports(in log: String) -> [TSanReport] {
        var reports: [TSanReport] = []
        var current: [Substring] = []
        func flush() {
            if let report = report(from: current) { reports.append(report) }
            current = []
        }
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("==================") {
                flush()
            } else if line.contains("WARNING: ThreadSanitizer:") {
                flush()
                current.append(line)
            } else if !current.isEmpty {
                current.append(line)
            }
        }
        flush()
        return reports
    }

    static func report(from lines: [Substring]) -> TSanReport? {
        guard let first = lines.first, let marker = first.range(of: "WARNING: ThreadSanitizer: ") else { return nil }
        var kind = first[marker.upperBound...]
        if let pid = kind.range(of: " (pid=") { kind = kind[..<pid.lowerBound] }
        var accesses: [MemoryAccess] = []
        var inAccess = false
        var end = lines.endIndex
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("SUMMARY: ThreadSanitizer:") {
                end = index + 1
                break
            }
            if let (header, thread) = accessHeader(line) {
                accesses.append(MemoryAccess(header: header, thread: thread, frames: []))
                inAccess = true
            } else if line.trimmingLeadingSpaces.isEmpty || !line.hasPrefix("    ") {
                inAccess = false
            } else if inAccess, let frame = frame(line) {
                accesses[accesses.count - 1].frames.append(frame)
            }
        }
        let text = lines[..<end].joined(separator: "\n")
        return TSanReport(kind: String(kind), accesses: accesses, text: text)
    }

    /// "  Write of size 1 at 0x… by thread T7:", "  Previous atomic read of size 4 at 0x… by
    /// main thread (mutexes: write M1):", "  Modifying access of Swift variable at 0x… by
    /// thread T2:" → (header without the colon, "thread T7" / "main thread").
    static func accessHeader(_ line: Substring) -> (String, String)? {
        guard line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":"),
              line.contains(" at 0x"), let by = line.range(of: " by ", options: .backwards)
        else { return nil }
        let lowered = line.lowercased()
        guard lowered.contains("read") || lowered.contains("write") || lowered.contains("access"),
              !line.hasPrefix("  Location is"), !line.hasPrefix("  Mutex ")
        else { return nil }
        var thread = line[by.upperBound...].dropLast()
        if let extra = thread.range(of: " (") { thread = thread[..<extra.lowerBound] }
        let header = line.dropFirst(2).dropLast()
        return (String(header), String(thread))
    }

    /// "    #3 swift::runJobInEstablishedExecutorContext(swift::Job*) crtstuff.c (libswift_Concurrency.so+0x71e5f) (BuildId: …)"
    static func frame(_ line: Substring) -> StackFrame? {
        let trimmed = line.trimmingLeadingSpaces
        guard trimmed.hasPrefix("#"), let space = trimmed.firstIndex(of: " ") else { return nil }
        guard Int(trimmed[trimmed.index(after: trimmed.startIndex)..<space]) != nil else { return nil }
        var rest = trimmed[trimmed.index(after: space)...]
        // Drop the trailing parenthesised groups: " (BuildId: …)" and " (module+0x…)".
        var module: String?
        while rest.hasSuffix(")"), let open = rest.range(of: " (", options: .backwards) {
            let group = rest[open.upperBound..<rest.index(before: rest.endIndex)]
            if let plus = group.range(of: "+0x") { module = String(group[..<plus.lowerBound]) }
            rest = rest[..<open.lowerBound]
        }
        guard let lastSpace = rest.lastIndex(of: " ") else {
            return StackFrame(function: String(rest), module: module)
        }
        let function = String(rest[..<lastSpace])
        let location = rest[rest.index(after: lastSpace)...]
        let (file, line, column) = splitLocation(location)
        return StackFrame(function: function, file: file, line: line, column: column, module: module)
    }

    /// "/a/b.swift:39:31" → ("/a/b.swift", 39, 31); "/a/b.swift" → ("/a/b.swift", nil, nil).
    static func splitLocation(_ location: Substring) -> (String, Int?, Int?) {
        var parts = location.split(separator: ":", omittingEmptySubsequences: false)
        var numbers: [Int] = []
        while parts.count > 1, numbers.count < 2, let number = Int(parts[parts.count - 1]) {
            numbers.insert(number, at: 0)
            parts.removeLast()
        }
        let file = parts.joined(separator: ":")
        return (file, numbers.first, numbers.count > 1 ? numbers[1] : nil)
    }
}

extension Substring {
    fileprivate var trimmingLeadingSpaces: Substring { drop { $0 == " " || $0 == "\t" } }
}
