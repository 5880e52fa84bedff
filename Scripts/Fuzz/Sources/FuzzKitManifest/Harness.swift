import ArcMaskKit
import Foundation
import FuzzDriver

/// `manifest.json` as ArcMaskKit's view reads it (`ArcMaskAnimationPlan(manifest:)`: the file a
/// widget opens from the App Group folder). A manifest it accepts is then used as the view uses
/// it: every layer's frame, every timer-mask lane's cell and the poster cell index the cells
/// (also once thinned), the rotation is computed, and the lanes are played at a few instants.
/// The same bytes are read as the widget's record beside it (`.widget-engine.json`), which the
/// app reads back (`ArcMaskDiagnosis(widgetRecord:)`).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    if let record = ArcMaskDiagnosis(widgetRecord: Data(bytes)) {
        precondition(!record.reason.isEmpty && record.origin == .widget, "a record without a reason")
    }
    guard let plan = try? ArcMaskAnimationPlan(manifest: Data(bytes)) else { return 0 }
    var sum = 0
    for layer in plan.layers { sum &+= plan.cells[layer.frame].width &+ Int(layer.startDegrees.rounded(.towardZero).magnitude.truncatingRemainder(dividingBy: 1e9)) }
    // The poster frame's cell, shown still on Always-On displays, and after thinning.
    sum &+= plan.cells[plan.posterCell].width
    if let thin = plan.thinned(maxBytes: 1 << 20, bytes: { _ in 300_000 }) {
        precondition(thin.shownCells.allSatisfy(thin.cells.indices.contains), "a thinned plan shows a missing cell")
        sum &+= thin.cells[thin.posterCell].width
    }
    let angle = plan.rotation(at: 12.5)
    precondition(angle.isNaN || (angle >= 0 && angle <= 360), "rotation out of range: \(angle)")
    if let masks = plan.timerMasks {
        for lane in masks.lanes { sum &+= plan.cells[lane.cell].height }
        for t in [0.0, 0.5, 1.999, 3_600.25, 1e9] {
            if let top = masks.topLane(at: t) { precondition(masks.lanes.indices.contains(top)) }
        }
        _ = masks.referenceDate(for: Date(timeIntervalSinceReferenceDate: 1e9))
        for engine in ArcMaskAnimationPlan.Engine.allCases {
            _ = plan.engine(engine, rotationResolves: false)
        }
    }
    return sum == Int.min ? 1 : 0
}

@_cdecl("FuzzKitManifest_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
