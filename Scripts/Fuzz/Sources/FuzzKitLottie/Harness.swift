import ArcMaskKit
import Foundation
import FuzzDriver

/// A Lottie file as ArcMaskKit's `prepare` reads it on a phone (`LottieContents(reading:)`: the
/// bytes decide JSON, dotLottie or sticker; ArcMaskZIP's reader and gzip; the dotLottie choice
/// and the frame times), with the default choice and again with a theme, a state and a marker
/// the file offers.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(input(data, size))
    guard let contents = try? LottieContents(reading: bytes, name: "fuzz.lottie") else { return 0 }
    precondition(contents.frameCount > 0 && contents.frameMs > 0 && contents.frameMs.isFinite)
    var sum = contents.frameCount &+ contents.themes.count &+ contents.states.count
    // Once more with what the file offers chosen (a theme, a state, a marker), when it offers any.
    let choice = LottieChoice(theme: contents.themes.last, state: contents.states.last, marker: contents.markers.first)
    if choice != LottieChoice(), let chosen = try? LottieContents(reading: bytes, name: "fuzz.lottie", choice: choice) {
        precondition(chosen.frameCount > 0 && chosen.frameMs > 0 && chosen.frameMs.isFinite)
        sum &+= chosen.frameCount
    }
    return sum == Int.min ? 1 : 0
}

@_cdecl("FuzzKitLottie_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
