import ArcMaskCairo
import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskFrames
import ArcMaskGIF
import ArcMaskGeometry
import ArcMaskValues
import Foundation
import Testing

/// A GIF whose frames are flat, distinct colours (so any pixel names its frame).
func flatFrames(_ durations: [Int], size: PixelSize = PixelSize(width: 40, height: 30)) throws -> GIFFrameSource {
    let palette = (0..<durations.count).map { (i: Int) -> RGB in
        let r = 20 * i % 256, b = 80 + i * 7 % 100
        return RGB(r: UInt8(r), g: UInt8(255 - r), b: UInt8(b))
    }
    let writer = try GIFWriter(screen: size, globalPalette: palette, loopCount: 0)
    for (i, d) in durations.enumerated() {
        try writer.add(
            GIFWriter.Frame(
                indices: [UInt8](repeating: UInt8(i), count: size.pixelCount),
                rect: PixelRect(x: 0, y: 0, width: size.width, height: size.height),
                delayCentiseconds: d))
    }
    return try GIFFrameSource(bytes: writer.finish(), name: "flat.gif")
}

@Suite("Compositor")
struct CompositorTests {
    let delays = [6, 6, 12, 4, 20, 8, 6, 10]

    func setup(_ preset: Preset, size: Double = 64) throws -> (ArcPlan, FrameImages, ArcCompositor) {
        let source = try flatFrames(delays)
        let plan = try ArcPlanner.plan(
            PlanRequest(
                viewWidth: size, viewHeight: size, scale: 2,
                durationsMs: source.durations, preset: preset))
        let compositor = ArcCompositor(plan: plan)
        return (plan, FrameImages(source: source, pixelSize: compositor.pixelSize), compositor)
    }

    @Test(
        "drawing only the reachable layers gives the same bytes as drawing all",
        arguments: [Preset.arcmask, .oneday, .dynamicwidget, .widgetnimation, .douyin])
    func culling(_ preset: Preset) throws {
        let (plan, images, compositor) = try setup(preset)
        for k in 0..<12 {
            let phi = Double(k) * 29.7 + 0.3
            let culled = try compositor.render(rotation: phi, images: images)
            let all = try compositor.render(rotation: phi, images: images, layers: .all)
            #expect(culled == all, "φ = \(phi)")
            #expect(compositor.coverage.candidates(rotation: phi).count < plan.layers.count || plan.layers.count <= 2)
        }
    }

    @Test("away from seams the arcmask composite is exactly the timeline's frame")
    func midFrame() throws {
        let (plan, images, compositor) = try setup(.arcmask)
        let timeline = Timeline(durationsMs: plan.frameDurationsMs)
        for i in 0..<plan.frameCount {
            let t = (timeline.starts[i] + timeline.durations[i] / 2) / 1000
            #expect(try compositor.render(time: t, images: images) == images.image(i), "frame \(i)")
        }
    }

    @Test("during a hand-off the new frame is on the left of the seam, the old on the right")
    func seam() throws {
        let (plan, images, compositor) = try setup(.arcmask)
        let timeline = Timeline(durationsMs: plan.frameDurationsMs)
        // Halfway through the crossing into frame 3, which ends guard ms before its start.
        let t = (timeline.starts[3] - ArcPlanner.guardMs - plan.figures.seamCrossingMs / 2) / 1000
        let picture = try compositor.render(time: t, images: images)
        let new = try images.image(3), old = try images.image(2)
        #expect(picture.pixel(x: 2, y: 10) == new.pixel(x: 2, y: 10))
        #expect(picture.pixel(x: picture.width - 3, y: 10) == old.pixel(x: picture.width - 3, y: 10))
        #expect(AnalyticModel(plan).observe(rotation: plan.rotation(at: t)).frames == [3, 2])
        // No pixel is translucent: the lower layer reaches under the seam.
        #expect(stride(from: 3, to: picture.bytes.count, by: 4).allSatisfy { picture.bytes[$0] == 255 })
    }
}

