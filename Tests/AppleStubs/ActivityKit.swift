// ActivityKit, as far as generated Live Activity code uses it; declared from Apple's
// documentation (developer.apple.com/documentation/activitykit).
import Foundation

@available(iOS 16.1, *)
public protocol ActivityAttributes: Decodable, Encodable {
    associatedtype ContentState: Decodable, Encodable, Hashable
}

@available(iOS 16.2, *)
public struct ActivityContent<State>: Sendable where State: Decodable, State: Encodable, State: Hashable {
    public init(state: State, staleDate: Date?, relevanceScore: Double = 0.0) {}
}

@available(iOS 16.1, *)
public struct PushType: Equatable, Sendable {
    public static let token = PushType()
}

@available(iOS 16.1, *)
public struct ActivityUIDismissalPolicy: Sendable {
    public static let `default` = ActivityUIDismissalPolicy()
    public static let immediate = ActivityUIDismissalPolicy()
}

@available(iOS 16.1, *)
public final class Activity<Attributes: ActivityAttributes>: Identifiable {
    public typealias ContentState = Attributes.ContentState
    public var id: String { "" }
    public static var activities: [Activity<Attributes>] { [] }

    @available(iOS 16.2, *)
    public static func request(
        attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>, pushType: PushType? = nil
    ) throws -> Activity<Attributes> { fatalError() }

    @available(iOS 16.2, *)
    public func end(
        _ content: ActivityContent<Activity<Attributes>.ContentState>?, dismissalPolicy: ActivityUIDismissalPolicy
    )
        async
    {}
}

@available(iOS 16.1, *)
public struct ActivityAuthorizationInfo: Sendable {
    public init() {}
    public var areActivitiesEnabled: Bool { true }
}
