import SimSupport
import Testing
import WatchKitSim

/// `CLKComplicationServer.reloadTimeline(for:)` asks the app's data source in whichever
/// form it implements, and shows what it answers.
@Suite("WatchKitSim: the complication server")
@MainActor
struct ComplicationTests {
    @Test("reloadTimeline asks a data source that implements only the completion-handler form")
    func handlerForm() throws {
        let run = try launchTestApp(with: HandlerDataSource.self)
        defer { run.finish() }
        let server = run.runtime.complicationServer
        #expect(server.activeComplications == [.caffeine])
        #expect(server.currentEntry == nil)
        #expect(server.reloadCount == 0)

        server.reloadTimeline(for: .caffeine)
        #expect(run.dataSource.asked.count == 1)
        #expect(server.currentEntry?.text == "handler 1 mg")
        #expect(server.reloadCount == 1)

        server.reloadTimeline(for: .caffeine)
        #expect(server.currentEntry?.text == "handler 2 mg")
        #expect(server.reloadCount == 2)
        #expect(run.record.offMainCalls.isEmpty)
    }

    @Test("reloadTimeline asks a data source that implements only the async form")
    func asyncForm() async throws {
        let run = try launchTestApp(with: AsyncDataSource.self)
        defer { run.finish() }
        let server = run.runtime.complicationServer

        server.reloadTimeline(for: .caffeine)
        try await waitUntil("the async entry") { server.reloadCount == 1 }
        #expect(run.dataSource.asked.count == 1)
        #expect(server.currentEntry?.text == "async 1 mg")

        server.reloadTimeline(for: .caffeine)
        try await waitUntil("the second async entry") { server.reloadCount == 2 }
        #expect(server.currentEntry?.text == "async 2 mg")
        #expect(run.record.offMainCalls.isEmpty)
    }

    @Test("a data source handler called off the main thread is recorded, and its entry still shown")
    func handlerOffMain() async throws {
        let run = try launchTestApp(with: OffMainDataSource.self)
        defer { run.finish() }
        let server = run.runtime.complicationServer

        server.reloadTimeline(for: .caffeine)
        try await waitUntil("the entry handed over off the main thread") { server.reloadCount == 1 }
        #expect(server.currentEntry?.text == "off main 1 mg")
        #expect(run.record.offMainCalls == ["the complication handler"])
    }
}
