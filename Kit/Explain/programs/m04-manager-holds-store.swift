// source: https://github.com/auth0/SimpleKeychain/issues/231
// flags: -swift-version 6
// expect: sendable-stored-nonsendable
// shape: a Sendable manager that stores a non-Sendable keychain wrapper
#if FIXED
final class SecretStore: Sendable { let service = "app" }
final class TokenKeeper: Sendable { let store = SecretStore() }
#else
final class SecretStore { var service = "app" }
final class TokenKeeper: Sendable { let store = SecretStore() }
#endif
