// probe: -swift-version 6 -parse-as-library
// Swift Testing tests run as a program, as `swift test` runs them (see `main` below).
import Dispatch
import Foundation
import Testing

@Suite(.serialized) struct WhereTestsRun {
    @MainActor @Test func mainActorTest() {
        MainActor.assertIsolated("not on the main actor")        // traps if it does not hold
        dispatchPrecondition(condition: .onQueue(.main))         // traps if it does not hold
        print("@MainActor test: main actor and main queue: yes")
        print("@MainActor test: Thread.isMainThread = \(Thread.isMainThread)")
    }

    @Test func plainTest() {
        dispatchPrecondition(condition: .notOnQueue(.main))
        print("plain test: on the main queue: no")
    }
}

@main struct Probe {
    static func main() async {
        print("main, before the tests: Thread.isMainThread = \(Thread.isMainThread)")
        exit(await Testing.__swiftPMEntryPoint() as CInt)
    }
}