/// A vector-like source that records the sizes it is asked to draw at.
final class RecordingScalableSource: FrameSource {
    var capabilities: FrameCapabilities { .drawsAtAnySize }
    let name = "vector"
    let canvasSize = PixelSize(width: 10, height: 10)
    let frameCount = 2
    let loopMode = LoopMode.forever
    let warnings: [String] = []
    var asked: [PixelSize] = []
    func duration(at index: Int) -> Double { 100 }
    func frame(at index: Int) throws -> PixelBuffer { try frame(at: index, size: canvasSize, fit: .fit) }
    func frame(at index: Int, size: PixelSize, fit: FitMode) throws -> PixelBuffer {
        asked.append(size)
        return PixelBuffer(
            width: size.width, height: size.height, bytes: [UInt8](repeating: 255, count: size.pixelCount * 4))
    }
    func drawn(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage? {
        .straight(try frame(at: index, size: size, fit: fit))
    }
}

/// A source drawn by cairo: a translucent disc on a clear square, handed over premultiplied.
final class RecordingSurfaceSource: FrameSource {
    var capabilities: FrameCapabilities { .drawsAtAnySize }
    let name = "drawn"
    let canvasSize = PixelSize(width: 10, height: 10)
    let frameCount = 2
    let loopMode = LoopMode.forever
    let warnings: [String] = []
    var surfacesAsked = 0, framesAsked = 0
    func duration(at index: Int) -> Double { 100 }
    func frame(at index: Int) throws -> PixelBuffer { try frame(at: index, size: canvasSize, fit: .fit) }
    func frame(at index: Int, size: PixelSize, fit: FitMode) throws -> PixelBuffer {
        framesAsked += 1
        return try draw(index, size).pixelBuffer()
    }
    func drawn(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage? {
        surfacesAsked += 1
        return .premultiplied(try draw(index, size).premultipliedImage())
    }
    func surface(at index: Int, size: PixelSize, fit: FitMode) throws -> Surface {
        try drawn(at: index, size: size, fit: fit)!.surface()
    }
    private func draw(_ index: Int, _ size: PixelSize) throws -> Surface {
        let surface = try Surface(width: size.width, height: size.height)
        let ctx = try Context(surface)
        ctx.setSource(Color(0.9, 0.3, Double(index) / 2, 0.37))
        ctx.arc(
            cx: Double(size.width) / 2, cy: Double(size.height) / 2, radius: Double(size.height) / 3, from: 0,
            to: 2 * .pi)
        ctx.fill()
        try ctx.status()
        return surface
    }
}

@Suite("Frames at the view's size")
struct FrameImagesTests {
    @Test("frames drawn by cairo reach the compositor premultiplied as drawn; straight pixels only when asked")
    func premultipliedHandOff() throws {
        let source = RecordingSurfaceSource()
        let size = PixelSize(width: 60, height: 40)
        let images = FrameImages(source: source, pixelSize: size)
        let surface = try images.surface(1)
        #expect(source.surfacesAsked == 1 && source.framesAsked == 0)
        #expect(try !images.isOpaque(1))
        // The very words drawn: nothing was unpremultiplied and premultiplied again on the way.
        let drawn = try source.surface(at: 1, size: size, fit: .fill)
        surface.flush()
        drawn.flush()
        for y in 0..<size.height {
            #expect(memcmp(surface.data + y * surface.stride, drawn.data + y * drawn.stride, size.width * 4) == 0)
        }
        // Straight pixels, when asked for, are the source's own straight frame.
        #expect(try images.image(1).bytes == source.frame(at: 1, size: size, fit: .fill).bytes)
        #expect(source.surfacesAsked == 2)
    }

    @Test("played at another rate, a source drawn by cairo still draws at any size and hands frames over premultiplied")
    func playbackDrawsAtSize() throws {
        let source = RecordingSurfaceSource()
        let played = try PlaybackSource.over(source, playback: Playback(reverse: true))
        #expect(played.capabilities == .drawsAtAnySize)
        let size = PixelSize(width: 30, height: 20)
        guard case .premultiplied(let image)? = try played.drawn(at: 0, size: size, fit: .fit) else {
            Issue.record("the playback lost the premultiplied drawing")
            return
        }
        #expect(image.size == size)
        // Step 0 of the reversed playback is the base's last frame, drawn as the base draws it.
        #expect(try Surface(adopting: image).pixelBuffer() == source.frame(at: 1, size: size, fit: .fit))
        let images = FrameImages(source: played, pixelSize: size)
        _ = try images.surface(0)
        #expect(source.surfacesAsked == 2 && source.framesAsked == 1)
    }

    @Test("sources that draw at any size are asked for the view's size, never resampled")
    func vectorAtSize() throws {
        let source = RecordingScalableSource()
        let images = FrameImages(source: source, pixelSize: PixelSize(width: 300, height: 200))
        let image = try images.image(1)
        #expect(image.size == PixelSize(width: 300, height: 200))
        #expect(source.asked == [PixelSize(width: 300, height: 200)])
        _ = try images.image(1)  // cached: not drawn again
        #expect(source.asked.count == 1)
    }

    @Test("raster frames are resized; the cache is bounded in bytes")
    func rasterResized() throws {
        let source = try flatFrames([5, 5, 5, 5])
        let size = PixelSize(width: 20, height: 15)
        let images = FrameImages(source: source, pixelSize: size, budget: 2 * size.pixelCount * 8)
        for k in 0..<4 { #expect(try images.image(k).size == size) }
        #expect(try images.isOpaque(0))
    }
}
