// source: https://github.com/DroidKaigi/conference-app-2024/pull/736
// flags: -swift-version 6
// expect: isolated-ref-nonisolated own-code
// stand-in: UIKit's UINavigationBar is @MainActor (declared here as a @MainActor class)
// shape: a main-actor appearance property read from nonisolated code
#if FIXED
@MainActor final class BarStyle { var titleFont = "body" }
@MainActor func currentFont(_ style: BarStyle) -> String { style.titleFont }
#else
@MainActor final class BarStyle { var titleFont = "body" }
func currentFont(_ style: BarStyle) -> String { style.titleFont }
#endif
