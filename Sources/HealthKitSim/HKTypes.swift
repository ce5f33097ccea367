import Foundation

// The value types of the simulated HealthKit, shaped like the real ones. Where the real
// SDK uses Objective-C class hierarchies or `NSPredicate`, the simulation keeps the names
// and call shapes but uses small Swift types. Every declaration is `@preconcurrency`, as
// every declaration Swift imports from Objective-C is.

/// A kind of health data. The simulation knows one: dietary caffeine.
@preconcurrency
public struct HKQuantityType: Hashable, Sendable, CustomStringConvertible {
    public let identifier: HKQuantityTypeIdentifier

    @preconcurrency
    public static func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        HKQuantityType(identifier: identifier)
    }

    public var description: String { identifier.rawValue }
}

/// The real SDK has a class hierarchy; every type the app uses here is a quantity type.
public typealias HKObjectType = HKQuantityType
public typealias HKSampleType = HKQuantityType

@preconcurrency
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    @preconcurrency
    public init(rawValue: String) { self.rawValue = rawValue }

    // Computed, like every constant the app reads from the simulators: on Linux TSan treats
    // an access to a lazily initialised global as a lock (see `Unseen`).
    public static var dietaryCaffeine: HKQuantityTypeIdentifier { .init(rawValue: "HKQuantityTypeIdentifierDietaryCaffeine") }
}

@preconcurrency
public enum HKMetricPrefix: Sendable {
    case none, milli
}

@preconcurrency
public struct HKUnit: Hashable, Sendable {
    /// Grams per unit.
    let grams: Double

    @preconcurrency
    public static func gramUnit(with prefix: HKMetricPrefix) -> HKUnit {
        switch prefix {
        case .none: HKUnit(grams: 1)
        case .milli: HKUnit(grams: 0.001)
        }
    }

    @preconcurrency
    public static func gram() -> HKUnit { gramUnit(with: .none) }
}

@preconcurrency
public struct HKQuantity: Hashable, Sendable {
    private let grams: Double

    @preconcurrency
    public init(unit: HKUnit, doubleValue value: Double) { grams = value * unit.grams }

    @preconcurrency
    public func doubleValue(for unit: HKUnit) -> Double { grams / unit.grams }
}

/// Who wrote a sample: this app, or another one (a test playing another app).
@preconcurrency
public struct HKSource: Hashable, Sendable {
    public let name: String
    public let bundleIdentifier: String

    @preconcurrency
    public init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
    }

    /// The app being simulated.
    @preconcurrency
    public static func `default`() -> HKSource {
        HKSource(name: "Coffee Tracker", bundleIdentifier: "com.example.CoffeeTracker")
    }
}

public var HKMetadataKeySyncIdentifier: String { "HKMetadataKeySyncIdentifier" }
public var HKMetadataKeySyncVersion: String { "HKMetadataKeySyncVersion" }

/// Which app, in which version, wrote an object. The simulation keeps the source only.
@preconcurrency
public struct HKSourceRevision: Hashable, Sendable {
    public let source: HKSource
}

/// Anything stored in HealthKit.
///
/// `@unchecked Sendable` is sound: every stored property is a `let`, and the metadata
/// values are property-list values (strings, numbers, dates) that nothing mutates; the
/// class exists (rather than a struct) only for the real SDK's hierarchy and `as?` casts.
@preconcurrency
public class HKObject: @unchecked Sendable {
    public let uuid: UUID
    public let metadata: [String: Any]?
    /// Set by the store when the object is saved; other apps' samples carry their source.
    public let sourceRevision: HKSourceRevision

    init(uuid: UUID, metadata: [String: Any]?, source: HKSource) {
        self.uuid = uuid
        self.metadata = metadata
        sourceRevision = HKSourceRevision(source: source)
    }
}

@preconcurrency
public class HKSample: HKObject, @unchecked Sendable {
    public let sampleType: HKSampleType
    public let startDate: Date
    public let endDate: Date

    init(type: HKSampleType, start: Date, end: Date, metadata: [String: Any]?, uuid: UUID, source: HKSource) {
        sampleType = type
        startDate = start
        endDate = end
        super.init(uuid: uuid, metadata: metadata, source: source)
    }
}

@preconcurrency
public final class HKQuantitySample: HKSample, @unchecked Sendable {
    public let quantity: HKQuantity
    public var quantityType: HKQuantityType { sampleType }

    /// What an app creates to save: HealthKit assigns the UUID, the source is the app.
    @preconcurrency
    public convenience init(
        type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date,
        metadata: [String: Any]? = nil
    ) {
        self.init(type: type, quantity: quantity, start: start, end: end, metadata: metadata,
                  uuid: UUID(), source: .default())
    }

    /// What a test creates to play another app.
    @preconcurrency
    public init(
        type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date,
        metadata: [String: Any]? = nil, uuid: UUID, source: HKSource
    ) {
        self.quantity = quantity
        super.init(type: type, start: start, end: end, metadata: metadata, uuid: uuid, source: source)
    }

    /// The database's own copy, as HealthKit keeps what it stores rather than the app's object.
    func copy() -> HKQuantitySample {
        HKQuantitySample(
            type: sampleType, quantity: quantity, start: startDate, end: endDate,
            metadata: metadata.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key, $0.value) }) },
            uuid: uuid, source: sourceRevision.source)
    }
}

/// What an anchored query reports for a sample deleted since its anchor: its UUID, and
/// the metadata it was saved with (so an app finds its own objects by sync identifier).
@preconcurrency
public final class HKDeletedObject: @unchecked Sendable {
    // `@unchecked Sendable` is sound for the same reason as `HKObject`'s.
    public let uuid: UUID
    public let metadata: [String: Any]?

    init(uuid: UUID, metadata: [String: Any]?) {
        self.uuid = uuid
        self.metadata = metadata
    }
}

/// A position in the store's history of changes. `NSSecureCoding`, as in HealthKit, so
/// that an app can keep it across launches (with `NSKeyedArchiver`).
@preconcurrency
public final class HKQueryAnchor: NSObject, NSSecureCoding, Sendable {
    let change: Int
    init(change: Int) { self.change = change }

    public static var supportsSecureCoding: Bool { true }

    @preconcurrency
    public func encode(with coder: NSCoder) {
        coder.encode(change, forKey: "change")
    }

    @preconcurrency
    public init?(coder: NSCoder) {
        change = coder.decodeInteger(forKey: "change")
    }

    public override var description: String { "anchor#\(change)" }
}

@preconcurrency
public enum HKAuthorizationStatus: Int, Sendable {
    case notDetermined, sharingDenied, sharingAuthorized
}

@preconcurrency
public struct HKError: Error, Equatable, Sendable, CustomStringConvertible {
    @preconcurrency
    public enum Code: Sendable {
        case errorHealthDataUnavailable
        case errorAuthorizationDenied
        case errorDatabaseInaccessible
        case errorInvalidArgument
    }

    public let code: Code

    @preconcurrency
    public init(_ code: Code) { self.code = code }

    public var description: String {
        switch code {
        case .errorHealthDataUnavailable: "Health data is unavailable on this device"
        case .errorAuthorizationDenied: "Not authorized to write this data"
        case .errorDatabaseInaccessible: "The Health database is inaccessible (device locked)"
        case .errorInvalidArgument: "Invalid argument (a sync identifier needs a sync version)"
        }
    }
}
