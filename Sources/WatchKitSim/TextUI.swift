/// One line of the app's text UI.
@MainActor
public enum ViewElement {
    case text(String)
    /// A button; when `dismisses`, the view closes after the action (a picker, say).
    case button(String, dismisses: Bool = false, action: () -> Void)
    /// Opens another view.
    case link(String, destination: () -> any WKView)
}

/// A view: rebuilt from the app's state every time the runtime draws it.
@preconcurrency @MainActor
public protocol WKView {
    var body: [ViewElement] { get }
}

/// What the watch shows, as text.
public struct Screen: Sendable, CustomStringConvertible {
    public let lines: [String]

    public func contains(_ text: String) -> Bool {
        lines.contains { $0.contains(text) }
    }

    public var description: String { lines.joined(separator: "\n") }
}

public struct NoSuchButton: Error, CustomStringConvertible {
    public let label: String
    public let screen: Screen
    public var description: String { "no button \"\(label)\" on screen:\n\(screen)" }
}
