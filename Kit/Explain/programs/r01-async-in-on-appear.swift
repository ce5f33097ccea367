// source: https://github.com/fserrazes/GameCenterKit/issues/2
// flags: -swift-version 6
// expect: async-in-sync
// stand-in: SwiftUI's onAppear(perform:) takes a synchronous closure (declared here as onAppear)
// shape: an async call inside a synchronous view callback
#if FIXED
final class Arena { func authenticate() async {} }
func onAppear(_ action: @escaping () -> Void) { action() }
@MainActor func showBoard() { onAppear { Task { await Arena().authenticate() } } }
#else
final class Arena { func authenticate() async {} }
func onAppear(_ action: @escaping () -> Void) { action() }
@MainActor func showBoard(_ arena: Arena) { onAppear { arena.authenticate() } }
#endif
