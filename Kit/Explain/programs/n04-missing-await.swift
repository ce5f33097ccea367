// source: https://github.com/supabase/supabase-swift/issues/683
// flags: -swift-version 6
// expect: missing-await
// shape: an actor's property read without await
#if FIXED
func refreshToken() async -> String { "t" }
func read() async -> String { await refreshToken() }
#else
func refreshToken() async -> String { "t" }
func read() async -> String { refreshToken() }
#endif
