import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskBudget

/// Layer files as exports name them: "frame-0003.png".
func layerFile(_ layer: Int, _ fileExtension: String) -> String {
    let digits = String(layer)
    return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "." + fileExtension
}

/// A folder in memory: layer files written once each, and what the fitter keeps aside.
final class MemoryDestination: FitDestination, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var files: [String: [UInt8]] = [:]
    private(set) var writes: [String] = []
    private(set) var keptAside: [String: [UInt8]] = [:]
    var damage = false

    struct WrittenTwice: Error {}

    func write(_ bytes: [UInt8], as name: String) throws {
        try lock.withLock {
            writes.append(name)
            guard files[name] == nil else { throw WrittenTwice() }
            files[name] = bytes
        }
    }

    func keep(_ bytes: [UInt8], as key: String) throws { lock.withLock { keptAside[key] = bytes } }

    func kept(_ key: String) throws -> [UInt8] {
        try lock.withLock {
            guard let bytes = keptAside[key] else { throw CocoaError(.fileNoSuchFile) }
            return damage ? [] : bytes
        }
    }

    func forgetKept() { lock.withLock { keptAside = [:] } }
}

/// Frames of one grey level each, 4 levels apart in runs of `run` frames (so runs merge), at
/// any size; the encoded size grows with the pixels and the quality. Counts every call.
final class GreyWriter: LayerWriting, @unchecked Sendable {
    struct Grey: FitPixels {
        let level: UInt8
        let width: Int
        let height: Int
        var rgba: [UInt8] { Array(repeating: [level, level, level, 255], count: width * height).flatMap { $0 } }
        static var premultiplied: Bool { false }
        func kept() -> [UInt8] { [level] }
        init(level: UInt8, width: Int, height: Int) {
            self.level = level
            self.width = width
            self.height = height
        }
        init(kept: [UInt8], width: Int, height: Int) throws {
            guard kept.count == 1 else { throw CocoaError(.fileReadCorruptFile) }
            self.init(level: kept[0], width: width, height: height)
        }
    }

    let traits: WriterTraits
    let run: Int
    private let lock = NSLock()
    private(set) var draws: [Int] = []
    private(set) var encodes: [(frame: Int, measured: Bool)] = []

    init(traits: WriterTraits, run: Int = 1) {
        self.traits = traits
        self.run = run
    }

    func level(_ frame: Int) -> UInt8 { UInt8((frame / run) * 40 % 256) }

    func draw(_ frame: Int, at sizes: [PixelSize], from reference: Grey?) throws -> DrawnFrame<Grey> {
        var decoded: Grey? = nil
        if reference == nil {
            lock.withLock { draws.append(frame) }
            let size =
                traits.reference == .largestLayer
                ? sizes.first ?? PixelSize(width: 8, height: 8) : .init(width: 8, height: 8)
            decoded = Grey(level: level(frame), width: size.width, height: size.height)
        }
        let level = (reference ?? decoded)!.level
        return DrawnFrame(
            reference: decoded, layers: sizes.map { s in { Grey(level: level, width: s.width, height: s.height) } })
    }

    func encode(_ pixels: Grey, frame: Int, step: ArchiveStep, measure: Bool) throws -> LayerImage {
        lock.withLock { encodes.append((frame, measure)) }
        let count = max(1, pixels.width * pixels.height * step.quality / 100)
        return LayerImage(bytes: Array(repeating: pixels.level, count: count), lossy: true, ssim: measure ? 0.98 : 1)
    }
}

@Suite("The fitter's passes: two calls across to the writer, one cache, one write")
struct FitPassTests {
    static func fitter(frames: Int, budget: Int, keepFrames: Bool = false) -> ArchiveFitter {
        ArchiveFitter(
            durations: Array(repeating: 100, count: frames), viewWidth: 10, viewHeight: 10,
            limits: WidgetLimits(archiveBytes: budget, layerPixels: 1_000_000, extensionBytes: 30_000_000),
            policy: BudgetPolicy(minScale: 1, keepFrames: keepFrames), format: .auto)
    }

    static let inOrder = WriterTraits(
        access: .inOrder, reference: .source, keep: .lowestScale, jobs: 2, speculates: true)

