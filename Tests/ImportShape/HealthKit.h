// The part of HealthKit the stages use, declared as an Objective-C framework header so
// that the Clang importer, not the kit, decides how Swift sees it. Each annotation is
// the one Apple's documentation shows for the Swift declaration; the page is named above
// each declaration (developer.apple.com/documentation/healthkit/...).

#import "ObjCBase.h"

#pragma clang assume_nonnull begin

// hkobjecttype, hksampletype, hkquantitytype: plain classes. Whether Apple marks them
// Sendable is not checked here; the learner file never sends one.
@interface HKObjectType : NSObject
@end

@interface HKSampleType : HKObjectType
@end

@interface HKQuantityType : HKSampleType
@end

// hkobject, hksample, hkquantitysample: immutable, and Sendable for Swift.
NS_SWIFT_SENDABLE
@interface HKObject : NSObject
@end

NS_SWIFT_SENDABLE
@interface HKSample : HKObject
@property (readonly, strong) HKSampleType *sampleType;
@property (readonly, strong) NSDate *startDate;
@property (readonly, strong) NSDate *endDate;
@end

NS_SWIFT_SENDABLE
@interface HKQuantitySample : HKSample
@end

// hkdeletedobject: Sendable.
NS_SWIFT_SENDABLE
@interface HKDeletedObject : NSObject
@end

// hkqueryanchor: Sendable, and NSSecureCoding so that an app can archive it.
NS_SWIFT_SENDABLE
@interface HKQueryAnchor : NSObject <NSSecureCoding>
@end

// hkquery: Sendable.
NS_SWIFT_SENDABLE
@interface HKQuery : NSObject
@end

// hkanchoredobjectquery/init(type:predicate:anchor:limit:resultshandler:): the results
// handler is `@escaping @Sendable`. An initializer has no async form, so only an explicit
// annotation makes the handler Sendable.
// hkanchoredobjectquery/updatehandler: `(@Sendable (...) -> Void)?`, settable.
NS_SWIFT_SENDABLE
@interface HKAnchoredObjectQuery : HKQuery

- (instancetype)initWithType:(HKSampleType *)type
                   predicate:(nullable NSPredicate *)predicate
                      anchor:(nullable HKQueryAnchor *)anchor
                       limit:(NSUInteger)limit
              resultsHandler:(void (^ NS_SWIFT_SENDABLE)(HKAnchoredObjectQuery *query,
                                                         NSArray<HKSample *> * _Nullable sampleObjects,
                                                         NSArray<HKDeletedObject *> * _Nullable deletedObjects,
                                                         HKQueryAnchor * _Nullable newAnchor,
                                                         NSError * _Nullable error))handler;

@property (nonatomic, copy, nullable) void (^ NS_SWIFT_SENDABLE updateHandler)(HKAnchoredObjectQuery *query,
                                                                             NSArray<HKSample *> * _Nullable addedObjects,
                                                                             NSArray<HKDeletedObject *> * _Nullable deletedObjects,
                                                                             HKQueryAnchor * _Nullable newAnchor,
                                                                             NSError * _Nullable error);
@end

// hkobjectquerynolimit: an `Int` constant in Swift.
extern const NSUInteger HKObjectQueryNoLimit;

// hkhealthstore: Sendable, no actor. Its completion handlers are `@escaping @Sendable`
// with no annotation of their own: the importer makes the handler of an async-importable
// method of a class with no global actor Sendable (SE-0463), and adds the async form
// (hkhealthstore/save(_:) is `async throws`).
NS_SWIFT_SENDABLE
@interface HKHealthStore : NSObject

// hkhealthstore/ishealthdataavailable(): a class method.
+ (BOOL)isHealthDataAvailable;

// hkhealthstore/requestauthorization(toshare:read:completion:)
- (void)requestAuthorizationToShareTypes:(nullable NSSet<HKSampleType *> *)typesToShare
                               readTypes:(nullable NSSet<HKObjectType *> *)typesToRead
                              completion:(void (^)(BOOL success, NSError * _Nullable error))completion
    NS_SWIFT_ASYNC_THROWS_ON_FALSE(1);

// hkhealthstore/save(_:withcompletion:)-6fmtg
- (void)saveObject:(HKObject *)object
    withCompletion:(void (^)(BOOL success, NSError * _Nullable error))completion
    NS_SWIFT_ASYNC_THROWS_ON_FALSE(1);

// hkhealthstore/execute(_:), hkhealthstore/stop(_:)
- (void)executeQuery:(HKQuery *)query;
- (void)stopQuery:(HKQuery *)query;

@end

#pragma clang assume_nonnull end
