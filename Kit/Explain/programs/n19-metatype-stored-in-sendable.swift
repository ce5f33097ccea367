// source: https://github.com/hummingbird-project/hummingbird/pull/712
// flags: -swift-version 6
// expect: sendable-stored-nonsendable metatype
// shape: a Sendable struct storing an existential metatype of a protocol that is not yours
protocol Responder { static func respond() -> String }
#if FIXED
struct Route: Sendable { let responder: any (Responder & SendableMetatype).Type }
#else
struct Route: Sendable { let responder: any Responder.Type }
#endif
