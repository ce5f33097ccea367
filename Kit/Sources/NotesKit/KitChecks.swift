import Foundation

/// Checks of the kit as a whole rather than of one note: every probe is shown with its
/// output somewhere in the notes, and every patch that adds a file says so with a
/// `--- /dev/null` header, so that `patch -R` (and `Scripts/undo`) removes the file again,
/// and no claim the reviews found wrong (`Kit/wrong-claims.json`) is back in other words.
public struct KitChecks: Sendable {
    public let package: PackageFacts

    public init(package: PackageFacts) {
        self.package = package
    }

    public func check(notes: [Note]) -> [Problem] {
        let starts = WorkbenchStarts(package: package)
        let readme = package.read("README.md").map { Note(path: "README.md", text: $0) }
        return checkProbesShown(notes) + checkPatchHeaders() + checkEntrance() + WrongClaims.check(package)
            + (notes + [readme].compactMap { $0 }).flatMap(starts.check)
    }

    /// The README is the entrance, not a note: its blocks are for reading, but every path
    /// and link in it must lead somewhere.
    func checkEntrance() -> [Problem] {
        guard let text = package.read("README.md") else { return [Problem("README.md", 1, "no README.md")] }
        return QuickChecks(package: package).checkProse(Note(path: "README.md", text: text))
    }

    func checkProbesShown(_ notes: [Note]) -> [Problem] {
        let shown = Set(notes.flatMap(\.fences).compactMap { $0.value("output") })
        let files = (try? FileManager.default.contentsOfDirectory(atPath: package.url(Probes.folder).path)) ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().compactMap { file in
            let name = String(file.dropLast(".swift".count))
            return shown.contains(name) ? nil : Problem(Probes.path(of: name), 1, "no note shows this probe's output (a text output=\(name) block)")
        }
    }

    func checkPatchHeaders() -> [Problem] {
        var problems: [Problem] = []
        for path in package.files(under: "Steps", endingIn: ".patch") {
            let lines = (package.read(path) ?? "").components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.hasPrefix("+++ ") && index > 0 {
                let target = Self.patchPath(line)
                guard target != "/dev/null", !package.exists(target) else { continue }
                if !lines[index - 1].hasPrefix("--- /dev/null") {
                    problems.append(Problem(path, index + 1, "\(target) is new: its old side must be --- /dev/null, so that patch -R removes it"))
                }
            }
        }
        return problems
    }

    /// "+++ b/Sources/X.swift\t2024-…" → "Sources/X.swift"
    static func patchPath(_ line: String) -> String {
        var path = String(line.dropFirst(4))
        if let tab = path.firstIndex(of: "\t") { path = String(path[..<tab]) }
        if path.hasPrefix("a/") || path.hasPrefix("b/") { path.removeFirst(2) }
        return path
    }
}
