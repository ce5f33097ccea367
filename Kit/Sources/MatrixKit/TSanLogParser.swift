import TrackerSpec

/// The reports in a TSan log: TrackerSpec's `TSanLog`, which the test process also reads
/// when TSan's report callback is not called there.
public enum TSanLogParser {
    public static func reports(in log: String) -> [TSanReport] { TSanLog.reports(in: log) }
}
