// source: https://github.com/vorssaint/vorssaint-utils/issues/426
// flags: -swift-version 6
// expect: sendable-closure-capture swift5-dependency
// uses: MediaWriterKit
// stand-in: AVFoundation's AVAssetWriterInput, a class of a framework not yet audited (a Swift 5 module here)
// shape: a framework's writer object captured by a background block
#if FIXED
import MediaWriterKit
import Dispatch
func finish(path: String) {
    DispatchQueue.global().async { TrackWriter(path: path).markFinished() }
}
#else
import MediaWriterKit
import Dispatch
func finish(_ input: TrackWriter) {
    DispatchQueue.global().async { input.markFinished() }
}
#endif
