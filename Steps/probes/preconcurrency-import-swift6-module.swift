// probe: -swift-version 6
// probe uses: NonsendingKit PreconcurrencyKit
// `@preconcurrency import` (SE-0337) of two modules, each with a public class that is not
// `Sendable`, and each class captured by a closure that goes to another thread.
// PreconcurrencyKit is built in the Swift 5 mode, as an Objective-C framework reaches Swift:
// its `Report` draws nothing (probe preconcurrency-import-silences), but its `Receipt`,
// declared non-`Sendable` on purpose, draws a warning. NonsendingKit is built in the Swift 6
// mode: its `DrinkLog` draws a warning too. A class of this file's own stays an error.
import Dispatch
@preconcurrency import NonsendingKit
@preconcurrency import PreconcurrencyKit

final class Tally { var count = 0 }

func handOff(_ log: DrinkLog, _ report: Report, _ tally: Tally, _ receipt: Receipt) {
    DispatchQueue.global().async { log.entries.append(95) }
    DispatchQueue.global().async { report.lines.append("off main") }
    DispatchQueue.global().async { tally.count += 1 }
    DispatchQueue.global().async { receipt.lines.append("off main") }
}
