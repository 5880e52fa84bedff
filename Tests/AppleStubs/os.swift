// Foundation's Darwin-only members that swift-corelibs-foundation lacks, declared here, in a
// module ArcMaskKit's Apple-only files import, as Apple's documentation gives them.
import Foundation

public struct OSLogMessage: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {}
}

@available(iOS 14.0, *)
public struct Logger: @unchecked Sendable {
    public init(subsystem: String, category: String) {}
    public func error(_ message: OSLogMessage) {}
}

extension ProcessInfo {
    /// developer.apple.com/documentation/foundation/processinfo/performexpiringactivity(withreason:using:)
    @available(iOS 8.2, macOS 10.10.3, *)
    public func performExpiringActivity(withReason reason: String, using block: @escaping @Sendable (Bool) -> Void) {}
}
