// source: https://github.com/vorssaint/vorssaint-utils/issues/426
// flags: -swift-version 6
// expect: add-preconcurrency-import
// uses: MediaWriterKit
// stand-in: AVFoundation, a framework not yet audited for Sendable (a Swift 5 module here)
// shape: the compiler's advice to add @preconcurrency for an unaudited module
#if FIXED
import MediaWriterKit
import Dispatch
func close(path: String) {
    DispatchQueue.global().async { TrackWriter(path: path).markFinished() }
}
#else
import MediaWriterKit
import Dispatch
func close(_ writer: TrackWriter) {
    DispatchQueue.global().async { writer.markFinished() }
}
#endif