    @Test("every frame fits: each is drawn once, its layer encoded once, and written once; nothing kept is left")
    func oneRead() throws {
        var fitter = Self.fitter(frames: 30, budget: 5_000_000)
        let writer = GreyWriter(traits: Self.inOrder)
        let folder = MemoryDestination()
        let result = try fitter.run(startScale: 3, quality: nil, writer: writer, folder: folder, layerFile: layerFile)
        #expect(result.groups.count == 30 && result.scale == 3)
        #expect(writer.draws == Array(0..<30))
        // One measured encode per layer (the reading's), and the samples' unmeasured ones.
        #expect(writer.encodes.filter(\.measured).count == 30)
        #expect(result.report.passes == 1 && result.report.cacheHits == 30 && result.report.draws == 30)
        #expect(folder.writes.count == 30 && Set(folder.writes).count == 30)
        #expect(folder.files["frame-0000.jpg"] == Array(repeating: 0, count: 900 * result.quality / 100))
        #expect(folder.keptAside.isEmpty)
        // A frame that is not a sample crosses to the writer twice: drawn once, encoded once.
        let samples = Set(fitter.sampleIndices)
        for frame in 1..<30 where !samples.contains(frame) {
            #expect(writer.draws.filter { $0 == frame }.count == 1)
            #expect(writer.encodes.filter { $0.frame == frame }.count == 1, "frame \(frame)")
        }
    }

    @Test("over the budget: passes are encoded, not written; only the pass that fits is written, each file once")
    func onlyTheFitWritten() throws {
        // 30 distinct frames at 3× take 30 × (810 + 1024) bytes: a tighter budget steps down.
        var fitter = Self.fitter(frames: 30, budget: 40_000)
        let writer = GreyWriter(traits: Self.inOrder)
        let folder = MemoryDestination()
        let result = try fitter.run(startScale: 3, quality: nil, writer: writer, folder: folder, layerFile: layerFile)
        #expect(result.records.count == result.groups.count)
        #expect(folder.writes == result.records.map(\.file))
        #expect(result.scale < 3)
        #expect(
            result.records.reduce(0) { $0 + $1.bytes } + result.records.count * WidgetLimits.viewBytesPerLayer <= 40_000
        )
        // Frames are read once, in order, however many passes.
        #expect(Array(writer.draws.prefix(30)) == Array(0..<30))
        #expect(folder.keptAside.isEmpty)
    }

    @Test("a refusal writes nothing")
    func refusalWritesNothing() throws {
        var fitter = Self.fitter(frames: 30, budget: 500)
        let folder = MemoryDestination()
        #expect(throws: BudgetError.self) {
            try fitter.run(
                startScale: 3, quality: nil, writer: GreyWriter(traits: Self.inOrder), folder: folder,
                layerFile: layerFile)
        }
        #expect(folder.writes.isEmpty && folder.keptAside.isEmpty)
    }

    @Test("kept references serve every pass: no frame is drawn twice; a damaged one is refused naming the frame")
    func references() throws {
        let kit = WriterTraits(
            access: .inOrder, reference: .largestLayer, keep: .references, jobs: 1, speculates: false)
        var fitter = Self.fitter(frames: 20, budget: 150_000)
        let writer = GreyWriter(traits: kit)
        let folder = MemoryDestination()
        let result = try fitter.run(startScale: 3, quality: nil, writer: writer, folder: folder, layerFile: layerFile)
        #expect(writer.draws == Array(0..<20))
        #expect(result.report.keptBytes == 20 && result.report.passes >= 1)
        var again = Self.fitter(frames: 20, budget: 150_000)
        let damaged = MemoryDestination()
        damaged.damage = true
        #expect(throws: FitCacheError.self) {
            try again.run(
                startScale: 3, quality: nil, writer: GreyWriter(traits: kit), folder: damaged, layerFile: layerFile)
        }
        #expect(damaged.writes.isEmpty)
    }

    @Test("frames nobody can tell apart merge: compared once, from the reading")
    func merges() throws {
        var fitter = Self.fitter(frames: 40, budget: 60_000)
        let writer = GreyWriter(traits: Self.inOrder, run: 4)
        let result = try fitter.run(
            startScale: 3, quality: nil, writer: writer, folder: MemoryDestination(), layerFile: layerFile)
        #expect(result.groups.count < 40 && result.similarity != nil)
        #expect(Array(writer.draws.prefix(40)) == Array(0..<40))
    }

    @Test("the cache keeps pixels at the lowest scale within its budget, and layers of the current step only")
    func cache() throws {
        let folder = MemoryDestination()
        let cache = FitCache<GreyWriter.Grey>(folder: folder, keep: .lowestScale)
        let grey = GreyWriter.Grey(level: 7, width: 4, height: 2)
        try cache.keep(3, scale: nil, grey)
        #expect(try cache.reference(3) == nil)
        try cache.keep(3, scale: 1, grey)
        #expect(try cache.pixels(3, scale: 1)?.level == 7 && (try cache.pixels(3, scale: 2)) == nil)
        let a = ArchiveStep(scale: 1, quality: 90), b = ArchiveStep(scale: 1, quality: 80)
        cache.add(3, step: a, LayerImage(bytes: [1], lossy: true, ssim: 1))
        #expect(cache.layer(3, step: a) != nil && cache.layer(3, step: b) == nil)
        cache.retire(keeping: b)
        #expect(cache.layer(3, step: a) == nil)
        cache.close()
        #expect(folder.keptAside.isEmpty)
    }
}

extension GreyWriter.Grey: Equatable {}
