import ArcMaskFrames

extension APNGFrameSource {
    /// "APNG" (or "PNG" for a still image), its play count, header and each frame's region,
    /// delay, disposal and blending.
    public func describe(into r: inout SourceReport) {
        r.format = isAnimated || invalidAnimation != nil ? "APNG" : "PNG"
        r.loopCount = numPlays
        r.defaultImageHidden = isAnimated ? defaultImageHidden : nil
        r.bitDepth = header.bitDepth
        r.colorType = header.colorType
        guard isAnimated else { return }
        for (k, f) in frames.enumerated() {
            r.frames[k].x = f.rect.x
            r.frames[k].y = f.rect.y
            r.frames[k].width = f.rect.width
            r.frames[k].height = f.rect.height
            r.frames[k].delayMs = f.delayMs
            r.frames[k].disposal = f.dispose.description
            r.frames[k].blend = f.blend.description
        }
    }
}
