// explain: -swift-version 6 -parse-as-library
// A generic function that requires SendableMetatype, called with a type parameter that
// does not promise it: the caller could pass an isolated conformance (SE-0470).
protocol Maker { static func make() }
func register<T: Maker & SendableMetatype>(_ type: T.Type) {}
func setUp<T: Maker>(_ type: T.Type) { register(type) }
