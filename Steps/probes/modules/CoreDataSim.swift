// probe: -swift-version 5
// A simulated Core Data, small, for the field lesson on contexts and isolation (Linux has
// no Core Data). Declared as the Objective-C import reaches Swift (`@preconcurrency`), and
// built in the Swift 5 mode as a framework would be. What it keeps: a managed object
// belongs to its context, and its context to one queue (the main queue, or a private
// queue of its own); `perform` runs a block there; object IDs cross queues and objects do
// not; each use of an object or a context off its queue is a violation, recorded for a
// test to read, and a trap when `ConcurrencyDebug.traps` is on (as Core Data's objects
// trap under `-com.apple.CoreData.ConcurrencyDebug 1`). Steps/FIDELITY.md lists the rest.
// Kit/Workbench/Exercises/field-context-fetch/start/CoreDataSim.swift is a copy: keep
// the two the same.
import Dispatch
import Foundation

/// Where violations are recorded; `traps` makes each one stop the process instead.
public enum ConcurrencyDebug {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var seen: [String] = []
    nonisolated(unsafe) private static var trapping = false

    /// Off by default, as without the launch argument: a violation is recorded and the
    /// call goes on.
    public static var traps: Bool {
        get { lock.withLock { trapping } }
        set { lock.withLock { trapping = newValue } }
    }

    /// Every violation so far, in order: what was used, and where.
    public static var violations: [String] { lock.withLock { seen } }

    public static func reset() { lock.withLock { seen = [] } }

    static func record(_ what: String) {
        let trap = lock.withLock { () -> Bool in
            seen.append(what)
            return trapping
        }
        if trap { fatalError("CoreData concurrency violation: \(what)") }
    }
}

/// Identifies an object across contexts and queues (Sendable, as Apple's is).
public struct NSManagedObjectID: Hashable, Sendable, CustomStringConvertible {
    let number: Int
    public let entityName: String
    public var description: String { "\(entityName)/p\(number)" }
}

/// One row of the store: attribute values, all `Sendable`.
public typealias ManagedValues = [String: any Sendable]

/// A managed object: usable only on its context's queue. `objectID` is the exception.
@preconcurrency
open class NSManagedObject {
    public let objectID: NSManagedObjectID
    public private(set) weak var managedObjectContext: NSManagedObjectContext?
    /// The queue of the context it was registered in, kept by the object itself: a use off
    /// that queue is a violation whether or not the context is still alive.
    private let owner: QueueOwner
    private var values: ManagedValues

    init(id: NSManagedObjectID, values: ManagedValues, context: NSManagedObjectContext) {
        self.objectID = id
        self.values = values
        self.managedObjectContext = context
        owner = context.owner
    }

    @preconcurrency public func value(forKey key: String) -> Any? {
        owner.check("read '\(key)' of \(objectID)")
        return values[key]
    }

    @preconcurrency public func setValue(_ value: (any Sendable)?, forKey key: String) {
        owner.check("write '\(key)' of \(objectID)")
        values[key] = value
        managedObjectContext?.changed(self)
    }

    var snapshot: ManagedValues { values }
}

/// What to fetch: one entity's objects, optionally only those a filter keeps, in a key's
/// order. (Apple's takes an `NSPredicate` and sort descriptors.)
public struct NSFetchRequest: Sendable {
    public let entityName: String
    public var filter: (@Sendable (ManagedValues) -> Bool)?
    public var sortKey: String?
    public init(entityName: String) { self.entityName = entityName }
}

/// Creates objects in a context, as `NSEntityDescription.insertNewObject` does.
public enum NSEntityDescription {
    @preconcurrency public static func insertNewObject(forEntityName name: String,
                                                       into context: NSManagedObjectContext) -> NSManagedObject {
        context.insert(entityName: name)
    }
}

/// The store and its contexts' coordinator: rows by object ID, behind a lock.
@preconcurrency
public final class NSPersistentContainer: @unchecked Sendable {
    public let name: String
    private let lock = NSLock()
    private var rows: [NSManagedObjectID: ManagedValues] = [:]
    private var nextNumber = 1

