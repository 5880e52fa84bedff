import ArcMaskManifest

extension TimerMaskPlan {
    /// The manifest's `timerMask` section for this plan: lane `i`'s image named by
    /// `image(i, frame)`, each mask's font by `font(period)` (one font per period).
    public func section(
        image: (_ lane: Int, _ frame: Int) -> String, font: (_ periodSeconds: Int) -> TimerMaskSection.Font
    ) -> TimerMaskSection {
        let periods = Set(lanes.flatMap { $0.masks.map(\.periodSeconds) }).sorted()
        let fonts = periods.map(font)
        let fileOf = Dictionary(uniqueKeysWithValues: fonts.map { ($0.periodSeconds, $0.file) })
        return TimerMaskSection(
            loopSeconds: loopSeconds, fonts: fonts,
            lanes: lanes.enumerated().map { i, lane in
                TimerMaskSection.Lane(
                    image: image(i, lane.frame), frame: lane.frame, onTopFromSeconds: lane.onTopFromSeconds,
                    onTopToSeconds: lane.onTopToSeconds,
                    masks: lane.masks.map {
                        TimerMaskSection.Mask(font: fileOf[$0.periodSeconds]!, leadSeconds: $0.leadSeconds)
                    })
            })
    }

    /// The plan a manifest's section describes, for the checks to run on (nil when the
    /// section has problems: `TimerMaskSection.problems` says which). The frame rate is the
    /// shortest turn on top's.
    public init?(section: TimerMaskSection) {
        guard section.problems().isEmpty else { return nil }
        var lanes: [Lane] = []
        lanes.reserveCapacity(section.lanes.count)
        for lane in section.lanes {
            var masks: [Mask] = []
            for m in lane.masks {
                guard let p = section.period(of: m) else { return nil }
                masks.append(Mask(periodSeconds: p, leadSeconds: m.leadSeconds))
            }
            lanes.append(
                Lane(
                    frame: lane.frame, onTopFromSeconds: lane.onTopFromSeconds, onTopToSeconds: lane.onTopToSeconds,
                    masks: masks))
        }
        let shortest = section.lanes.map { $0.onTopToSeconds - $0.onTopFromSeconds }.min() ?? 1
        let fps = min(max(Int((1 / shortest).rounded()), Self.rates.lowerBound), Self.rates.upperBound)
        self.init(fps: fps, loopSeconds: section.loopSeconds, lanes: lanes)
    }
}
