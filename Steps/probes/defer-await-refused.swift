// probe: -swift-version 6
// Before Swift 6.4 a `defer` body cannot await: the cleanup that must run when an async
// function exits, cancelled or not, has to go elsewhere (field-cancel-cleanup).
func close() async {}

func upload() async throws {
    defer { await close() }
    try await Task.sleep(for: .seconds(1))
}
