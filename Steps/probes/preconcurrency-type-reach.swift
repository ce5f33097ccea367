// probe: -swift-version 6
// probe uses: PreconcurrencyKit
// How far a type's `@preconcurrency` reaches (SE-0337), from a Swift 6 client. It reaches
// the global-actor isolation its members inherit from it: calling `refresh()` off the main
// actor is a warning on the marked class, an error on the unmarked one. It does not reach
// what a member declares itself: the `@Sendable` of `load`'s handler stays an error until
// the member is marked too (`fetch`). This probe does not compile, on purpose.
import PreconcurrencyKit

final class Tally { var count = 0 }

func fromNowhere(_ marked: MarkedScreen, _ unmarked: UnmarkedScreen, _ loader: Loader) {
    let tally = Tally()
    marked.refresh()                        // warning: the type's mark covers it
    unmarked.refresh()                      // error
    loader.load { tally.count += 1 }        // error: the member is not marked
    loader.fetch { tally.count += 1 }       // warning: the member is marked
}
