// The part of ClockKit the stages use, as an Objective-C framework header (see
// HealthKit.h). Pages under developer.apple.com/documentation/clockkit/.

#import "ObjCBase.h"

#pragma clang assume_nonnull begin

// clkcomplication (not NS_SWIFT_SENDABLE: objc2-clock-kit's bindings, generated from the
// header, give it no Send/Sync), clktextprovider, clksimpletextprovider, clkcomplicationtemplate,
// clkcomplicationtemplatemodularsmallstacktext, clkcomplicationtimelineentry: plain
// classes, not Sendable.
@interface CLKComplication : NSObject
@end

@interface CLKTextProvider : NSObject
@end

// clksimpletextprovider/init(text:)
@interface CLKSimpleTextProvider : CLKTextProvider
- (instancetype)initWithText:(NSString *)text;
@end

@interface CLKComplicationTemplate : NSObject
@end

@interface CLKComplicationTemplateModularSmallStackText : CLKComplicationTemplate
- (instancetype)initWithLine1TextProvider:(CLKTextProvider *)line1TextProvider
                        line2TextProvider:(CLKTextProvider *)line2TextProvider;
@end

// clkcomplicationtimelineentry/init(date:complicationtemplate:)
@interface CLKComplicationTimelineEntry : NSObject
- (instancetype)initWithDate:(NSDate *)date complicationTemplate:(CLKComplicationTemplate *)complicationTemplate;
@end

// clkcomplicationdatasource: `@MainActor protocol CLKComplicationDataSource :
// NSObjectProtocol`.
// clkcomplicationdatasource/getcurrenttimelineentry(for:withhandler:): required; the
// handler is `@escaping (CLKComplicationTimelineEntry?) -> Void`, not `@Sendable` (the
// protocol is main-actor isolated). Swift also imports it as `currentTimelineEntry(for:)
// async` (the form the WWDC21 talk's data source implements), and a data source implements
// either. The importer guesses an async form only for handlers named like `completion`, so
// the header says it: NS_SWIFT_ASYNC.
NS_SWIFT_UI_ACTOR
@protocol CLKComplicationDataSource <NSObject>
- (void)getCurrentTimelineEntryForComplication:(CLKComplication *)complication
                                   withHandler:(void (^)(CLKComplicationTimelineEntry * _Nullable))handler
    NS_SWIFT_ASYNC(2);
@end

// clkcomplicationserver: `class CLKComplicationServer`, no actor, not Sendable.
// clkcomplicationserver/sharedinstance(), clkcomplicationserver/reloadtimeline(for:)
@interface CLKComplicationServer : NSObject
+ (instancetype)sharedInstance;
- (void)reloadTimelineForComplication:(CLKComplication *)complication;
@end

#pragma clang assume_nonnull end
