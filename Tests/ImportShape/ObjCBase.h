// The little of Foundation and the Objective-C runtime that the SDK headers here need.
// On Linux there is no Objective-C runtime module, so these are minimal stand-ins:
// NSObject, NSError, NSString, NSDate, NSSet, NSArray and NSPredicate stand in for Foundation's
// classes of the same names, and declare nothing but what the headers refer to. Without
// Foundation's Swift overlay nothing bridges: `NSSet *` imports as `NSSet`, not `Set`, and
// `NSError *` as `NSError`, not `any Error`. NSDate is renamed `Date` for Swift, so that a
// learner file can name a date the same way against the simulators and against these
// headers (Foundation's `Date` is a different type, which does not matter here).

#pragma clang assume_nonnull begin

// The macros of Apple's headers that matter to Swift concurrency, spelled as the
// attributes they expand to.
#define NS_SWIFT_SENDABLE __attribute__((swift_attr("@Sendable")))
#define NS_SWIFT_UI_ACTOR __attribute__((swift_attr("@UIActor")))
#define NS_SWIFT_NAME(name) __attribute__((swift_name(#name)))
#define NS_ENUM(type, name) enum __attribute__((enum_extensibility(open))) name : type name; \
    enum __attribute__((enum_extensibility(open))) name : type
// The completion handler reports failure with its Boolean `success` argument (so Swift's
// async form throws and returns nothing), as HealthKit's handlers do.
#define NS_SWIFT_ASYNC(index) __attribute__((swift_async(not_swift_private, index)))
#define NS_SWIFT_ASYNC_THROWS_ON_FALSE(index) __attribute__((swift_async_error(zero_argument, index)))

// On the arm64 watches BOOL is C's bool (imported as Swift's Bool).
typedef _Bool BOOL;
typedef long NSInteger;
typedef unsigned long NSUInteger;

__attribute__((objc_root_class))
@interface NSObject
- (instancetype)init;
@end

// Imported as `NSObjectProtocol`: Swift renames a protocol that shares a class's name.
@protocol NSObject
@end

@protocol NSSecureCoding
@end

@interface NSError : NSObject
@end

@interface NSString : NSObject
@end

NS_SWIFT_SENDABLE NS_SWIFT_NAME(Date)
@interface NSDate : NSObject
@end

@interface NSSet<__covariant ObjectType> : NSObject
@end

@interface NSArray<__covariant ObjectType> : NSObject
@end

@interface NSPredicate : NSObject
@end

#pragma clang assume_nonnull end
