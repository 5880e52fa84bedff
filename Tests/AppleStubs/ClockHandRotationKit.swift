import Foundation
import SwiftUI

public enum ClockHandRotationPeriod: Hashable, Equatable {
    case custom(TimeInterval)
    case secondHand
    case minuteHand
    case hourHand
}

extension View {
    public func clockHandRotationEffect(
        period: ClockHandRotationPeriod, in timeZone: TimeZone = .current, anchor: UnitPoint = .center
    ) -> some View { self }
}
