// probe: -swift-version 6
// A generic function that sends a metatype into another task needs T: SendableMetatype
// (Swift 6.2, SE-0470). Without it, a main-actor-isolated conformance gets through, and
// its witness runs off the main actor. This probe compiles with that warning:
//   capture of non-Sendable type 'T.Type' in an isolated closure
import Dispatch

let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
func onMain() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

protocol Importer {
    static func importDrinks() -> String
}
@MainActor struct ScreenImporter: @MainActor Importer {     // an isolated conformance
    static func importDrinks() -> String { "ScreenImporter ran on main: \(onMain())" }
}
nonisolated struct FileImporter: Importer {
    static func importDrinks() -> String { "FileImporter ran on main: \(onMain())" }
}

// The problem: the child task calls T's witness, wherever T's conformance is isolated.
func importInBackground<T: Importer>(_ type: T.Type) async -> String {
    await withTaskGroup(of: String.self) { group in
        group.addTask { T.importDrinks() }
        return await group.next()!
    }
}
// The fix: the requirement says the metatype may cross; an isolated conformance cannot
// be passed here (a compile error at the call), a nonisolated one can.
func importInBackgroundSafely<T: Importer & SendableMetatype>(_ type: T.Type) async -> String {
    await withTaskGroup(of: String.self) { group in
        group.addTask { T.importDrinks() }
        return await group.next()!
    }
}
@MainActor func run() async {
    print("unchecked, isolated conformance: \(await importInBackground(ScreenImporter.self))")
    print("SendableMetatype, nonisolated conformance: \(await importInBackgroundSafely(FileImporter.self))")
}
await run()
