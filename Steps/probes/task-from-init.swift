// probe: -swift-version 5
// A Task started in an initializer and kept in a property: what its body inherits, who
// keeps whom alive, and what cancelling it in deinit reaches. The Swift 5 mode, as stages
// 1 to 4 are built. An AsyncStream stands in for NotificationCenter's notifications.
import Dispatch

let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
func onMain() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

/// A save that, once started, finishes: it knows nothing of cancellation.
func save() async {
    await withCheckedContinuation { done in
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { done.resume() }
    }
}

final class Model {
    let name: String
    private var watcher: Task<Void, Never>?

    init(_ name: String, ticks: AsyncStream<Int>, strongly: Bool = false) {
        self.name = name
        if strongly {
            watcher = Task { for await tick in ticks { await self.handle(tick) } }
        } else {
            watcher = Task { [weak self, name] in
                for await tick in ticks { await self?.handle(tick) }
                print("\(name): loop ended")
            }
        }
    }

    deinit {
        print("\(name): deinit cancels the task")
        watcher?.cancel()
    }

    func handle(_ tick: Int) async {
        print("\(name): tick \(tick), on the main actor: \(onMain())")
        await save()
        print("\(name): tick \(tick) saved")
    }
}

@MainActor final class MainModel {
    private var watcher: Task<Void, Never>?

    init(ticks: AsyncStream<Int>) {
        watcher = Task { [weak self] in
            for await tick in ticks { self?.handle(tick) }
        }
    }

    deinit { watcher?.cancel() }

    func handle(_ tick: Int) { print("main-actor model: tick \(tick), on the main actor: \(onMain())") }
}

func pause() async { try? await Task.sleep(for: .milliseconds(300)) }

@MainActor func run() async {
    // Made on the main actor, from an initializer that is not isolated.
    let (ticksA, tickA) = AsyncStream.makeStream(of: Int.self)
    var weakModel: Model? = Model("[weak self]", ticks: ticksA)
    tickA.yield(1)
    await pause()
    weakModel = nil                         // the last reference outside the task
    await pause()

    let (ticksB, tickB) = AsyncStream.makeStream(of: Int.self)
    var busyModel: Model? = Model("busy", ticks: ticksB)
    tickB.yield(1)
    try? await Task.sleep(for: .milliseconds(50))
    busyModel = nil                         // while tick 1 is being saved
    await pause()

    let (ticksC, tickC) = AsyncStream.makeStream(of: Int.self)
    var strongModel: Model? = Model("strong self", ticks: ticksC, strongly: true)
    strongModel = nil
    tickC.yield(1)                          // nobody holds the model now, yet it answers
    await pause()

    let (ticksD, tickD) = AsyncStream.makeStream(of: Int.self)
    let mainModel = MainModel(ticks: ticksD)
    tickD.yield(1)
    await pause()
    _ = (weakModel, busyModel, strongModel, mainModel)
}

await run()