    /// The main-queue context, for the UI.
    public private(set) lazy var viewContext = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType, container: self)

    public init(name: String) { self.name = name }

    /// A new private-queue context.
    @preconcurrency public func newBackgroundContext() -> NSManagedObjectContext {
        NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType, container: self)
    }

    /// Runs `block` on a new private-queue context's queue.
    @preconcurrency public func performBackgroundTask<T>(_ block: @escaping (NSManagedObjectContext) throws -> T) async throws -> T {
        let context = newBackgroundContext()
        return try await context.performUnchecked { try block(context) }
    }

    /// Called on the fetching thread as each fetch is about to read the store, outside the
    /// store's lock: a test holds a fetch here, as a big store holds Core Data's fetch (nil:
    /// none). The kit's, for tests.
    public var beforeRead: (@Sendable () -> Void)? {
        get { lock.withLock { hold } }
        set { lock.withLock { hold = newValue } }
    }
    private var hold: (@Sendable () -> Void)?

    /// Every fetch, in order: the context it ran in and whether it ran on the main queue.
    public var fetchLog: [(context: NSManagedObjectContext.ConcurrencyType, onMain: Bool)] { lock.withLock { log } }
    private var log: [(context: NSManagedObjectContext.ConcurrencyType, onMain: Bool)] = []

    func newID(_ entityName: String) -> NSManagedObjectID {
        lock.withLock {
            defer { nextNumber += 1 }
            return NSManagedObjectID(number: nextNumber, entityName: entityName)
        }
    }

    func write(_ changes: [NSManagedObjectID: ManagedValues]) { lock.withLock { rows.merge(changes) { $1 } } }

    func read(_ request: NSFetchRequest, by type: NSManagedObjectContext.ConcurrencyType) -> [(NSManagedObjectID, ManagedValues)] {
        let onMain = NSManagedObjectContext.onMainQueue
        beforeRead?()
        return lock.withLock {
            log.append((type, onMain))
            var found = rows.filter { $0.key.entityName == request.entityName && (request.filter?($0.value) ?? true) }
                .map { ($0.key, $0.value) }
            found.sort { $0.0.number < $1.0.number }
            if let key = request.sortKey {
                found.sort { String(describing: $0.1[key] ?? "") < String(describing: $1.1[key] ?? "") }
            }
            return found
        }
    }

    func row(_ id: NSManagedObjectID) -> ManagedValues? { lock.withLock { rows[id] } }
}

/// A context: its objects, bound to its queue.
@preconcurrency
public final class NSManagedObjectContext: @unchecked Sendable {
    public enum ConcurrencyType: Sendable { case mainQueueConcurrencyType, privateQueueConcurrencyType }
    public enum ScheduledTaskType: Sendable { case immediate, enqueued }

    public let concurrencyType: ConcurrencyType
    private let container: NSPersistentContainer
    private let queue: DispatchQueue
    let owner: QueueOwner
    // Touched only on the context's queue (each use is checked first).
    private var registered: [NSManagedObjectID: NSManagedObject] = [:]
    private var changes: Set<NSManagedObjectID> = []

    static let key = DispatchSpecificKey<ObjectIdentifier>()
    private static let mainKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var onMainQueue: Bool { DispatchQueue.getSpecific(key: mainKey) == true }

    init(concurrencyType: ConcurrencyType, container: NSPersistentContainer) {
        self.concurrencyType = concurrencyType
        self.container = container
        _ = Self.mainKey
        owner = QueueOwner(concurrencyType)
        if concurrencyType == .mainQueueConcurrencyType {
            queue = .main
        } else {
            queue = DispatchQueue(label: "CoreDataSim.context")
            queue.setSpecific(key: Self.key, value: ObjectIdentifier(owner.token))
        }
    }

    /// Whether the caller is on this context's queue.
    public var isOnItsQueue: Bool { owner.isCurrent }

    func check(_ what: String) { owner.check(what) }

    // MARK: perform

    /// Runs `block` on the context's queue and returns its result.
    @preconcurrency public func perform<T>(schedule: ScheduledTaskType = .immediate,
                                           _ block: @escaping @Sendable () -> T) async -> T {
        // The block cannot throw, so neither can this.
        try! await performUnchecked(schedule: schedule, block)
    }

    /// Runs `block` on the context's queue and returns its result or its error.
    @preconcurrency public func perform<T>(schedule: ScheduledTaskType = .immediate,
                                           _ block: @escaping @Sendable () throws -> T) async throws -> T {
        try await performUnchecked(schedule: schedule, block)
    }

    /// Runs `block` later on the context's queue.
    @preconcurrency public func perform(_ block: @escaping @Sendable () -> Void) {
        queue.async(execute: block)
    }

    /// Runs `block` on the context's queue and waits for it; at once when already there.
    @preconcurrency public func performAndWait<T>(_ block: @Sendable () throws -> T) rethrows -> T {
        if isOnItsQueue { return try block() }
        return try queue.sync(execute: block)
    }

