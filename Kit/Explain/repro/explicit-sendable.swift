// explain: -swift-version 6 -Wwarning ExplicitSendable
// A public type that says nothing about Sendable (opt-in warning group).
public struct Receipt {
    let total: Int
}
