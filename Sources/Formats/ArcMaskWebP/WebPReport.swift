import ArcMaskFrames

extension WebPFrameSource {
    /// "WebP", its loop count and background hint, and each frame's kind, region, delay,
    /// disposal and blending.
    public func describe(into r: inout SourceReport) {
        r.format = "WebP"
        r.loopCount = loopCount
        r.backgroundRGBA = backgroundRGBA.map { $0.map(Int.init) }
        for (k, f) in frames.enumerated() {
            r.frames[k].kind = f.kind
            guard isAnimated else { continue }
            r.frames[k].x = f.rect.x
            r.frames[k].y = f.rect.y
            r.frames[k].width = f.rect.width
            r.frames[k].height = f.rect.height
            r.frames[k].delayMs = Double(f.delayMs)
            r.frames[k].disposal = f.dispose.rawValue
            r.frames[k].blend = f.blend.rawValue
        }
    }
}
