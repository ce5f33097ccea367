// source: https://github.com/DroidKaigi/conference-app-2024/pull/736
// flags: -swift-version 6
// expect: isolated-ref-nonisolated mutation
// stand-in: UIKit's UINavigationBar is @MainActor (declared here as a @MainActor class)
// shape: a main-actor appearance property set from nonisolated code
#if FIXED
@MainActor final class BarStyle { var titleFont = "body" }
@MainActor func applyTheme(_ style: BarStyle) { style.titleFont = "headline" }
#else
@MainActor final class BarStyle { var titleFont = "body" }
func applyTheme(_ style: BarStyle) { style.titleFont = "headline" }
#endif
