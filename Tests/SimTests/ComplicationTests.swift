import SimSupport
import Testing
import WatchKitSim

/// `CLKComplicationServer`: `reloadTimeline(for:)` returns at once, and the server asks the
/// app's data source later, on the main queue, in whichever form the data source implements.
@Suite("WatchKitSim: the complication server")
@MainActor
struct ComplicationTests {
    @Test("reloadTimeline returns before asking; a handler-form data source is asked later, on the main queue")
    func handlerForm() async throws {
        try await withTestApp(HandlerDataSource.self) { run in
            let server = run.runtime.complicationServer
            #expect(server.activeComplications == [.caffeine])
            #expect(server.currentEntry == nil)
            #expect(server.reloadCount == 0)

            server.reloadTimeline(for: .caffeine)
            #expect(run.dataSource.asked.count == 0, "the data source was asked inside reloadTimeline")
            #expect(server.reloadCount == 0)
            try await waitUntil("the first entry") { server.reloadCount == 1 }
            #expect(run.dataSource.asked.count == 1)
            #expect(server.currentEntry?.text == "handler 1 mg")

            server.reloadTimeline(for: .caffeine)
            try await waitUntil("the second entry") { server.reloadCount == 2 }
            #expect(server.currentEntry?.text == "handler 2 mg")
            #expect(run.dataSource.asked.offMainCount == 0)
            #expect(run.record.offMainCalls.isEmpty)
        }
    }

    @Test("the runtime makes the data source from the class the app names, with init(), after the app's scene, anew at each launch")
    func dataSourceMadeFromItsClass() async throws {
        let first = try await withTestApp(SceneAwareDataSource.self) { run in
            #expect(run.dataSource.scenesMadeBefore == scenesMade, "made before the launch's scene")
            return run.dataSource.scenesMadeBefore
        }
        let second = try await withTestApp(SceneAwareDataSource.self) { run in run.dataSource.scenesMadeBefore }
        #expect(second > first, "the second launch reused the first launch's data source")
    }

    @Test("an async-form data source is asked later, on the main queue, and its entry shown")
    func asyncForm() async throws {
        try await withTestApp(AsyncDataSource.self) { run in
            let server = run.runtime.complicationServer

            server.reloadTimeline(for: .caffeine)
            #expect(run.dataSource.asked.count == 0, "the data source was asked inside reloadTimeline")
            try await waitUntil("the async entry") { server.reloadCount == 1 }
            #expect(run.dataSource.asked.count == 1)
            #expect(server.currentEntry?.text == "async 1 mg")

            server.reloadTimeline(for: .caffeine)
            try await waitUntil("the second async entry") { server.reloadCount == 2 }
            #expect(server.currentEntry?.text == "async 2 mg")
            #expect(run.dataSource.asked.offMainCount == 0)
            #expect(run.record.offMainCalls.isEmpty)
        }
    }

    @Test("reloadTimeline may be called from any thread: not recorded, and the data source is still asked on main")
    func reloadFromAnyThread() async throws {
        try await withTestApp(HandlerDataSource.self) { run in
            let server = run.runtime.complicationServer

            // A plain call from a background thread: the class has no actor annotation.
            let returned = Box<Bool>()
            startInBackground {
                CLKComplicationServer.sharedInstance().reloadTimeline(for: .caffeine)
                returned.put(true)
            }
            _ = try await awaitValue(returned, "reloadTimeline called off main")
            try await waitUntil("the entry") { server.reloadCount == 1 }
            #expect(server.currentEntry?.text == "handler 1 mg")
            #expect(run.dataSource.asked.offMainCount == 0)
            try await mainQueueDrained()
            #expect(run.record.offMainCalls.isEmpty)
        }
    }

    @Test("a data source that calls its handler off the main thread is recorded, and its entry shown on main afterwards")
    func handlerOffMain() async throws {
        try await withTestApp(OffMainDataSource.self) { run in
            let server = run.runtime.complicationServer

            server.reloadTimeline(for: .caffeine)
            try await waitUntil("the entry handed over off the main thread") { server.reloadCount == 1 }
            #expect(server.currentEntry?.text == "off main 1 mg")
            #expect(run.record.offMainCalls == ["the complication handler"])
            // The server itself asked on main; only the handler call was off it.
            #expect(run.dataSource.asked.offMainCount == 0)
        }
    }

    @Test("a data source that implements neither form traps at the first request, naming both forms")
    func neitherForm() async {
        // In Xcode this data source would not compile; Swift cannot say "one of two
        // requirements", so here it compiles and traps (in a child process).
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await withTestApp(NeitherFormDataSource.self) { run in
                run.runtime.complicationServer.reloadTimeline(for: .caffeine)
                try await Task.sleep(for: .seconds(5))
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("NeitherFormDataSource implements neither"), "stderr: \(stderr)")
    }
}
