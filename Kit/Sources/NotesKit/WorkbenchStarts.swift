import Foundation

/// The notes name exercises by slug: every `workbench start SLUG` they quote names an
/// exercise of the workbench (a folder with an exercise.json), never a number that moves
/// when exercises are added; and an "Exercise N" on the same line is that exercise's number.
struct WorkbenchStarts {
    let package: PackageFacts
    static let folder = "Kit/Workbench/Exercises"

    /// Each exercise's number by slug, from its exercise.json.
    func numbers() -> [String: Int] {
        struct Numbered: Decodable { let slug: String; let number: Int }
        var found: [String: Int] = [:]
        for path in package.files(under: Self.folder, endingIn: "/exercise.json") {
            guard let text = package.read(path),
                  let exercise = try? JSONDecoder().decode(Numbered.self, from: Data(text.utf8)) else { continue }
            found[exercise.slug] = exercise.number
        }
        return found
    }

    func check(_ note: Note) -> [Problem] {
        let numbers = numbers()
        var problems: [Problem] = []
        let start = #/workbench start ([a-z0-9][a-z0-9-]*)/#
        let numbered = #/[Ee]xercise (\d+)\b/#
        for (index, line) in note.text.components(separatedBy: "\n").enumerated() {
            for match in line.matches(of: start) {
                let name = String(match.1)
                if let number = Int(name) {
                    let slug = numbers.first { $0.value == number }?.key ?? "?"
                    problems.append(Problem(note.path, index + 1, "`workbench start \(name)`: name the exercise by its slug (\(slug)), not its number"))
                } else if let number = numbers[name] {
                    for quoted in line.matches(of: numbered) where Int(quoted.1) != number {
                        problems.append(Problem(note.path, index + 1, "\"\(quoted.0)\" beside `workbench start \(name)`, which is exercise \(number)"))
                    }
                } else {
                    problems.append(Problem(note.path, index + 1, "`workbench start \(name)`: no exercise \(name) (no \(Self.folder)/\(name)/exercise.json)"))
                }
            }
        }
        return problems
    }
}
