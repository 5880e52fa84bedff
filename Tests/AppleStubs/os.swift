// Foundation's Darwin-only members that swift-corelibs-foundation lacks, declared here, in a
// module ArcMaskKit's Apple-only files import, as Apple's documentation gives them.
import Foundation

/// developer.apple.com/documentation/os/oslogmessage: a string literal with interpolations,
/// each with its privacy.
public struct OSLogMessage: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: OSLogInterpolation) {}
}

public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    public mutating func appendInterpolation(
        _ value: @autoclosure @escaping () -> String, privacy: OSLogPrivacy = .private
    ) {}
    public mutating func appendInterpolation(_ value: @autoclosure @escaping () -> Int, privacy: OSLogPrivacy = .public)
    {}
}

public struct OSLogPrivacy: Sendable {
    public static let `public` = OSLogPrivacy()
    public static let `private` = OSLogPrivacy()
}

@available(iOS 14.0, *)
public struct Logger: @unchecked Sendable {
    public init(subsystem: String, category: String) {}
    public func error(_ message: OSLogMessage) {}
    public func notice(_ message: OSLogMessage) {}
    public func info(_ message: OSLogMessage) {}
}

/// developer.apple.com/documentation/os/os_proc_available_memory: the bytes the app may still
/// allocate before it reaches its memory limit; 0 when the caller is not an app, or is past it.
@available(iOS 13.0, *)
@available(macOS, unavailable)
public func os_proc_available_memory() -> Int { 0 }

extension ProcessInfo {
    /// developer.apple.com/documentation/foundation/processinfo/performexpiringactivity(withreason:using:)
    @available(iOS 8.2, macOS 10.10.3, *)
    public func performExpiringActivity(withReason reason: String, using block: @escaping @Sendable (Bool) -> Void) {}
}
