import ArcMaskFrames

extension VideoFrameSource {
    /// "video": the container, codec and decoder, the picture as stored and turned, its colour
    /// (from the first decoded picture), the whole clip's timing, and the clip frame each frame shows.
    public func describe(into r: inout SourceReport) {
        r.format = "video"
        r.loopCount = 0  // widgets loop what they show
        // The colour is the decoded pictures': decode the first.
        _ = try? frame(at: 0)
        r.warnings = warnings
        let i = info
        for k in r.frames.indices {
            r.frames[k].sourceFrame = sourceFrame(k)
            r.frames[k].seconds = i.times[sourceFrame(k)]
        }
        r.video = SourceReport.VideoReport(
            container: i.container, codec: i.codec, decoder: i.decoder, codedWidth: i.codedWidth,
            codedHeight: i.codedHeight, rotationDegrees: i.orientation.degrees, orientation: i.orientation.rawValue,
            pixelAspect: i.pixelAspect, color: colorDescription, clipFrames: i.frameCount, clipSeconds: i.length,
            variableRate: i.isVariableRate, minFrameSeconds: i.minFrameDuration, maxFrameSeconds: i.maxFrameDuration,
            clipTimes: i.times, hdr: hdr?.rawValue)
    }
}

extension AVIFFrameSource {
    /// "AVIF": the picture as stored and turned, its colour, the sequence's timing, and the
    /// sequence frame each frame shows.
    public func describe(into r: inout SourceReport) {
        r.format = "AVIF"
        r.loopCount = 0
        let t = timeline
        for k in r.frames.indices {
            r.frames[k].sourceFrame = sourceFrame(k)
            r.frames[k].seconds = t.times[sourceFrame(k)]
        }
        let d = (0..<t.count).map(t.duration)
        let inner = d.count > 1 ? Array(d.dropLast()) : d
        r.video = SourceReport.VideoReport(
            container: "AVIF", codec: "av1", decoder: "libavif", codedWidth: codedSize.width,
            codedHeight: codedSize.height, rotationDegrees: orientation.degrees, orientation: orientation.rawValue,
            pixelAspect: 1, color: summary, clipFrames: t.count, clipSeconds: t.length, variableRate: t.isVariableRate,
            minFrameSeconds: inner.min() ?? 0, maxFrameSeconds: inner.max() ?? 0, clipTimes: t.times)
    }
}
