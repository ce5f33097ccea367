/// Hands every value it is sent to every subscriber: two screens, each looping over the
/// readings. Today every subscriber gets the same stream.
@MainActor public final class Broadcaster<Element: Sendable> {
    private let stream: AsyncStream<Element>
    private let continuation: AsyncStream<Element>.Continuation
    private var subscriptions = 0

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    }

    /// A sequence of every value sent from now on, until `finish()`.
    public func subscribe() -> AsyncStream<Element> {
        subscriptions += 1
        return stream
    }

    /// How many subscribers the broadcaster still sends to.
    public var subscriberCount: Int { subscriptions }

    public func send(_ element: Element) {
        continuation.yield(element)
    }

    /// Ends every subscriber's sequence.
    public func finish() {
        continuation.finish()
    }
}
