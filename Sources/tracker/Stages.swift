import Stage0_GCD
import Stage1_AsyncAwait
import Stage2_Continuations
import Stage3_MainActor
import Stage4_Actors
import Stage5_Swift6
import Stage6_Approachable
import WatchKitSim

/// The entry type of a stage. Every stage exports the same name, so each is qualified by
/// its module.
func app(forStage number: Int) -> any WatchApp.Type {
    switch number {
    case 0: Stage0_GCD.CoffeeTrackerApp.self
    case 1: Stage1_AsyncAwait.CoffeeTrackerApp.self
    case 2: Stage2_Continuations.CoffeeTrackerApp.self
    case 3: Stage3_MainActor.CoffeeTrackerApp.self
    case 4: Stage4_Actors.CoffeeTrackerApp.self
    case 5: Stage5_Swift6.CoffeeTrackerApp.self
    case 6: Stage6_Approachable.CoffeeTrackerApp.self
    default: preconditionFailure("no stage \(number)")
    }
}
