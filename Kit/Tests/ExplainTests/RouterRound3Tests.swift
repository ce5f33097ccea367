import ExplainKit
import Foundation
import Testing

/// A tester's third round (Swift 6.3.1, Linux): shapes whose cause or first fix was wrong.
/// Each log is the compiler's own output for the tester's file; each fix named first was
/// built (Kit/Explain/programs k05, d04, i16, p03, f03, i17).
struct RouterRound3Tests {
    static let router = Router(table: Kit.table)

    static func first(_ log: String, settings: BuildSettings = .unknown) throws -> (row: Row, cause: Cause, told: Bool) {
        let routed = try #require(router.route(log, settings: settings).diagnostics.first)
        return (try #require(routed.row), try #require(routed.causes?.first), routed.causes?.toldBy != nil)
    }

    /// `async let a = fetch(page)` with `page += 1` after it: an Int var captured by reference,
    /// not a non-Sendable value; copying it into a `let` is the fix (c13).
    @Test func anAsyncLetReadingAnIntVarIsTheCapturedVarNotANonSendableValue() throws {
        let log = """
            c13_async_let_var.swift:5:19: error: sending 'page' risks causing data races [#SendingRisksDataRace]
             3 | func loadDashboard() async -> Int {
             4 |     var page = 1
             5 |     async let a = fetch(page)
               |                   |- error: sending 'page' risks causing data races [#SendingRisksDataRace]
               |                   `- note: sending 'page' into async let risks causing data races between async let uses and local uses
             6 |     page += 1
               |          `- note: access can happen concurrently
             7 |     async let b = fetch(page)
             8 |     return await a + b

            [#SendingRisksDataRace]: <https://docs.swift.org/compiler/documentation/diagnostics/sending-risks-data-race>
            """
        let (row, cause, told) = try Self.first(log)
        #expect(row.id == "sending-value")
        #expect(told && cause.id == "async-let-var")
        #expect(row.meaning.joined(separator: " ").contains("captured by reference"))
        #expect(row.meaning.joined(separator: " ").contains("`async let`"))
        #expect(cause.fixes.first?.contains("copy the value into a `let`") == true)
    }

    /// Under default main-actor isolation a Hashable key in an actor's stored dictionary: the
    /// context is an actor, which cannot take `@MainActor`; `nonisolated` on the struct is the fix (c18).
    @Test func aMainActorDefaultValueInAnActorIsFixedByNonisolatedNotByIsolatingTheActor() throws {
        let log = """
            c18_default_isolation_hashable_actor.swift:8:17: error: main actor-isolated default value in a actor-isolated context
             6 | }
             7 | actor ResultCache {
             8 |     private var store: [FilterKey: [String]] = [:]
               |                 `- error: main actor-isolated default value in a actor-isolated context
             9 |     func put(_ k: FilterKey, _ v: [String]) { store[k] = v }
            10 | }

            c18_default_isolation_hashable_actor.swift:9:52: error: main actor-isolated conformance of 'FilterKey' to 'Hashable' cannot be used in actor-isolated context [#IsolatedConformances]
             7 | actor ResultCache {
             8 |     private var store: [FilterKey: [String]] = [:]
             9 |     func put(_ k: FilterKey, _ v: [String]) { store[k] = v }
               |                                                    `- error: main actor-isolated conformance of 'FilterKey' to 'Hashable' cannot be used in actor-isolated context [#IsolatedConformances]
            10 | }
            11 |\u{20}

            c18_default_isolation_hashable_actor.swift:9:47: error: main actor-isolated conformance of 'FilterKey' to 'Hashable' cannot be used in actor-isolated context [#IsolatedConformances]
             7 | actor ResultCache {
             8 |     private var store: [FilterKey: [String]] = [:]
             9 |     func put(_ k: FilterKey, _ v: [String]) { store[k] = v }
               |                                               `- error: main actor-isolated conformance of 'FilterKey' to 'Hashable' cannot be used in actor-isolated context [#IsolatedConformances]
            10 | }
            11 |\u{20}

            [#IsolatedConformances]: <https://docs.swift.org/compiler/documentation/diagnostics/isolated-conformances>
            """
        let (row, cause, told) = try Self.first(log)
        #expect(row.id == "isolated-default-value")
        #expect(told && cause.id == "actor-context")
        #expect(cause.fixes.first?.contains("`nonisolated struct") == true)
        #expect(!cause.fixes.contains { $0.contains("isolate the type to the same actor") })
        #expect(!cause.name.contains("nonisolated type"))
        #expect(cause.wrongFixes?.contains { $0.contains("cannot have a global actor") } == true)
    }

    /// `Task.detached { r.render() }` where the class is main-actor only by the build's default:
    /// when the setting is known, `nonisolated` comes first and `await` only for work meant for main (c19).
    @Test func aDetachedTaskUnderDefaultMainActorIsOfferedNonisolatedBeforeAwait() throws {
        let log = """
            c19_default_isolation_detached.swift:8:11: error: main actor-isolated instance method 'render' cannot be called from outside of the actor
             6 |     let r = ThumbnailRenderer()
             7 |     let bytes = await Task.detached {
             8 |         r.render(1024)
               |           `- error: main actor-isolated instance method 'render' cannot be called from outside of the actor
             9 |     }.value
            10 |     return bytes.count
            """
        let known = try Self.first(log, settings: BuildSettings(facts: [.defaultMainActor]))
        #expect(known.row.id == "isolated-outside-actor")
        #expect(known.told && known.cause.id == "default-main-actor")
        #expect(known.cause.fixes.first?.contains("`nonisolated`") == true)
        #expect(known.cause.fixes.dropFirst().contains { $0.contains("only when it should run on the main actor") })
        // The build command pasted with the log says the same.
        let pasted = try Self.first("swiftc -swift-version 6 -default-isolation MainActor c19.swift\n" + log)
        #expect(pasted.told && pasted.cause.id == "default-main-actor")
        // A log alone does not tell it: every cause is listed, and the await is conditional.
        let alone = try Self.first(log)
        #expect(!alone.told)
        #expect(alone.cause.fixes.first?.contains("when running it on that actor is what you want") == true)
    }

    /// An actor conforming to a synchronous requirement: `: @MainActor P` is an error on an
    /// actor; the async requirement or a nonisolated witness is offered (c24).
    @Test func anActorWithASyncRequirementIsNotOfferedAGlobalActorIsolatedConformance() throws {
        let log = """
            c24_actor_protocol_sync_req.swift:5:30: error: conformance of 'KeychainTokenProvider' to protocol 'TokenProvider' crosses into actor-isolated code and can cause data races [#ConformanceIsolation]
            3 |     func token() -> String
            4 | }
            5 | actor KeychainTokenProvider: TokenProvider {
              |       |                      |- error: conformance of 'KeychainTokenProvider' to protocol 'TokenProvider' crosses into actor-isolated code and can cause data races [#ConformanceIsolation]
              |       |                      `- note: turn data races into runtime errors with '@preconcurrency'
              |       `- note: mark all declarations used in the conformance 'nonisolated'
            6 |     private var cached = "abc"
            7 |     func token() -> String { cached }
              |          `- note: actor-isolated instance method 'token()' cannot satisfy nonisolated requirement
            8 | }
            9 |\u{20}

            [#ConformanceIsolation]: <https://docs.swift.org/compiler/documentation/diagnostics/conformance-isolation>
            """
        let (row, cause, told) = try Self.first(log)
        #expect(row.id == "conformance-crosses-isolation")
        #expect(told && cause.id == "actor-type")
        #expect(cause.fixes.first?.contains("`async`") == true)
        #expect(!cause.fixes.contains { $0.contains("@MainActor") })
        #expect(cause.wrongFixes?.contains { $0.contains("`: @MainActor P`") } == true)
    }

    /// `DispatchQueue.global().async { self.hide() }` in a main-actor class: the block is
    /// nonisolated whatever its method is; the hop back is the fix, not `@MainActor` (c25).
    @Test func aGlobalQueueBlockCallingMainActorCodeIsOfferedTheHopBack() throws {
        let log = """
            c25_global_queue_mainactor.swift:9:18: error: call to main actor-isolated instance method 'hide()' in a synchronous nonisolated context [#ActorIsolatedCall]
             3 | @MainActor final class ProgressHUD {
             4 |     var visible = false
             5 |     func hide() { visible = false }
               |          `- note: calls to instance method 'hide()' from outside of its actor context are implicitly asynchronous
             6 |     func finishWork() {
             7 |         DispatchQueue.global().async {
             8 |             // heavy work
             9 |             self.hide()
               |                  `- error: call to main actor-isolated instance method 'hide()' in a synchronous nonisolated context [#ActorIsolatedCall]
            10 |         }
            11 |     }

            [#ActorIsolatedCall]: <https://docs.swift.org/compiler/documentation/diagnostics/actor-isolated-call>
            """
        let (row, cause, told) = try Self.first(log)
        #expect(row.id == "call-isolated-sync")
        #expect(told && cause.id == "gcd-closure")
        #expect(cause.fixes.first?.contains("DispatchQueue.main.async") == true)
        #expect(cause.fixes.first?.contains("Task { @MainActor in") == true)
        #expect(cause.wrongFixes?.contains { $0.contains("loses global actor") } == true)
    }

    /// A synchronous call to an actor instance's method: `@MainActor` on the caller is not that
    /// actor (the same error follows); `await` or an `isolated` parameter is the fix (c02).
    @Test func aSyncCallToAnActorInstanceIsNotOfferedMainActor() throws {
        let log = """
            c02_actor_sync_call.swift:9:29: error: call to actor-isolated instance method 'currentToken()' in a synchronous nonisolated context [#ActorIsolatedCall]
             2 | actor SessionStore {
             3 |     private var token: String?
             4 |     func currentToken() -> String? { token }
               |          `- note: calls to instance method 'currentToken()' from outside of its actor context are implicitly asynchronous
             5 | }
             6 | final class APIClient: Sendable {
             7 |     let store = SessionStore()
             8 |     func authHeader() -> [String: String] {
             9 |         guard let t = store.currentToken() else { return [:] }
               |                             `- error: call to actor-isolated instance method 'currentToken()' in a synchronous nonisolated context [#ActorIsolatedCall]
            10 |         return ["Authorization": "Bearer \\(t)"]
            11 |     }

            [#ActorIsolatedCall]: <https://docs.swift.org/compiler/documentation/diagnostics/actor-isolated-call>
            """
        let (row, cause, told) = try Self.first(log)
        #expect(row.id == "call-isolated-sync")
        #expect(told && cause.id == "actor-instance")
        #expect(!cause.fixes.contains { $0.contains("@MainActor") })
        #expect(cause.fixes.first?.contains("`await`") == true)
    }
}
