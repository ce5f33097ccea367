// source: https://github.com/DroidKaigi/conference-app-2024/pull/736
// flags: -swift-version 6
// expect: call-isolated-sync own-code
// stand-in: UIKit's UINavigationBar is @MainActor (declared here as a @MainActor class)
// shape: a main-actor class method called from nonisolated setup code
#if FIXED
@MainActor final class TitleBar { class func appearance() -> TitleBar { TitleBar() } }
@MainActor func styleBars() { _ = TitleBar.appearance() }
#else
@MainActor final class TitleBar { class func appearance() -> TitleBar { TitleBar() } }
func styleBars() { _ = TitleBar.appearance() }
#endif