    func performUnchecked<T>(schedule: ScheduledTaskType = .immediate, _ block: @escaping () throws -> T) async throws -> T {
        if schedule == .immediate && isOnItsQueue { return try block() }
        // The block and its result only travel to the queue and back, one at a time.
        let box = ResultBox<T>(block)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async {
                box.run()
                done.resume()
            }
        }
        return try box.take()
    }

    // MARK: objects

    /// The objects the request matches, registered in this context.
    @preconcurrency public func fetch(_ request: NSFetchRequest) throws -> [NSManagedObject] {
        check("fetch of \(request.entityName)")
        return container.read(request, by: concurrencyType).map { id, values in
            registered[id] ?? register(NSManagedObject(id: id, values: values, context: self))
        }
    }

    /// The object with this ID in this context (Apple's returns a fault for an unknown
    /// ID; this one reads the store at once, and traps for an ID it has never stored).
    @preconcurrency public func object(with objectID: NSManagedObjectID) -> NSManagedObject {
        check("object(with: \(objectID))")
        if let known = registered[objectID] { return known }
        guard let values = container.row(objectID) else { fatalError("CoreDataSim: no object \(objectID) in the store") }
        return register(NSManagedObject(id: objectID, values: values, context: self))
    }

    /// The object with this ID, or an error when the store has none.
    @preconcurrency public func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject {
        check("existingObject(with: \(objectID))")
        if let known = registered[objectID] { return known }
        guard let values = container.row(objectID) else { throw NoSuchObject(objectID: objectID) }
        return register(NSManagedObject(id: objectID, values: values, context: self))
    }

    /// Writes this context's changes to the store, where other contexts' fetches see them.
    @preconcurrency public func save() throws {
        check("save")
        var rows: [NSManagedObjectID: ManagedValues] = [:]
        for id in changes { rows[id] = registered[id]?.snapshot }
        container.write(rows)
        changes = []
    }

    @preconcurrency public var hasChanges: Bool {
        check("hasChanges")
        return !changes.isEmpty
    }

    func insert(entityName: String) -> NSManagedObject {
        check("insert of \(entityName)")
        let object = register(NSManagedObject(id: container.newID(entityName), values: [:], context: self))
        changes.insert(object.objectID)
        return object
    }

    func changed(_ object: NSManagedObject) { changes.insert(object.objectID) }

    private func register(_ object: NSManagedObject) -> NSManagedObject {
        registered[object.objectID] = object
        return object
    }

    /// A serial executor over this context's queue, for an actor whose code must run where
    /// the context's objects live: the shape of SwiftData's `@ModelActor`, whose
    /// `DefaultSerialModelExecutor` runs the actor on its model context's queue.
    public var executor: ContextExecutor { ContextExecutor(queue: queue) }
}

/// A context's queue, as its objects remember it: the main queue, or the private queue
/// marked with `token` (kept alive by every object that remembers it).
final class QueueOwner: Sendable {
    final class Token: Sendable {}
    let concurrencyType: NSManagedObjectContext.ConcurrencyType
    let token = Token()

    init(_ concurrencyType: NSManagedObjectContext.ConcurrencyType) { self.concurrencyType = concurrencyType }

    var isCurrent: Bool {
        concurrencyType == .mainQueueConcurrencyType ? NSManagedObjectContext.onMainQueue
            : DispatchQueue.getSpecific(key: NSManagedObjectContext.key) == ObjectIdentifier(token)
    }

    func check(_ what: String) {
        if !isCurrent {
            let kind = concurrencyType == .mainQueueConcurrencyType ? "a main-queue context" : "a private-queue context"
            ConcurrencyDebug.record("\(what), in \(kind), off its queue")
        }
    }
}

/// Runs an actor's jobs on a context's queue (see `NSManagedObjectContext.executor`).
public final class ContextExecutor: SerialExecutor {
    private let queue: DispatchQueue
    init(queue: DispatchQueue) { self.queue = queue }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}

/// Carries a block to the context's queue and its result back to the awaiting caller.
private final class ResultBox<T>: @unchecked Sendable {
    private let block: () throws -> T
    private var result: Result<T, any Error>?
    init(_ block: @escaping () throws -> T) { self.block = block }
    func run() { result = Result { try block() } }
    func take() throws -> T { try result!.get() }
}

/// `existingObject(with:)` for an ID the store has never held.
public struct NoSuchObject: Error {
    public let objectID: NSManagedObjectID
}
