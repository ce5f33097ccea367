// source: https://github.com/cybozu/WebUI/pull/8
// flags: -swift-version 6
// expect: global-mutable-state own-global
// shape: an environment key whose default is a static var
#if FIXED
struct PaletteKey { static let fallback = "dusk" }
func paletteName() -> String { PaletteKey.fallback }
#else
struct PaletteKey { static var fallback = "dusk" }
func paletteName() -> String { PaletteKey.fallback }
#endif
