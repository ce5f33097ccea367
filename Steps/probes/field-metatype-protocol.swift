// probe: -swift-version 6 -default-isolation MainActor
// Under default main-actor isolation (SE-0466), a type that conforms to a protocol refining
// SendableMetatype is inferred nonisolated, but only when that protocol is nonisolated:
// a protocol declared in such a module is on the main actor, and so are its conformers.
import Dispatch

nonisolated let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
nonisolated func onMain() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

protocol AppImporter: SendableMetatype {              // main actor: this module's default
    static func importDrinks() -> Bool
}
nonisolated protocol Importer: SendableMetatype {     // the fix: say it is nonisolated
    static func importDrinks() -> Bool
}
struct ScreenImporter: AppImporter {
    static func importDrinks() -> Bool { onMain() }
}
struct FileImporter: Importer {
    static func importDrinks() -> Bool { onMain() }
}

@concurrent func importOffMain() async -> (screen: Bool, file: Bool) {
    let screen = await ScreenImporter.importDrinks()   // main actor: an await, a hop to main
    let file = FileImporter.importDrinks()             // nonisolated: runs right here
    return (screen, file)
}
let ran = await importOffMain()
print("conformer of a protocol declared here: ran on main: \(ran.screen)")
print("conformer of a nonisolated protocol: ran on main: \(ran.file)")
