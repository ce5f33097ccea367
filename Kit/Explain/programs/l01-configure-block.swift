// source: https://github.com/devxoul/Then/issues/106
// flags: -swift-version 6
// expect: loses-global-actor
// stand-in: UIKit's UIStackView is @MainActor (declared here as Stack)
// shape: a main-actor function stored as a plain function for a configure helper
#if FIXED
@MainActor final class Stack { var spacing = 0 }
@MainActor func tighten(_ s: Stack) { s.spacing = 4 }
func styler() -> @MainActor (Stack) throws -> Void { tighten }
#else
@MainActor final class Stack { var spacing = 0 }
@MainActor func tighten(_ s: Stack) { s.spacing = 4 }
func styler() -> (Stack) throws -> Void { tighten }
#endif
