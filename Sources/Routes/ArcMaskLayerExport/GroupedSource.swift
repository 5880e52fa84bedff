import ArcMaskBudget
import ArcMaskCairo
import ArcMaskFrames
import ArcMaskValues
import Foundation

extension BudgetError: ArcMaskError {
    public var location: String? { nil }
}

extension FrameSimilarity {
    /// Adds a frame as its source composites it (straight RGBA).
    public mutating func add(_ image: PixelBuffer) {
        add(image.bytes, width: image.width, height: image.height, premultiplied: false)
    }

    /// Every frame of `source`, compared in order at the source's size; `done` after each.
    public static func measure(_ source: FrameSource, done: () -> Void = {}) throws -> FrameSimilarity {
        var runs = FrameSimilarity()
        for i in 0..<source.frameCount {
            runs.add(try source.frame(at: i))
            done()
        }
        return runs
    }
}

/// A source seen through merged groups: frame g is the group's shown frame, lasting the group's duration.
/// It can do what the base can (it only reads its groups): draw at any size, draw on several
/// threads at once, save canvases.
public final class GroupedSource: FrameSource, @unchecked Sendable {
    public static func over(_ base: FrameSource, groups: [FrameGroup]) -> GroupedSource {
        GroupedSource(base, groups: groups)
    }

    public let base: FrameSource
    public let groups: [FrameGroup]

    public init(_ base: FrameSource, groups: [FrameGroup]) {
        self.base = base
        self.groups = groups
    }

    public var name: String { base.name }
    public var canvasSize: PixelSize { base.canvasSize }
    public var frameCount: Int { groups.count }
    public var loopMode: LoopMode { base.loopMode }
    public var warnings: [String] { base.warnings }
    public var timeBase: TimeBase { base.timeBase }
    public var inputFiles: [String] { base.inputFiles }
    public func duration(at index: Int) -> Double { groups[index].durationMs }
    public func frame(at index: Int) throws -> PixelBuffer { try base.frame(at: groups[index].shown) }
    public var capabilities: FrameCapabilities { base.capabilities }
    public func drawn(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage? {
        try base.drawn(at: groups[index].shown, size: size, fit: fit)
    }
    public var checkpointBudget: Int {
        get { base.checkpointBudget }
        set { base.checkpointBudget = newValue }
    }
}
