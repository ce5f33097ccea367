/// The stand-in for Combine's `ObservableObject`: a class whose `@Published` properties
/// the screen shows. A change to one of them asks the runtime to draw the screen again.
public protocol ObservableObject: AnyObject {}

/// The stand-in for Combine's `@Published`, for the properties of an `ObservableObject`.
///
/// As in Combine, the change is announced before the new value is stored (`objectWillChange`
/// fires in `willSet`), on whatever thread the app sets the property; here the announcement
/// asks the running app's runtime to render its screen (`PublishedChanges.willChange(in:box:)`).
/// On the main thread the runtime draws at the end of the current turn of the main queue,
/// as SwiftUI does; from another thread it draws at its own next turn on main, and counts
/// the change in `RuntimeRecord.offMainPublishes` (SwiftUI warns: "Publishing changes from
/// background threads is not allowed").
///
/// Made for ThreadSanitizer to judge the app, and nothing else:
/// - The accessors are transparent: their bodies become part of the app's own property
///   accessors (`CoffeeData.healthAccess.getter`), so a race is reported in the app's code,
///   and their key paths are resolved at compile time, not applied by the Swift runtime
///   (which ThreadSanitizer does not see into).
/// - The value lives in a box. ThreadSanitizer does not see a copy of an array or a string
///   made by generic code (the compiler's copy helpers are not instrumented), so the value
///   is copied in and out by the box (`load()`, `store(_:)`), and every read and write also
///   reads or writes the box's `stores`, a plain integer, in the app's accessor: a race on
///   the value is reported once, as a race on `stores` ("of size 8"), whatever its type.
@propertyWrapper
public struct Published<Value> {
    @usableFromInline
    final class Box {
        @usableFromInline var value: Value
        /// How many times a value was stored: the access ThreadSanitizer sees (see above).
        @usableFromInline var stores = 0
        /// Where a change is announced, taken when the model is made (see `PublishedChanges`).
        @usableFromInline let changes = PublishedChanges.shared

        @usableFromInline init(_ value: Value) { self.value = value }

        @usableFromInline func load() -> Value { value }

        @usableFromInline func store(_ newValue: Value) { value = newValue }
    }

    @usableFromInline let box: Box

    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    /// How Swift reaches a published property of `object`: through its enclosing instance,
    /// so the setter knows a change is coming before it stores the new value.
    public static subscript<Object: ObservableObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Self>
    ) -> Value {
        @_transparent get {
            let box = object[keyPath: storageKeyPath].box
            precondition(box.stores >= 0)
            return box.load()
        }
        @_transparent set {
            let box = object[keyPath: storageKeyPath].box
            box.changes.willChange(in: object, box: box)
            box.stores = box.stores &+ 1
            box.store(newValue)
            box.changes.didChange()
        }
    }
}

/// How the timeline names a published property: the property whose storage holds this box.
protocol PublishedStorage {
    var storageBox: AnyObject { get }
}

extension Published: PublishedStorage {
    var storageBox: AnyObject { box }
}
