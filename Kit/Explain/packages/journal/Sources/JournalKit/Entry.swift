// Already migrated: a Sendable value and an actor that owns the entries.
public struct Entry: Sendable, Equatable {
    public var text: String
    public init(text: String) { self.text = text }
}

public actor Journal {
    private var entries: [Entry] = []
    public init() {}
    public func add(_ entry: Entry) { entries.append(entry) }
    public var count: Int { entries.count }
}
