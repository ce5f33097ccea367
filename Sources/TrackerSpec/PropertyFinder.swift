/// Finds which of the catalogue's racing properties an access touches: in the source line
/// of its racing frame (as whole identifiers), and in that frame's mangled symbol when it
/// is an accessor (`C13currentDrinks…vs` is the synthesized setter of `currentDrinks`).
///
/// A name is matched as an identifier, not resolved: a local variable or parameter that
/// shares a property's name on the racing line counts as that property.
public struct PropertyFinder: Sendable {
    public let names: Set<String>

    public init(names: some Sequence<String>) {
        self.names = Set(names)
    }

    /// Every property any ThreadSanitizer row of `defects` names.
    public init(catalogue defects: [Defect]) {
        self.init(names: defects.flatMap { $0.tsanRow?.properties ?? [] })
    }

    /// The names that occur in `line` as whole identifiers.
    public func properties(inSourceLine line: String) -> Set<String> {
        Set(Self.identifiers(in: line).map(String.init)).intersection(names)
    }

    /// The names that occur in a mangled Swift symbol as `<length><name>`, the length not
    /// itself the tail of a longer number.
    public func properties(inMangledSymbol symbol: String) -> Set<String> {
        // Only an accessor's symbol names its property: getter, setter, modify, read,
        // didSet/willSet ("…vg", "…vs", "…vM", "…vr", "…vW", "…vw").
        var accessor = Substring(symbol)
        if accessor.hasSuffix("TA") { accessor = accessor.dropLast(2) }
        guard ["vg", "vs", "vM", "vr", "vW", "vw", "vx"].contains(where: accessor.hasSuffix) else { return [] }
        let characters = Array(symbol.utf8)
        return names.filter { name in
            let needle = Array("\(name.utf8.count)\(name)".utf8)
            guard needle.count <= characters.count else { return false }
            for start in 0...(characters.count - needle.count) where characters[start..<start + needle.count].elementsEqual(needle) {
                if start == 0 || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(characters[start - 1]) {
                    return true
                }
            }
            return false
        }
    }

    /// The properties of one access: its racing frame's line (read through `sources`,
    /// when the frame has one) and that frame's symbol.
    public func properties(of access: MemoryAccess, sources: some SourceLineReading) -> Set<String> {
        guard let frame = access.racingFrame else { return [] }
        return properties(of: frame, sources: sources)
    }

    public func properties(of frame: StackFrame, sources: some SourceLineReading) -> Set<String> {
        var found = properties(inMangledSymbol: frame.function)
        if let path = frame.packageSourcePath, let number = frame.line, let line = sources.line(number, of: path) {
            found.formUnion(properties(inSourceLine: line))
        }
        return found
    }

    static func identifiers(in line: String) -> [Substring] {
        line.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            .filter { !($0.first?.isNumber ?? true) }
    }
}
