/// The stand-in for Combine's `ObservableObject`: a class whose `@Published` properties
/// the screen shows. A change to one of them asks the runtime to draw the screen again.
public protocol ObservableObject: AnyObject {}

/// The stand-in for Combine's `@Published`, for the properties of an `ObservableObject`.
///
/// As in Combine, the change is announced before the new value is stored (`objectWillChange`
/// fires in `willSet`), on whatever thread the app sets the property; here the announcement
/// asks the running app's runtime to render its screen (`WKExtension.publisherWillChange()`).
/// On the main thread the runtime draws at the end of the current turn of the main queue,
/// as SwiftUI does; from another thread it draws at its own next turn on main, and counts
/// the change in `RuntimeRecord.offMainPublishes` (SwiftUI warns: "Publishing changes from
/// background threads is not allowed").
///
/// The value lives in a box of its own, so that the app's reads and writes of it are made
/// by this module's code, which ThreadSanitizer sees (a key path is applied by the Swift
/// runtime, which it does not). The accessors are transparent: their bodies run as part of
/// the app's property accessors, so a race on a published property is reported in the
/// app's own code.
@propertyWrapper
public struct Published<Value> {
    @usableFromInline
    final class Box {
        @usableFromInline var value: Value

        @usableFromInline init(_ value: Value) { self.value = value }
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
            object[keyPath: storageKeyPath].box.value
        }
        @_transparent set {
            WKExtension.publisherWillChange()
            object[keyPath: storageKeyPath].box.value = newValue
        }
    }
}
