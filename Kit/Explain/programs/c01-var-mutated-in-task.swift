// source: https://github.com/mozilla-mobile/firefox-ios/issues/30463
// flags: -swift-version 6
// expect: captured-var-mutation
// runs: https://example.org
// shape: a var written from a detached task
#if FIXED
func resolve() -> String { "https://example.org" }
func lookUp() async -> String? {
    let link = await Task.detached { resolve() }.value
    return link
}
@main enum Run { static func main() async { print(await lookUp() ?? "none") } }
#else
func resolve() -> String { "https://example.org" }
import Dispatch
func lookUp() {
    var link: String?
    DispatchQueue.global().async { link = resolve() }
    print(link as Any)
}
#endif
