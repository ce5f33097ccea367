import Foundation

/// The app's side of the life cycle, as watchOS calls it: always on the main thread.
/// `@MainActor` and refining `NSObjectProtocol`, as Apple declares it, so a conforming
/// delegate is an `NSObject` subclass, main-actor isolated by its conformance. Every method
/// is optional in WatchKit; here each has a default.
@preconcurrency @MainActor
public protocol WKExtensionDelegate: NSObjectProtocol {
    @preconcurrency func applicationDidFinishLaunching()
    @preconcurrency func applicationDidBecomeActive()
    @preconcurrency func applicationWillResignActive()
    @preconcurrency func applicationDidEnterBackground()
    @preconcurrency func applicationWillEnterForeground()
    @preconcurrency func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>)
}

extension WKExtensionDelegate {
    public func applicationDidFinishLaunching() {}
    public func applicationDidBecomeActive() {}
    public func applicationWillResignActive() {}
    public func applicationDidEnterBackground() {}
    public func applicationWillEnterForeground() {}
    public func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
        for task in backgroundTasks { task.setTaskCompletedWithSnapshot(false) }
    }
}

@preconcurrency
public enum WKApplicationState: Sendable, CustomStringConvertible {
    case active, inactive, background

    public var description: String {
        switch self {
        case .active: "active"
        case .inactive: "inactive"
        case .background: "background"
        }
    }
}

/// What an app hands the runtime at launch, as `@main`, its delegate adaptor and its
/// Info.plist do on watchOS. The complication data source is a class, not an instance: as
/// ClockKit does with the class named by `CLKComplicationPrincipalClass`, the runtime
/// makes it, with `init()`, so it cannot be handed the app's model.
@MainActor
public struct WatchScene {
    public let delegate: any WKExtensionDelegate
    public let complicationDataSourceClass: any CLKComplicationDataSource.Type
    public let rootView: any WKView

    public init(
        delegate: any WKExtensionDelegate, complicationDataSourceClass: any CLKComplicationDataSource.Type,
        rootView: any WKView
    ) {
        self.delegate = delegate
        self.complicationDataSourceClass = complicationDataSourceClass
        self.rootView = rootView
    }
}

/// The app's entry type: every stage exports one, with the same name, for the runtime to launch.
public protocol WatchApp {
    @MainActor static func makeScene(for watchExtension: WKExtension) -> WatchScene
}

/// The names watchOS 7 gave the extension object and its delegate (the WWDC24 sample uses
/// them). WatchKit keeps both pairs; here each pair is one type.
public typealias WKApplication = WKExtension
public typealias WKApplicationDelegate = WKExtensionDelegate
