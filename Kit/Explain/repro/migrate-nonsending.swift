// explain: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault:migrate
// What `swift package migrate` reports for SE-0461: a nonisolated async function whose
// meaning changes when nonisolated async functions run on the caller's actor.
func download() async -> Int { 1 }
