import ArcMaskFrames
import ArcMaskLottie

extension LottieFrameSource {
    /// "Lottie", "TGS" or "dotLottie": the composition, its markers, themes, states, slots and
    /// keypaths, Telegram's rules for stickers, and the composition time each frame shows.
    public func describe(into r: inout SourceReport) {
        let a = animation
        r.format = container.kind == .json ? "Lottie" : container.kind == .sticker ? "TGS" : "dotLottie"
        r.loopCount = 0  // players loop Lottie animations unless told otherwise
        r.renderer = "arcmask's Lottie renderer (lottie-web's canvas model), revision \(LottieRenderer.revision)"
        for k in r.frames.indices { r.frames[k].time = times[k] }
        typealias Info = SourceReport.LottieInfo
        r.lottie = Info(
            container: container.kind.rawValue, version: a.version, name: a.name, frameRate: a.frameRate,
            inPoint: a.inPoint, outPoint: a.outPoint,
            layers: a.layers.count + a.compositions.values.reduce(0) { $0 + $1.count },
            precompositions: a.compositions.count, images: a.images.count,
            animations: container.kind == .dotLottie ? container.animationIDs : nil,
            animation: container.animationID,
            themes: container.themeIDs.isEmpty ? nil : container.themeIDs, theme: container.theme,
            states: container.stateNames.isEmpty ? nil : container.stateNames, state: container.state?.name,
            slots: slotIDs,
            markers: a.markers.map { Info.Marker(name: $0.name, frame: $0.time, durationFrames: $0.duration) },
            telegram: container.kind == .sticker
                ? TelegramRules.check(a, gzippedBytes: container.compressedBytes).map {
                    Info.TelegramRule(rule: $0.name, passes: $0.passes, found: $0.found)
                } : nil,
            keypaths: LottieKeypaths.list(a))
    }
}
