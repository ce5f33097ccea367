/// A value the simulators hand to another thread themselves, where the Objective-C SDK they
/// stand for would (a ClockKit entry to main, say) and the type is not `Sendable` to apps.
/// Sound only where the comment at each use says why.
public struct Unchecked<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
