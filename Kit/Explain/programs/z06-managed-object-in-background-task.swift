// source: https://github.com/kasianov-mikhail/scout/pull/1212
// flags: -swift-version 6
// expect: sendable-closure-capture core-data-object
// runs: archived: true
// stand-in: Core Data as its SDK reaches Swift 6: `performBackgroundTask` takes a `@Sendable` block (the pasted log's 'in a '@Sendable' closure'; the PR above: 'the `@Sendable` block `performAndWait` takes'), `NSManagedObjectID` is Sendable, `NSManagedObject` is not (Steps/probes/modules/CoreDataSim.swift declares them the same)
// shape: (round 7, input 12) a managed object of one context captured by the block of another; the fix carries its objectID into the block and fetches the object in the block's own context
final class NSManagedObjectContext {
    var objects: [Int: NSManagedObject] = [:]
    func object(with id: NSManagedObjectID) -> NSManagedObject {
        if let known = objects[id.raw] { return known }
        let made = Note(objectID: id)
        objects[id.raw] = made
        return made
    }
    func save() throws {}
}
struct NSManagedObjectID: Hashable, Sendable { let raw: Int }
class NSManagedObject {
    let objectID: NSManagedObjectID
    init(objectID: NSManagedObjectID) { self.objectID = objectID }
}
final class NSPersistentContainer {
    func performBackgroundTask(_ block: @escaping @Sendable (NSManagedObjectContext) -> Void) {
        block(NSManagedObjectContext())
    }
}
class Note: NSManagedObject {
    var isArchived = false
}

#if FIXED
final class NoteSyncService {
    let container = NSPersistentContainer()
    func archive(_ note: Note) {
        let id = note.objectID
        container.performBackgroundTask { context in
            guard let note = context.object(with: id) as? Note else { return }
            note.isArchived = true
            try? context.save()
            print("archived: \(note.isArchived)")
        }
    }
}
@main enum Run {
    static func main() { NoteSyncService().archive(Note(objectID: NSManagedObjectID(raw: 1))) }
}
#else
final class NoteSyncService {
    let container = NSPersistentContainer()
    func archive(_ note: Note) {
        container.performBackgroundTask { context in
            note.isArchived = true
            try? context.save()
        }
    }
}
#endif
