// source: https://github.com/XcodesOrg/XcodesApp/pull/388
// flags: -swift-version 6
// expect: sendable-stored-nonsendable
// shape: a Sendable error that stores the process object
#if FIXED
final class Job { var pid = 0 }
struct JobFailure: Error, Sendable { let pid: Int; let status: Int32 }
#else
final class Job { var pid = 0 }
struct JobFailure: Error, Sendable { let job: Job; let status: Int32 }
#endif
