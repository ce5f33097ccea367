// explain: -swift-version 6 -Wwarning PreconcurrencyImport
// `@preconcurrency` on an import this file needs nothing relaxed from (the group is off
// by default; -Wwarning turns it on).
@preconcurrency import Foundation

let started = Date()
