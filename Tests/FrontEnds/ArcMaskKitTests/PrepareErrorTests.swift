import ArcMaskBudget
import Foundation
import Testing

@testable import ArcMaskKit

/// What an app switches on when `prepare` fails, and how it tells its user how far it is.
@Suite("prepare's errors and progress, as an app meets them")
struct PrepareErrorTests {
    func attempt(
        _ source: PreparedSource, options: PrepareOptions = PrepareOptions(), into target: URL, replacing: Bool = false
    ) -> PrepareError? {
        do {
            _ = try AnimationPreparation.run(
                source: source, options: options, destination: target, replacing: replacing,
                writer: AnimationPreparationTests.FixedWriter(bytesPerLayer: 100, frames: source.durationsMs.count))
            return nil
        } catch { return error as? PrepareError }
    }

    @Test("a still is refused as .notAnimated unless the app asks for a still; nothing is left behind")
    func stills() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = PreparedSource(name: "photo.heic", canvasWidth: 400, canvasHeight: 300, durationsMs: [100])
        let refusal = attempt(still, into: dir.appendingPathComponent("w"))
        #expect(refusal?.code == .notAnimated && refusal?.place == .input)
        #expect(refusal?.problem == "photo.heic holds one picture, not an animation (acceptsStill takes it as a still)")
        #expect(refusal?.recoverySuggestion?.isEmpty == false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        var options = PrepareOptions()
        options.acceptsStill = true
        #expect(attempt(still, options: options, into: dir.appendingPathComponent("w")) == nil)
    }

    @Test("each failure carries the code an app switches on, and a suggestion")
    func codes() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = PreparedSource(name: "a.gif", canvasWidth: 40, canvasHeight: 40, durationsMs: [100, 100, 100])
        let target = dir.appendingPathComponent("w")
        #expect(attempt(source, into: target) == nil)
        #expect(attempt(source, into: target)?.code == .destinationExists)
        #expect(attempt(source, into: target, replacing: true) == nil)
        let many = PreparedSource(
            name: "a.gif", canvasWidth: 40, canvasHeight: 40,
            durationsMs: Array(repeating: 100, count: AnimationPreparation.maxFrames + 1))
        #expect(attempt(many, into: dir.appendingPathComponent("m"))?.code == .tooManyFrames)
        #expect(
            attempt(source, options: PrepareOptions(scale: 9), into: dir.appendingPathComponent("o"))?.code
                == .invalidOptions)
        let tiny = PrepareOptions(limits: WidgetLimits(archiveBytes: 10, layerPixels: 718_080, extensionBytes: 10))
        #expect(attempt(source, options: tiny, into: dir.appendingPathComponent("t"))?.code == .doesNotFit)
        let orphan = dir.appendingPathComponent("missing/w")
        #expect(attempt(source, into: orphan)?.code == .cannotWrite)
        for code in PrepareError.Code.allCases {
            #expect(PrepareError(.input, "x", code: code).recoverySuggestion?.isEmpty == false)
        }
    }

    @Test("progress never goes back, though a second written pass starts its count again")
    func progress() {
        let meter = ProgressMeter()
        var seen: [Double] = []
        for k in 0...4 { seen.append(meter.advance(.surveying, done: k, total: 4)) }
        // A first pass of writing, then a pass after the fitter stepped down.
        for k in 0...10 { seen.append(meter.advance(.writing, done: k, total: 10)) }
        for k in 0...8 { seen.append(meter.advance(.writing, done: k, total: 8)) }
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(seen.first == 0 && seen.last == 1 && abs(seen[4] - ProgressMeter.surveyShare) < 1e-12)
        #expect(meter.advance(.writing, done: 0, total: 0) == 1)
    }
}

@Suite("The sizes prepare takes, as an app has them")
struct ViewSizeTests {
    @Test("a size in points (TimelineProviderContext.displaySize) is taken as it is")
    func displaySize() throws {
        let size = try PrepareOptions(size: .size(CGSize(width: 158, height: 158))).resolved()
        #expect(size.width == 158 && size.height == 158 && size.family == nil)
    }

    @Test("a WidgetKit family without a size table is refused as an option, naming what to give instead")
    func unsupported() {
        let error = #expect(throws: PrepareError.self) {
            _ = try PrepareOptions(size: .unsupported(family: "accessoryCircular")).resolved()
        }
        #expect(error?.code == .invalidOptions && error?.problem.contains(".size(displaySize)") == true)
    }
}
