public struct OSLogMessage: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {}
}

@available(iOS 14.0, *)
public struct Logger: @unchecked Sendable {
    public init(subsystem: String, category: String) {}
    public func error(_ message: OSLogMessage) {}
}
