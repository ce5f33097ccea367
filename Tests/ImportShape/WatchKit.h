// The part of WatchKit the stages use, as an Objective-C framework header (see
// HealthKit.h). Pages under developer.apple.com/documentation/watchkit/.

#import "ObjCBase.h"

#pragma clang assume_nonnull begin

// wkextension/applicationstate
typedef NS_ENUM(NSInteger, WKApplicationState) {
    WKApplicationStateActive,
    WKApplicationStateInactive,
    WKApplicationStateBackground,
};

// wkrefreshbackgroundtask: `class WKRefreshBackgroundTask`, no actor; Sendable for Swift
// (NS_SWIFT_SENDABLE in the header, not shown on the page).
// wkrefreshbackgroundtask/settaskcompletedwithsnapshot(_:)
// wkrefreshbackgroundtask/expirationhandler: `(() -> Void)?`, not `@Sendable`.
NS_SWIFT_SENDABLE
@interface WKRefreshBackgroundTask : NSObject
- (void)setTaskCompletedWithSnapshot:(BOOL)refreshSnapshot;
@property (nonatomic, copy, nullable) void (^expirationHandler)(void);
@end

// wkapplicationrefreshbackgroundtask
NS_SWIFT_SENDABLE
@interface WKApplicationRefreshBackgroundTask : WKRefreshBackgroundTask
@end

// wkextensiondelegate: `@MainActor protocol WKExtensionDelegate : NSObjectProtocol`, every
// method optional.
NS_SWIFT_UI_ACTOR
@protocol WKExtensionDelegate <NSObject>
@optional
- (void)applicationDidFinishLaunching;
- (void)applicationDidBecomeActive;
- (void)applicationWillResignActive;
- (void)applicationDidEnterBackground;
- (void)applicationWillEnterForeground;
- (void)handleBackgroundTasks:(NSSet<WKRefreshBackgroundTask *> *)backgroundTasks NS_SWIFT_NAME(handle(_:));
@end

// wkextension: `@MainActor class WKExtension`.
// wkextension/shared(): a class method returning the app's one extension object.
// wkextension/schedulebackgroundrefresh(withpreferreddate:userinfo:scheduledcompletion:):
// the completion is `@escaping ((any Error)?) -> Void`, not `@Sendable` (the method is
// main-actor isolated, so SE-0463 leaves its handler alone).
NS_SWIFT_UI_ACTOR
@interface WKExtension : NSObject
+ (WKExtension *)sharedExtension NS_SWIFT_NAME(shared());
@property (nonatomic, readonly) WKApplicationState applicationState;
- (void)scheduleBackgroundRefreshWithPreferredDate:(NSDate *)preferredFireDate
                                          userInfo:(nullable id<NSSecureCoding, NSObject>)userInfo
                               scheduledCompletion:(void (^)(NSError * _Nullable error))scheduledCompletion;
@end

#pragma clang assume_nonnull end
