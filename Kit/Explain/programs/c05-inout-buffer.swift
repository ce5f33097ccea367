// source: https://github.com/marmelroy/PhoneNumberKit/issues/795
// flags: -swift-version 6
// expect: inout-capture
// shape: an inout buffer written inside a concurrent closure
#if FIXED
func format(_ text: inout String) { text += "-" }
#else
func inParallel(_ body: @Sendable () -> Void) { body() }
func format(_ text: inout String) { inParallel { text += "-" } }
#endif
