// source: https://github.com/google/GTMAppAuth/pull/263
// flags: -swift-version 6
// expect: sending-value task-isolated
// shape: a mutable request object captured by a main-queue block
#if FIXED
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
func authorize(_ request: URLRequest) {
    DispatchQueue.main.async { print(request.url as Any) }
}
#else
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
func authorize(_ request: NSMutableURLRequest) {
    DispatchQueue.main.async { print(request.url as Any) }
}
#endif
