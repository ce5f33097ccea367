// source: https://github.com/mattrubin/OneTimePassword/issues/274
// flags: -swift-version 6
// expect: global-nonsendable-type
// shape: a global default of a non-Sendable type
#if FIXED
final class DigestKind: Sendable { let bits = 160 }
let standardDigest = DigestKind()
#else
final class DigestKind { var bits = 160 }
let standardDigest = DigestKind()
#endif
