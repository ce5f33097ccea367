// Importing an Apple framework makes Foundation visible too: its Objective-C headers import
// Foundation, and Swift re-exports what a Clang module exports. The simulators do the same.
@_exported import Foundation
