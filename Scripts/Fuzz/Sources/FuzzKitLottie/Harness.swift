import ArcMaskKit
import Foundation
import FuzzDriver

/// A Lottie file as ArcMaskKit's `prepare` reads it on a phone (`LottieContents(reading:)`: the
/// bytes decide JSON, dotLottie or sticker; ArcMaskZIP's reader and gzip; the dotLottie choice
/// and the frame times), with the default choice and with a theme and a state asked for.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(input(data, size))
    var sum = 0
    for choice in [LottieChoice(), LottieChoice(theme: "dark", state: "run"), LottieChoice(marker: "intro")] {
        guard let contents = try? LottieContents(reading: bytes, name: "fuzz.lottie", choice: choice) else { continue }
        precondition(contents.frameCount > 0 && contents.frameMs > 0 && contents.frameMs.isFinite)
        sum &+= contents.frameCount &+ contents.themes.count &+ contents.states.count
    }
    return sum == Int.min ? 1 : 0
}

@_cdecl("FuzzKitLottie_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
