// source: https://github.com/Alamofire/Alamofire/pull/3917
// flags: -swift-version 6
// expect: sendable-closure-capture framework-type
// shape: a stream object captured by a background block
#if FIXED
import Foundation
func drain(into path: String) {
    DispatchQueue.global().async {
        let stream = OutputStream(toFileAtPath: path, append: false)
        stream?.open()
    }
}
#else
import Foundation
func drain(into stream: OutputStream) {
    DispatchQueue.global().async { stream.open() }
}
#endif
