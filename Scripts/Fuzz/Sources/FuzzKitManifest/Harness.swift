import ArcMaskKit
import Foundation
import FuzzDriver

/// `manifest.json` as ArcMaskKit's view reads it (`ArcMaskAnimationPlan(manifest:)`: the file a
/// widget opens from the App Group folder). A manifest it accepts is then used as the view uses
/// it: every layer's frame indexes the cells, and the rotation is computed.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    guard let plan = try? ArcMaskAnimationPlan(manifest: Data(bytes)) else { return 0 }
    var sum = 0
    for layer in plan.layers { sum &+= plan.cells[layer.frame].width &+ Int(layer.startDegrees.rounded(.towardZero).magnitude.truncatingRemainder(dividingBy: 1e9)) }
    let angle = plan.rotation(at: 12.5)
    precondition(angle.isNaN || (angle >= 0 && angle <= 360), "rotation out of range: \(angle)")
    return sum == Int.min ? 1 : 0
}

@_cdecl("FuzzKitManifest_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
